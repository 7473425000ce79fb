import Foundation
import SmokeCore

/// Writes a run's directory and the output folder's shared files: `runs/<runID>/` with its
/// reports, `latest`, the history, and `$GITHUB_STEP_SUMMARY`.
package struct RunStore: Sendable {
    let outputDirectory: URL
    /// The report formats it can write.
    var registry = ReportRegistry.standard
    /// Every byte the store writes goes through it; tests make it fail like a full disk.
    var writer: FileWriter
    /// The history each finished run is appended to.
    var history: any RunHistory
    /// Makes one folder, as `mkdir(2)` with mode 0755: 0, or the `errno` it failed with; tests make it fail as a
    /// read-only folder does (they may run as root, whom permissions do not stop).
    var makeFolder: @Sendable (_ path: String) -> Int32 = { mkdir($0, 0o755) == 0 ? 0 : errno }

    package init(outputDirectory: URL, writer: FileWriter = .system, history: (any RunHistory)? = nil) {
        self.outputDirectory = outputDirectory
        self.writer = writer
        self.history = history ?? HistoryOpening.open(outputFolder: outputDirectory)
    }

    /// The file each report format is written to.
    func fileName(for format: ReportFormat) -> String {
        registry.writer(for: format)?.fileName ?? "\(format.rawValue).report"
    }

    /// `<output>/runs/<runID>`, relative to the output folder (the `path` of a history entry).
    static func relativePath(runID: String) -> String { OutputLayout.relativeRunPath(runID) }

    /// Writes a finished run's reports again, with what was learned after it (the culprit finder's answer); report.json
    /// last, as always.
    package func rewriteReports(
        _ report: RunReport, in runDirectory: URL, formats: [ReportFormat], environment: [String: String],
        projectRoot: String?
    ) throws {
        let sources = SourceLinks.from(environment: environment, projectRoot: projectRoot)
        try writeReports(report, in: RunDirectory(runDirectory), formats: formats, sources: sources)
    }

    /// Creates `<output>/runs/<runID>/`, its `attachments/` folder and its marker (`OutputLayout.runMarkerName`, what
    /// retention and the temp-file sweeper require before they touch a folder); returns the run directory.
    /// `runs/` must be a folder, not a link that leads out of the output folder.
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
            try FileManager.default.createDirectory(
                at: RunDirectory(directory).attachments, withIntermediateDirectories: false)
        } catch {
            throw StoreError.writeFailed(path: directory.path, reason: error.localizedDescription)
        }
        // Not yet in the history: a run killed before its history append is found by the next one (`OrphanRuns`).
        _ = try POSIXFile.createExclusively(OutputLayout.unlistedMarker(inRun: directory))
        // Which process made the folder, locked while the run lasts, so one it leaves without a report can be
        // removed once it is gone (`AbandonedRunSweeper`).
        let maker = RunMarker(pid: getpid(), processStart: ProcessStartTime.of(getpid()) ?? 0)
        try RunFolderLock.create(OutputLayout.runMarker(inRun: directory), text: maker.text)
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

    /// Creates the folder of a new run started at `date`; a run id another run already holds (two runs or parses in
    /// the same second with the same random suffix) is drawn again, up to 16 times.
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

    /// Writes the selected reports atomically, report.json last (`ReportWriting`). Also for rewriting a finished
    /// run's reports (e.g. after notifications were recorded). `alongside` is more work that must be done before
    /// report.json is put in place (a copied console.log).
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

    /// Points `<output>/latest` at `runs/<runID>`: a temp symlink renamed over the old one, so
    /// readers always see either the old run or the new one.
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

    /// Appends the run and its tests to the history, with the absolute path of its pipeline file, which retention
    /// matches (`RetentionPolicy.pipelineIdentity`).
    func appendHistory(_ report: RunReport, pipelinePath: String? = nil) throws {
        try history.append(report, pipelinePath: pipelinePath, writer: writer)
    }

    /// Relative paths of what the run directory holds once the reports are written: the reports,
    /// console.log, coverage files and every attachment; sorted.
    /// `expected` names files still being written beside the reports (console.log).
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

    /// What stands now at each input the reports point at instead of a copy: a file of the size read, another
    /// size, or nothing. Only looked at, never opened: the file is the user's.
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

    /// Bytes of an attachment for the HTML page: only what the page shows (`HTMLAttachment.bytesNeeded`), read
    /// under the read policy (a regular file whose real path is inside the run directory).
    static func content(of record: AttachmentRecord, in runDirectory: URL) -> Data? {
        let needed = HTMLAttachment.bytesNeeded(for: record)
        guard needed > 0 else { return nil }
        let policy = AttachmentSourcePolicy(allowedFolders: [runDirectory], byteLimit: needed)
        return try? policy.read(runDirectory.appendingPathComponent(record.path)).data
    }

}
