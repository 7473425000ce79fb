import Foundation
import SmokeCore

/// Writes a run's directory and the output folder's shared files: `runs/<runID>/` with its
/// reports, `latest`, `history.jsonl`, and `$GITHUB_STEP_SUMMARY`.
package struct RunStore: Sendable {
    static let consoleLogName = "console.log"
    static let reportName = "report.json"
    /// Coverage files another part of smokerun may have put in the run directory.
    static let coverageFileNames = ["coverage.json", "coverage.lcov", "cobertura.xml"]

    let outputDirectory: URL
    /// Every byte the store writes goes through it; tests make it fail like a full disk.
    var writer: FileWriter

    package init(outputDirectory: URL, writer: FileWriter = .system) {
        self.outputDirectory = outputDirectory
        self.writer = writer
    }

    /// The file each report format is written to.
    static func fileName(for format: ReportFormat) -> String {
        switch format {
        case .json: reportName
        case .junit: "junit.xml"
        case .markdown: "summary.md"
        case .html: "index.html"
        }
    }

    /// `<output>/runs/<runID>`, relative to the output folder (the `path` of a history entry).
    static func relativePath(runID: String) -> String { OutputLayout.relativeRunPath(runID) }

    /// Creates `<output>/runs/<runID>/` and its `attachments/` folder; returns the run directory.
    package func createRunDirectory(runID: String) throws -> URL {
        guard RunID.isValid(runID) else { throw StoreError.invalidRunID(runID) }
        let directory = outputDirectory.appendingPathComponent(Self.relativePath(runID: runID), isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(AttachmentStore.folderName, isDirectory: true),
                withIntermediateDirectories: true)
        } catch {
            throw StoreError.writeFailed(path: directory.path, reason: error.localizedDescription)
        }
        return directory
    }

    /// Writes the selected reports atomically, report.json last. Also for rewriting a finished run's
    /// reports (e.g. after notifications were recorded).
    ///
    /// A big run's report.json is written here while junit.xml and summary.md are written on a second thread and
    /// index.html on a third, so both cores stay busy until the last file of a million tests' reports is done;
    /// report.json is still put in place only after every other file is.
    ///
    /// `alongside` is more work that must be done before report.json is put in place (a big run's console.log copy
    /// and history line): each on a thread of its own when the reports are, else first, here.
    func writeReports(
        _ report: RunReport, in runDirectory: URL, formats: [ReportFormat], sources: SourceLinks = SourceLinks(),
        alongside: [@Sendable () throws -> Void] = []
    ) throws {
        let writer = writer
        let ordered = formats.sorted(by: { writeOrder($0) < writeOrder($1) })
        let parallel = report.tests.count >= Self.parallelReportsFrom
        // Beside report.json (the longest to write, here): junit.xml then summary.md on one thread, index.html on
        // another, so that no core waits while one file is still being written.
        let groups =
            parallel ? [[.junit, .markdown], [.html]].map { $0.filter(ordered.contains) }.filter { !$0.isEmpty } : []
        let background = groups.flatMap { $0 }
        @Sendable func write(_ format: ReportFormat) throws {
            try AtomicFile.write(to: runDirectory.appendingPathComponent(Self.fileName(for: format)), writer: writer) {
                Self.render(format, of: report, sources: sources, in: runDirectory, to: &$0)
            }
        }
        if !parallel { for work in alongside { try work() } }
        let waits = (parallel ? alongside : []).map { BlockingWork.start($0) }
        let backgroundWaits = groups.map { group in BlockingWork.start { for format in group { try write(format) } } }
        var pendingJSON: URL?
        let here = Result<Void, any Error> {
            for format in ordered where !background.contains(format) {
                // Other threads may still be writing (reports, or the work `alongside`): report.json waits for them.
                if format == .json, parallel {
                    pendingJSON = try AtomicFile.writeTemporary(
                        next: runDirectory.appendingPathComponent(Self.fileName(for: .json)), writer: writer
                    ) { Self.render(.json, of: report, sources: sources, in: runDirectory, to: &$0) }
                } else {
                    try write(format)
                }
            }
        }
        // The other threads' files are finished (or given up) before any error is reported.
        let beside = (backgroundWaits + waits).map { wait in Result<Void, any Error> { try wait() } }
        do {
            try here.get()
            for outcome in beside { try outcome.get() }
        } catch {
            if let pendingJSON { POSIXFile.remove(pendingJSON) }
            throw error
        }
        if let pendingJSON {
            try AtomicFile.commit(pendingJSON, to: runDirectory.appendingPathComponent(Self.fileName(for: .json)))
        }
    }

    /// One report's bytes. report.json and junit.xml hold every test: streamed to the file, never one document
    /// in memory.
    private static func render(
        _ format: ReportFormat, of report: RunReport, sources: SourceLinks, in runDirectory: URL,
        to sink: inout ReportSink
    ) {
        switch format {
        case .json: JSONReport.write(report, to: &sink)
        case .junit: JUnitReport.write(report, sources: sources, to: &sink)
        case .markdown: sink.append(MarkdownReport.render(report))
        case .html:
            sink.append(
                HTMLReport.render(report, sources: sources, attachmentContent: { content(of: $0, in: runDirectory) }))
        }
    }

    /// Tests from which a run's reports are written on two threads (below, a thread costs more than it saves).
    static let parallelReportsFrom = 10_000

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

    /// Appends the run's one-line summary to `<output>/history.jsonl`.
    func appendHistory(_ report: RunReport) throws {
        let path = Self.relativePath(runID: report.runID)
        try POSIXFile.appendLine(to: OutputLayout(root: outputDirectory).history, writer: writer) { sink in
            try HistoryLine.write(report, path: path, to: &sink)
            sink.append(byte: UInt8(ascii: "\n"))
        }
    }

    /// Decodes `<run>/report.json`, its times made believable (`withPlausibleTimes`).
    package static func loadReport(at runDirectory: URL) throws -> RunReport {
        let url = runDirectory.appendingPathComponent(reportName)
        guard FileManager.default.fileExists(atPath: url.path) else { throw StoreError.reportMissing(path: url.path) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StoreError.readFailed(path: url.path, reason: error.localizedDescription)
        }
        do {
            return try JSONCoding.decoder().decode(RunReport.self, from: data).withPlausibleTimes()
        } catch let error as DecodingError {
            throw StoreError.reportInvalid(path: url.path, detail: error.keyPathDescription)
        } catch {
            throw StoreError.reportInvalid(path: url.path, detail: error.localizedDescription)
        }
    }

    /// Relative paths of what the run directory holds once the reports are written: the reports,
    /// console.log, coverage files and every attachment; sorted.
    /// `expected` names files still being written beside the reports (console.log).
    func artifacts(in runDirectory: URL, formats: [ReportFormat], expected: [String] = []) -> [String] {
        var paths = Set(formats.map(Self.fileName(for:)) + expected)
        for name in [Self.consoleLogName] + Self.coverageFileNames
        where FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(name).path) {
            paths.insert(name)
        }
        let attachments = runDirectory.appendingPathComponent(AttachmentStore.folderName, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: attachments.path)) ?? []
        for name in names where !name.hasPrefix(".") {
            paths.insert("\(AttachmentStore.folderName)/\(name)")
        }
        return paths.sorted()
    }

    /// Bytes of an attachment for the HTML page, only when its path stays inside the run directory.
    static func content(of record: AttachmentRecord, in runDirectory: URL) -> Data? {
        let url = runDirectory.appendingPathComponent(record.path).standardizedFileURL.resolvingSymlinksInPath()
        let root = runDirectory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        guard url.path.hasPrefix(root) else { return nil }
        return try? Data(contentsOf: url)
    }

    private func writeOrder(_ format: ReportFormat) -> Int { format == .json ? 1 : 0 }
}
