import Foundation
import SmokeCore

/// One test's row in one run of `history.sqlite` by primary key (run, test), so a policy reads just the rows it
/// needs, never a year of results. Keys become `tests.id` once each.
struct HistoryResultLookup {
    /// Above this many tests, a run's results are read as one key range instead of one lookup each.
    static let rangeAbove = 64

    private let keyRow: SQLiteStatement
    private let byTestsOfID: SQLiteStatement
    private let one: SQLiteStatement
    private let wholeRun: SQLiteStatement
    private var rows: [String: Int64?] = [:]

    init(connection: SQLiteConnection) throws {
        keyRow = try connection.prepare("SELECT id FROM tests WHERE key = ?")
        byTestsOfID = try connection.prepare("SELECT id, key FROM tests WHERE test_id = ? ORDER BY key")
        one = try connection.prepare("SELECT status, duration_us FROM results WHERE run = ? AND test = ?")
        wholeRun = try connection.prepare("SELECT test, status FROM results WHERE run = ?")
    }

    /// `tests.id` of a key; nil when no run ever recorded it.
    mutating func row(ofKey key: String) throws -> Int64? {
        if let known = rows[key] { return known }
        try keyRow.bind([.text(key)])
        let row = try keyRow.step() ? keyRow.int64(0) : nil
        rows[key] = row
        return row
    }

    /// The keys (and their `tests.id`) recorded for a test id: the id itself, or "id [device]" per device.
    func keys(ofTestID testID: String) throws -> [(key: String, row: Int64)] {
        try byTestsOfID.bind([.text(testID)])
        var found: [(key: String, row: Int64)] = []
        while try byTestsOfID.step() { found.append((byTestsOfID.text(1) ?? "", byTestsOfID.int64(0))) }
        return found
    }

    /// The statuses run `run` recorded for `keys`; keys it did not run, or with unknown statuses, are left out.
    mutating func statuses(run: Int64, keys: [String]) throws -> [String: TestStatus] {
        var wanted: [Int64: String] = [:]
        for key in keys { if let row = try row(ofKey: key) { wanted[row] = key } }
        var found: [String: TestStatus] = [:]
        if wanted.count > Self.rangeAbove {
            try wholeRun.bind([.integer(run)])
            while try wholeRun.step() {
                guard let key = wanted[wholeRun.int64(0)], let status = HistorySchema.status(wholeRun.int64(1))
                else { continue }
                found[key] = status
            }
            return found
        }
        for (row, key) in wanted {
            try one.bind([.integer(run), .integer(row)])
            if try one.step(), let status = HistorySchema.status(one.int64(0)) { found[key] = status }
        }
        return found
    }

    /// The microseconds run `run` recorded for test row `test`; nil for no row, an unknown status, or no duration.
    func microseconds(run: Int64, test: Int64) throws -> Int64? {
        try one.bind([.integer(run), .integer(test)])
        guard try one.step(), HistorySchema.status(one.int64(0)) != nil else { return nil }
        return one.optionalInt64(1)
    }
}
