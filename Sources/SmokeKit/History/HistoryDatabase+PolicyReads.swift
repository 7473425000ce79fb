import Foundation
import SmokeCore

/// The history every run reads, only as far back as each answer needs (Documentation/Performance.md).
extension HistoryDatabase {
    /// `NotificationHistory.entries` of `report`: earlier runs of its pipeline with its failing tests' outcomes,
    /// looked up run by run, newest first, until each streak ends.
    func notificationHistory(of report: RunReport) throws -> [HistoryEntry] {
        let stored = try storedRuns(pipeline: report.pipeline, since: nil)
        let rows = Dictionary(stored.map { ($0.run.runID, $0.row) }, uniquingKeysWith: { first, _ in first })
        var lookup = try HistoryResultLookup(connection: connection)
        return try NotificationHistory.entries(of: report, runs: stored.map(\.run)) { run, keys in
            guard let row = rows[run.runID] else { return [:] }
            return try lookup.statuses(run: row, keys: keys)
        }
    }

    /// `ShardPlanner.durations` of `testIDs` over `pipeline`'s runs: each key's newest duration, walking runs newest
    /// first (one lookup for a test in the last run; one of `tests` for a test never recorded).
    func durations(pipeline: String, testIDs: Set<String>) throws -> [String: Double] {
        let newestFirst = try runRows(pipeline: pipeline)
        let lookup = try HistoryResultLookup(connection: connection)
        var durations: [String: Double] = [:]
        for testID in testIDs.sorted() {
            // Each device key's newest duration: the newest run any key has one in is the test's, summed over its keys
            // there (as `ShardPlanner.durations` sums one run's devices).
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

    /// The newest `last` runs of `pipeline` (nil: all) from `since`, oldest first, with per-test maps.
    func entries(pipeline: String?, since: Date?, last: Int?) throws -> [HistoryEntry] {
        try entries(of: storedRuns(pipeline: pipeline, since: since, newest: last))
    }

    /// `pipeline`'s `runs.id`s, newest first.
    private func runRows(pipeline: String) throws -> [Int64] {
        let statement = try connection.prepare("SELECT id FROM runs WHERE pipeline = ? ORDER BY started_at, id")
        try statement.bind([.text(pipeline)])
        var rows: [Int64] = []
        while try statement.step() { rows.append(statement.int64(0)) }
        return rows.reversed()
    }
}
