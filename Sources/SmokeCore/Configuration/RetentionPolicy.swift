import Foundation

/// Which runs of a pipeline the output folder lets go (`retention` in the pipeline). Pure.
///
/// The candidates are the runs `history.jsonl` lists for the pipeline: whole runs that finished
/// (a merged run included). What has no history line is never a candidate: a run still being
/// written (its line is appended last), a shard (it never gets one, so a later `smokerun merge`
/// always finds it; shards are removed by hand or with the CI job's folder), and runs of other
/// pipelines or of `parse`. A pipeline is its file, not its name: two projects whose pipelines are both
/// named `smoke` may share an output folder, and each keeps the other's runs.
package enum RetentionPolicy {
    /// The identity of a pipeline file: its absolute, standardized path, from the project root and report.json's
    /// `pipelineFile` (relative to it, or absolute). Not its hash: a file that is edited stays the same pipeline.
    /// Nil without a pipeline file (`parse`).
    package static func pipelineIdentity(projectRoot: String?, pipelineFile: String?) -> String? {
        guard let pipelineFile, !pipelineFile.isEmpty else { return nil }
        if pipelineFile.hasPrefix("/") { return URL(fileURLWithPath: pipelineFile).standardizedFileURL.path }
        guard let projectRoot, projectRoot.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: projectRoot).appendingPathComponent(pipelineFile).standardizedFileURL.path
    }

    /// One candidate: a run id and when it started.
    package struct Run: Sendable, Equatable {
        var runID: String
        var startedAt: Date

        package init(runID: String, startedAt: Date) {
            self.runID = runID
            self.startedAt = startedAt
        }
    }

    /// The run ids to remove, oldest first: those beyond the newest `settings.runs`, and those
    /// that started more than `settings.days` before `now`. `protected` ids (the run being
    /// finished, the one `latest` points at) are never returned, and count toward `runs`.
    package static func expired(_ runs: [Run], settings: RetentionSettings, now: Date, protected: Set<String>)
        -> [String]
    {
        var seen = Set<String>()
        let newestFirst = runs.sorted { ($0.startedAt, $0.runID) > ($1.startedAt, $1.runID) }.filter {
            seen.insert($0.runID).inserted
        }
        let oldest = now.addingTimeInterval(-settings.days * 86_400)
        return Array(
            newestFirst.enumerated()
                .filter { index, run in
                    !protected.contains(run.runID) && (index >= settings.runs || run.startedAt < oldest)
                }
                .map(\.element.runID)
                .reversed())
    }
}
