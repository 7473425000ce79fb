import Foundation

/// The history `NotificationPolicy` reads, without every run's every test: all earlier runs of the pipeline, and the
/// outcomes of the report's failing tests only in the runs their streaks cover. Pure; a store looks the outcomes up.
/// The answers equal those over the whole history: like `failureAges`, this walks the runs newest first and stops,
/// per test, at the first run where it did not fail.
package enum NotificationHistory {
    /// `NotificationPolicy.earlierRuns` of `report` over `runs`, with the failing tests' outcomes along their streaks;
    /// `outcomes(run, keys)` gives what the run recorded for those keys (leaving out keys it did not run).
    package static func entries(
        of report: RunReport, runs: [HistoryRun],
        outcomes: (HistoryRun, [String]) throws -> [String: TestStatus]
    ) rethrows -> [HistoryEntry] {
        let earlier = runs.filter {
            $0.pipeline == report.pipeline && $0.runID != report.runID && $0.startedAt < report.startedAt
        }
        .sorted { ($0.startedAt, $0.runID) < ($1.startedAt, $1.runID) }
        var walking = NotificationPolicy.failingIDs(report)
        var found: [String: [String: TestStatus]] = [:]
        for run in earlier.reversed() where run.status == .passed || run.status == .failed {
            guard !walking.isEmpty else { break }
            let statuses = try outcomes(run, walking)
            found[run.runID] = statuses
            walking = walking.filter { statuses[$0]?.isFailure == true }
        }
        return earlier.map { HistoryEntry(run: $0, outcomes: found[$0.runID] ?? [:], flaky: [], durations: [:]) }
    }

    /// `entries` over whole history entries (`history.jsonl`, read whole): the same entries a database gives.
    package static func entries(of report: RunReport, in history: [HistoryEntry]) -> [HistoryEntry] {
        let byRun = Dictionary(history.map { ($0.runID, $0) }, uniquingKeysWith: { first, _ in first })
        return entries(of: report, runs: history.map(HistoryRun.init(entry:))) { run, keys in
            let wanted = Set(keys)
            return (byRun[run.runID]?.outcomes ?? [:]).filter { wanted.contains($0.key) }
        }
    }
}
