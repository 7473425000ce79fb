import Foundation
import SmokeCore

/// The run folders of a sharded run (`smokerun merge`): one report, attachments copied, console logs in turn,
/// profiles merged by the finisher. SIGINT/SIGTERM before the reports are written remove the half-made folder.
package struct MergedShards: RunSource {
    /// The shards' reports, their run folders, and the pipeline they ran.
    package typealias Shards = (parts: [RunMerger.Part], directories: [URL], pipeline: Pipeline)

    let parts: [RunMerger.Part]
    let directories: [URL]
    /// `--binary`: instrumented test binaries to export coverage against instead of the recorded ones.
    let binaries: [String]
    let run: SmokeRun
    package let finisher: RunFinisher
    private var report: RunReport?
    private var byteLimit = AttachmentSourcePolicy.defaultByteLimit

    /// Reads `<output>/env` as `run` does: the sharded run's one notification finds its webhook URL there.
    package init(
        _ shards: Shards, binaries: [String], options: SmokeRun.Options, _ context: HostContext,
        _ cancellation: CancellationFlag
    ) throws {
        var run = SmokeRun(pipeline: shards.pipeline, options: options, context: context, cancellation: cancellation)
        try run.loadEnvironmentFile()
        if let problem = run.environmentFileProblem {
            context.standardError.line("merge: warning: \(problem.localizedDescription)")
        }
        if let warning = run.environmentFileWarning { context.standardError.line("merge: warning: \(warning)") }
        (parts, directories, self.binaries, self.run) = (shards.parts, shards.directories, binaries, run)
        finisher = run.finisher
    }

    package mutating func start() throws -> Date {
        let merged = try RunMerger.merge(parts, runID: RunID.make(date: finisher.now(), suffix: RunID.randomSuffix()))
        // The same shards merged again (a retried CI job): one run in the history, one notification, not two.
        let earlier = try? finisher.history.runs(pipeline: merged.pipeline).last { isMerge(of: merged, $0) }
        if let earlier { throw MergeRepeated(run: earlier) }
        report = merged
        byteLimit = try AttachmentSourcePolicy.byteLimit(environment: finisher.context.environment)
        return finisher.now()
    }

    /// Whether `earlier` merged the same shard runs as `merged`: the same start and end, and the same runs where its
    /// report names them (a merge of fewer shards of one run can start and end in the same seconds).
    private func isMerge(of merged: RunReport, _ earlier: HistoryRun) -> Bool {
        guard abs(earlier.startedAt.timeIntervalSince(merged.startedAt)) < 0.001,
            abs(earlier.finishedAt.timeIntervalSince(merged.finishedAt)) < 0.001
        else { return false }
        let folder = finisher.outputDirectory.appendingPathComponent(earlier.path)
        // Its folder gone (retention) or unreadable: the same shards have the same totals.
        guard let report = try? RunReportFile.load(at: folder) else { return earlier.totals == merged.totals }
        if report.shard != nil { return false } // a shard's own run
        if let runs = report.mergedRuns { return runs == merged.mergedRuns }
        // Merged by an older smokerun, which named no runs: the same shards ran the same tests.
        return Set(report.tests.map(\.id)) == Set(merged.tests.map(\.id))
    }

    package func produce(in folder: RunDirectory, folderProblem: String?) throws -> RunDraft {
        guard var report else { preconditionFailure("shards are merged after they are read") }
        let err = finisher.context.standardError
        err.line("merge: \(parts.count) runs → \(finisher.displayPath(folder.url))")
        let sources = zip(parts, directories).map { ($0.0.report, $0.1) }
        let copied = try ShardFiles.copyAttachments(
            of: report.tests, from: sources, into: folder.url, byteLimit: byteLimit)
        report.tests = copied.tests
        report.errors += copied.notes
        for note in copied.notes { err.line("merge: warning: \(note.message)") }
        try stopIfCancelled(folder)
        try ShardFiles.joinConsoleLogs(sources, into: folder.url, byteLimit: byteLimit)
        try stopIfCancelled(folder)
        var draft = RunDraft(report: report, folder: folder)
        draft.profiles = directories.flatMap(CoverageInputs.profiles(in:))
        if run.pipeline.coverage.enabled, !draft.profiles.isEmpty { draft.testBinaries = try testBinaries() }
        try stopIfCancelled(folder)
        return draft
    }

    private func stopIfCancelled(_ folder: RunDirectory) throws(MergeInterrupted) {
        guard run.cancellation.isCancelled else { return }
        try? FileManager.default.removeItem(at: folder.url)
        let partial = finisher.displayPath(folder.url)
        finisher.context.standardError.line(
            "merge: interrupted; nothing was written (the partial \(partial) was removed)")
        throw MergeInterrupted()
    }

    /// `--binary` when given, else the distinct binaries the shards recorded, which must exist here.
    private func testBinaries() throws -> [URL] {
        if !binaries.isEmpty { return binaries.map { URL(fileURLWithPath: $0) } }
        var seen: [String] = []
        for (part, directory) in zip(parts, directories) {
            for path in CoverageInputs.read(in: directory)?.testBinaries ?? [] where !seen.contains(path) {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw MergeError.binaryMissing(path: path, source: part.source)
                }
                seen.append(path)
            }
        }
        return seen.map { URL(fileURLWithPath: $0) }
    }
}

/// A merge stopped by SIGINT/SIGTERM before its reports were written; its half-made folder is gone (exit 3).
package struct MergeInterrupted: Error {}

/// The shards were merged before into `run` (its start and end are theirs): nothing is written or sent again.
package struct MergeRepeated: Error {
    package var run: HistoryRun
}
