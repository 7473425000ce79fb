import Foundation
import SmokeCore

extension RunStore {
    /// Finishes a run: console log copied in, `artifacts`, the reports (report.json last, so its presence means the
    /// folder is complete), the history line (a fallback to `history.jsonl` noted in report.json), `latest`,
    /// `summary.md` onto `$GITHUB_STEP_SUMMARY`, and hour-old temp files of a killed smokerun removed. A shard gets no
    /// history line (the merged run does), so every shard reads the same history and computes the same split.
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
        // A shard is never listed: nothing for the next run to adopt.
        if !keepsHistory { POSIXFile.remove(OutputLayout.unlistedMarker(inRun: folder.url)) }
        if keepsHistory, let note = history.fallbackNote {
            report.errors.append(InfrastructureError(message: note, severity: .note))
        }
        // Commands refuse a bad limit before the run; here the default stands in.
        let detail = (try? HistoryDetail(environment: environment)) ?? HistoryDetail()
        if keepsHistory, let note = detail.note(for: report) {
            report.errors.append(InfrastructureError(message: note, severity: .note))
        }
        report.artifacts = artifacts(
            in: folder.url, formats: formats, expected: copiedLog == nil ? [] : [RunDirectory.consoleLogName])
        var alongside: [@Sendable () throws -> Void] = []
        if let copiedLog { alongside.append { try AtomicFile.copy(copiedLog, to: consoleDestination, writer: writer) } }
        let pipelinePath = RetentionPolicy.pipelineIdentity(projectRoot: projectRoot, pipelineFile: report.pipelineFile)
        let sources = SourceLinks.ofCheckout(environment: environment, projectRoot: projectRoot)
        try writeReports(report, in: folder, formats: formats, sources: sources, alongside: alongside)
        // The history before `latest`: a run whose history could not be written is not the latest run.
        if keepsHistory { try appendHistory(detail.recorded(report), pipelinePath: pipelinePath) }
        // Listed now (a shard never is): the next run has nothing to adopt here.
        POSIXFile.remove(OutputLayout.unlistedMarker(inRun: folder.url))
        try updateLatest(runID: report.runID)
        if formats.contains(.markdown), let summaryPath = environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            let summary = MarkdownReport.render(
                report, sources: sources, inputPresence: Self.inputPresence(of: report))
            try POSIXFile.appendLine(
                Data((summary + "\n").utf8),
                to: URL(fileURLWithPath: summaryPath),
                writer: writer,
                followLinks: true)
        }
        // What a killed smokerun left half-written is given back, now that this run's files are in place.
        TemporaryFileSweeper(outputDirectory: outputDirectory).sweep()
        AbandonedRunSweeper(outputDirectory: outputDirectory).sweep()
        return report
    }
}
