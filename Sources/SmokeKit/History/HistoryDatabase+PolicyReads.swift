import Foundation
import SmokeCore

/// The history the run path reads on every run, read as far back as each answer needs and no further: a year of
/// 2,000-test runs is millions of results, and none of these readers needs more than a few thousand of them
/// (Documentation/Performance.md, the history section).
extension HistoryDatabase {
    /// `NotificationHistory.entries` of `report`: every earlier run of its pipeline, with its failing tests'
    /// outcomes along their streaks, looked up run by run, newest first, until each streak ends.
    func notificationHistory(of report: RunReport) throws -> [HistoryEntry] {
        let stored = try storedRuns(pipeline: report.pipeline, since: nil)
        let rows = Dictionary(stored.map { ($0.run.runID, $0.row) }, uniquingKeysWith: { first, _ in first })
        var lookup = try HistoryResultLookup(connection: connection)
        return try NotificationHistory.entries(of: report, runs: stored.map(\.run)) { run, keys in
            guard let row = rows[run.runID] else { return [:] }
            return try lookup.statuses(run: row, keys: keys)
        }
    }

    /// `ShardPlanner.durations` over `pipeline`'s runs, for `testIDs` only (the tests a run is about to balance):
    /// each key's newest recorded duration found by walking its runs newest first, so a test that ran in the last
    /// run costs one lookup. A test id that was never recorded costs one lookup of `tests`.
    func durations(pipeline: String, testIDs: Set<String>) throws -> [String: Double] {
        let newestFirst = try runRows(pipeline: pipeline)
        let lookup = try HistoryResultLookup(connection: connection)
        var durations: [String: Double] = [:]
        for testID in testIDs.sorted() {
            // Each device key's newest duration: the newest run any key has one in is the test's, summed over the
            // keys that have one there (as `ShardPlanner.durations` sums one run's devices).
            var newest: (position: Int, microseconds: [Int64])?
            for (_, test) in try lookup.keys(ofTestID: testID) {
                for position in 0..<(newest.map { $0.position + 1 } ?? newestFirst.count) {
                    guard let micros = try lookup.microseconds(run: newestFirst[position], test: test) else { continue }
                    if position == newest?.position {
                        newest?.microseconds.append(micros)
                    } else {
                        newest = (position, [micros])
                    }
                    break
                }
            }
            if let newest {
                durations[testID] = newest.microseconds.reduce(0) { $0 + Double($1) / 1_000_000 }
            }
        }
        return durations
    }

    /// The newest `last` runs (all when nil) of `pipeline` (all when nil) that started at or after `since`, oldest
    /// first, with their per-test maps, as `history.jsonl` held them; the older runs are not read.
    func entries(pipeline: String?, since: Date?, last: Int?) throws -> [HistoryEntry] {
        try entries(of: storedRuns(pipeline: pipeline, since: since, newest: last))
    }

    /// `runs.id` of `pipeline`'s runs, newest first (the order `storedRuns` gives, reversed).
    private func runRows(pipeline: String) throws -> [Int64] {
        let statement = try connection.prepare("SELECT id FROM runs WHERE pipeline = ? ORDER BY started_at, id")
        try statement.bind([.text(pipeline)])
        var rows: [Int64] = []
        while try statement.step() { rows.append(statement.int64(0)) }
        return rows.reversed()
    }
}
