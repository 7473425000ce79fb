import Foundation

/// Which runs of a pipeline the output folder lets go (`retention` in the pipeline). Pure.
///
/// Only finished runs that `history.jsonl` lists for the pipeline are candidates: never a run still being
/// written (its line comes last), a shard (kept for a later `smokerun merge`), or another pipeline's run. A
/// pipeline is its file, not its name, so two projects' `smoke` pipelines can share an output folder.
package enum RetentionPolicy {
    /// A pipeline file's identity: its absolute, standardized path, so an edited file stays the same pipeline.
    package static func pipelineIdentity(projectRoot: String?, pipelineFile: String?) -> String? {
        guard let pipelineFile, !pipelineFile.isEmpty else { return nil }
        if pipelineFile.hasPrefix("/") { return URL(fileURLWithPath: pipelineFile).standardizedFileURL.path }
        guard let projectRoot, projectRoot.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: projectRoot).appendingPathComponent(pipelineFile).standardizedFileURL.path
    }

    package struct Run: Sendable, Equatable {
        var runID: String
        var startedAt: Date

        package init(runID: String, startedAt: Date) {
            self.runID = runID
            self.startedAt = startedAt
        }
    }

    /// The run ids to remove, oldest first: beyond the newest `settings.runs`, or older than `settings.days`.
    /// `protected` ids (the run being finished, `latest`) are never returned, and count toward `runs`.
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
