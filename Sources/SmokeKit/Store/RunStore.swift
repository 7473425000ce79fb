import Foundation
import SmokeCore

/// Writes a run's directory (`runs/<runID>/`) and the output folder's shared files: `latest`, history, summary.
package struct RunStore: Sendable {
    let outputDirectory: URL
    var registry = ReportRegistry.standard
    var writer: FileWriter
    var history: any RunHistory
    /// `mkdir(2)` with mode 0755: 0 or the `errno`; tests fail it like a read-only folder (they may run as root).
    var makeFolder: @Sendable (_ path: String) -> Int32 = { mkdir($0, 0o755) == 0 ? 0 : errno }

    package init(outputDirectory: URL, writer: FileWriter = .system, history: (any RunHistory)? = nil) {
        self.outputDirectory = outputDirectory
        self.writer = writer
        self.history = history ?? HistoryOpening.open(outputFolder: outputDirectory)
    }

    func fileName(for format: ReportFormat) -> String {
        registry.writer(for: format)?.fileName ?? "\(format.rawValue).report"
    }

    /// `<output>/runs/<runID>`, relative to the output folder (the `path` of a history entry).
    static func relativePath(runID: String) -> String { OutputLayout.relativeRunPath(runID) }

    /// Writes a finished run's reports again with what was learned since (the culprit finder's answer).
    package func rewriteReports(
        _ report: RunReport, in runDirectory: URL, formats: [ReportFormat], environment: [String: String],
        projectRoot: String?
    ) throws {
        let sources = SourceLinks.ofCheckout(environment: environment, projectRoot: projectRoot)
        try writeReports(report, in: RunDirectory(runDirectory), formats: formats, sources: sources)
    }

    /// Creates `<output>/runs/<runID>/`, `attachments/` and the run marker (retention and the temp-file sweeper
    /// touch only folders with it). `runs/` must be a folder, not a link out of the output folder.
    package func createRunDirectory(runID: String) throws -> URL {
        guard RunID.isValid(runID) else { throw StoreError.invalidRunID(runID) }
        let runs = OutputLayout(root: outputDirectory).runs
        if POSIXFile.isSymlink(runs) {
            throw StoreError.writeFailed(
                path: runs.path,
                reason:
                    "it is a symbolic link, and smokerun writes and deletes runs only in a folder of its own; remove the link"
            )
        }
        let directory = outputDirectory.appendingPathComponent(Self.relativePath(runID: runID), isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        } catch {
            // Name the folder that exists and could not be written in, not the one that could not be made.
            let existing = Self.nearestExistingFolder(of: runs)
            throw StoreError.folderNotWritable(
                folder: existing.path, creating: runs.path, reason: FileErrorText.describe(error))
        }
        // The run's own folder is made here or not at all: never into another run's (two runs in one second).
        let failure = makeFolder(directory.path)
        if failure != 0 {
            if failure == EEXIST { throw StoreError.runFolderTaken(path: directory.path) }
            throw StoreError.folderNotWritable(
                folder: runs.path, creating: directory.lastPathComponent, reason: String(cString: strerror(failure)))
        }
        do {
            do {
                try FileManager.default.createDirectory(
                    at: RunDirectory(directory).attachments, withIntermediateDirectories: false)
            } catch {
                throw StoreError.writeFailed(path: directory.path, reason: error.localizedDescription)
            }
            // Not yet in the history: a run killed before its history append is found by the next one (`OrphanRuns`).
            _ = try POSIXFile.createExclusively(OutputLayout.unlistedMarker(inRun: directory))
            // Which process made the folder, locked while the run lasts, so one left without a report can be removed
            // once it is gone (`AbandonedRunSweeper`).
            let maker = RunMarker(pid: getpid(), processStart: ProcessStartTime.of(getpid()) ?? 0)
            try RunFolderLock.create(OutputLayout.runMarker(inRun: directory), text: maker.text)
        } catch {
            // Half made (a full disk): without its marker no sweep would ever remove it; this run made it, and goes.
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        return directory
    }

    /// `folder` or the nearest folder above it that exists.
    static func nearestExistingFolder(of folder: URL) -> URL {
        var current = folder
        while !FileManager.default.fileExists(atPath: current.path), current.pathComponents.count > 1 {
            current = current.deletingLastPathComponent()
        }
        return current
    }

    /// Creates a new run's folder; a run id already taken (same second, same suffix) is redrawn, up to 16 times.
    package func createRunDirectory(
        startedAt date: Date, suffix: () -> String = RunID.randomSuffix
    ) throws -> (runID: String, url: URL) {
        var attempts = 0
        while true {
            attempts += 1
            let runID = RunID.make(date: date, suffix: suffix())
            do {
                return (runID, try createRunDirectory(runID: runID))
            } catch StoreError.runFolderTaken where attempts < 16 {
                continue
            }
        }
    }

    /// Writes the selected reports atomically, report.json last (`ReportWriting`), also when rewriting a finished
    /// run's. `alongside` must be done before report.json is in place (a copied console.log).
    func writeReports(
        _ report: RunReport, in folder: RunDirectory, formats: [ReportFormat], sources: SourceLinks = SourceLinks(),
        alongside: [@Sendable () throws -> Void] = []
    ) throws {
        let context = ReportContext(
            sources: sources, attachmentContent: { Self.content(of: $0, in: folder.url) },
            inputPresence: Self.inputPresence(of: report))
        try SerialReportWriting.chosen(forTests: report.tests.count).write(
            report, with: formats.compactMap(registry.writer(for:)), in: folder, context: context, writer: writer,
            work: alongside)
    }

    static let parallelReportsFrom = ScaleThresholds.reportsOnThreadsFromTests

    /// Points `<output>/latest` at `runs/<runID>` by renaming a temp symlink over it: readers see old or new.
    func updateLatest(runID: String) throws {
        let latest = OutputLayout(root: outputDirectory).latest
        if POSIXFile.exists(latest), !POSIXFile.isSymlink(latest) {
            throw StoreError.latestNotALink(path: latest.path)
        }
        let temporary = AtomicFile.temporaryURL(next: latest)
        do {
            try POSIXFile.symlink(at: temporary, pointingTo: Self.relativePath(runID: runID))
            try POSIXFile.rename(temporary, to: latest)
        } catch {
            POSIXFile.remove(temporary)
            throw error
        }
    }

    /// Appends the run and its tests to the history, with its pipeline file's absolute path, which retention matches.
    func appendHistory(_ report: RunReport, pipelinePath: String? = nil) throws {
        try history.append(report, pipelinePath: pipelinePath, writer: writer)
    }

    /// Sorted relative paths in the run directory after the reports; `expected`: files still being written.
    func artifacts(in runDirectory: URL, formats: [ReportFormat], expected: [String] = []) -> [String] {
        var paths = Set(formats.map(fileName(for:)) + expected)
        for name in [RunDirectory.consoleLogName] + RunDirectory.coverageFileNames
        where FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(name).path) {
            paths.insert(name)
        }
        let attachments = runDirectory.appendingPathComponent(RunDirectory.attachmentsFolderName, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: attachments.path)) ?? []
        for name in names where !name.hasPrefix(".") {
            paths.insert("\(RunDirectory.attachmentsFolderName)/\(name)")
        }
        return paths.sorted()
    }

    /// What stands now at each input the reports point at: a file of the size read, another size, or nothing. Only
    /// looked at, never opened: the file is the user's.
    static func inputPresence(of report: RunReport) -> [String: InputReference.Presence] {
        var presence: [String: InputReference.Presence] = [:]
        for input in InputReference.referenced(report) {
            var info = stat()
            if stat(input.path, &info) != 0 {
                presence[input.path] = .missing
            } else if let bytes = input.bytes, Int(info.st_size) != bytes || (info.st_mode & S_IFMT) != S_IFREG {
                presence[input.path] = .changed(bytes: Int(info.st_size))
            } else {
                presence[input.path] = .present
            }
        }
        return presence
    }

    /// An attachment's bytes the HTML page shows (`HTMLAttachment.bytesNeeded`), read under the read policy.
    static func content(of record: AttachmentRecord, in runDirectory: URL) -> Data? {
        let needed = HTMLAttachment.bytesNeeded(for: record)
        guard needed > 0 else { return nil }
        let policy = AttachmentSourcePolicy(allowedFolders: [runDirectory], byteLimit: needed)
        return try? policy.read(runDirectory.appendingPathComponent(record.path)).data
    }

}
