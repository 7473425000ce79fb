import Foundation

/// A `history.jsonl` line read back; a line without `path` gets the run folder `OutputLayout` names for its id.
extension HistoryEntry {
    /// Only what names and times a run is required; the rest defaults to empty, so a line written by
    /// an older smokerun (or a hand-made one) still counts for the scheduler's catch-up and trends.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        runID = try container.decode(String.self, forKey: .runID)
        pipeline = try container.decode(String.self, forKey: .pipeline)
        status = try container.decode(RunStatus.self, forKey: .status)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        finishedAt = try container.decode(Date.self, forKey: .finishedAt)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        totals = try container.decodeIfPresent(Totals.self, forKey: .totals) ?? Totals()
        coverage = try container.decodeIfPresent(CoverageSummary.self, forKey: .coverage)
        outcomes = try container.decodeIfPresent([String: TestStatus].self, forKey: .outcomes) ?? [:]
        flaky = try container.decodeIfPresent([String].self, forKey: .flaky) ?? []
        durations = try container.decodeIfPresent([String: Double].self, forKey: .durations) ?? [:]
        path = try container.decodeIfPresent(String.self, forKey: .path) ?? OutputLayout.relativeRunPath(runID)
        pipelinePath = try container.decodeIfPresent(String.self, forKey: .pipelinePath)
        commit = try container.decodeIfPresent(String.self, forKey: .commit)
        dirty = try container.decodeIfPresent(Bool.self, forKey: .dirty)
        displayNames = try container.decodeIfPresent([String: String].self, forKey: .displayNames)
    }
}
