import Foundation

/// Which runs of a pipeline the output folder lets go (`retention` in the pipeline). Pure.
///
/// The candidates are the runs `history.jsonl` lists for the pipeline: whole runs that finished
/// (a merged run included). What has no history line is never a candidate: a run still being
/// written (its line is appended last), a shard (it never gets one, so a later `smokerun merge`
/// always finds it; shards are removed by hand or with the CI job's folder), and runs of other
/// pipelines or of `parse`.
package enum RetentionPolicy {
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
