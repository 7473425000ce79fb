import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension RunStore {
    /// Finishes a run: copies the console log in (unless it is already `console.log` there),
    /// fills `artifacts`, writes the selected reports (report.json last, so its presence means the
    /// run directory is complete), appends to the history (`history.sqlite`; `history.jsonl` when SQLite cannot be
    /// loaded, which report.json records as a note), points `latest` at the run, and
    /// appends `summary.md` to `$GITHUB_STEP_SUMMARY` when that is set and markdown is selected, and removes the temp
    /// files an hour old that a killed smokerun left (`TemporaryFileSweeper`).
    /// A shard (`report.shard` set) is part of a run, not a run: it gets no history line (the merged run
    /// does), so every shard of a split reads the same history and computes the same split.
    ///
    /// A big run (`parallelReportsFrom` tests) without SQLite copies console.log and renders its history line into a hidden file
    /// of the run directory on threads beside the reports; the line is appended to history.jsonl only once
    /// report.json is in place, as a small run's is, and the hidden file is removed whatever happens.
    /// Returns the report as written.
    package func finish(
        _ report: RunReport, in folder: RunDirectory, formats: [ReportFormat], consoleLog: URL?,
        environment: [String: String] = ProcessInfo.processInfo.environment, projectRoot: String? = nil
    ) throws -> RunReport {
        let writer = writer
        let consoleDestination = folder.consoleLog
        let copiedLog = consoleLog.flatMap {
            $0.standardizedFileURL.path == consoleDestination.standardizedFileURL.path ? nil : $0
        }
        // The run is over once this returns, written or not: its folder's lock goes (`RunFolderLock`).
        defer { RunFolderLock.release(runDirectory: folder.url) }
        var report = report
        let keepsHistory = report.shard == nil
        // A shard is never listed (report.json does not say it is one): nothing for the next run to adopt.
        if !keepsHistory { POSIXFile.remove(OutputLayout.unlistedMarker(inRun: folder.url)) }
        if keepsHistory, case .failure(let missing) = sqlite {
            report.errors.append(InfrastructureError(message: missing.historyFallbackNote, severity: .note))
        }
        report.artifacts = artifacts(
            in: folder.url, formats: formats, expected: copiedLog == nil ? [] : [RunDirectory.consoleLogName])
        let finished = report
        var alongside: [@Sendable () throws -> Void] = []
        if let copiedLog { alongside.append { try AtomicFile.copy(copiedLog, to: consoleDestination, writer: writer) } }
        let renderedLine = AtomicFile.temporaryURL(next: folder.historyLine)
        let rendersLineBeside = keepsHistory && !usesDatabase && report.tests.count >= Self.parallelReportsFrom
        let pipelinePath = RetentionPolicy.pipelineIdentity(projectRoot: projectRoot, pipelineFile: report.pipelineFile)
        if rendersLineBeside {
            alongside.append { try self.renderHistoryLine(finished, pipelinePath: pipelinePath, to: renderedLine) }
        }
        defer { if rendersLineBeside { POSIXFile.remove(renderedLine) } }
        let sources = SourceLinks.from(environment: environment, projectRoot: projectRoot)
        try writeReports(report, in: folder, formats: formats, sources: sources, alongside: alongside)
        // The history line before `latest`: a run whose line could not be written is not the latest run.
        if rendersLineBeside {
            try appendHistoryLine(from: renderedLine)
        } else if keepsHistory {
            try appendHistory(report, pipelinePath: pipelinePath)
        }
        // Listed now (a shard never is): the next run has nothing to adopt here.
        POSIXFile.remove(OutputLayout.unlistedMarker(inRun: folder.url))
        try updateLatest(runID: report.runID)
        if formats.contains(.markdown), let summaryPath = environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            try POSIXFile.appendLine(
                Data((MarkdownReport.render(report, sources: sources) + "\n").utf8),
                to: URL(fileURLWithPath: summaryPath),
                writer: writer,
                followLinks: true)
        }
        // What a killed smokerun left half-written is given back, now that this run's files are in place.
        TemporaryFileSweeper(outputDirectory: outputDirectory).sweep()
        AbandonedRunSweeper(outputDirectory: outputDirectory).sweep()
        return report
    }

    /// Whether the history is `history.sqlite` (SQLite loaded), not `history.jsonl`.
    var usesDatabase: Bool {
        if case .success = sqlite { return true }
        return false
    }

    /// Writes the run's history line (with its newline) to `file`, which must not exist.
    func renderHistoryLine(_ report: RunReport, pipelinePath: String? = nil, to file: URL) throws {
        let path = Self.relativePath(runID: report.runID)
        try POSIXFile.streamNew(to: file, writer: writer) { sink in
            try HistoryLine.write(report, path: path, pipelinePath: pipelinePath, to: &sink)
            sink.append(byte: UInt8(ascii: "\n"))
        }
    }

    /// Appends the line `renderHistoryLine` wrote to `history.jsonl`, whole or not at all.
    func appendHistoryLine(from file: URL) throws {
        let input = open(file.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw StoreError.writeFailed(path: file.path, reason: POSIXFile.lastError()) }
        defer { close(input) }
        try POSIXFile.appendLine(to: OutputLayout(root: outputDirectory).history, writer: writer) { sink in
            try POSIXFile.readChunks(of: input, unreadable: { .writeFailed(path: file.path, reason: $0) }) {
                sink.append(bytes: $0)
            }
        }
    }
}
