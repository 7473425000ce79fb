import Foundation
import SmokeCore

/// Writes one run's rows inside `HistoryDatabase`'s transaction (valid only there): the run, each new test key,
/// one `results` row per test, with statements prepared once.
struct HistoryRowWriter {
    private let connection: SQLiteConnection
    private let insertTest: SQLiteStatement
    private let insertResult: SQLiteStatement
    /// `tests.key` → `tests.id`, read inside the transaction (another writer may have added keys before it).
    private var testIDs: [String: Int64] = [:]
    private var displayNames: [Int64: String] = [:]
    private let updateDisplayName: SQLiteStatement
    private var runRow: Int64?

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        insertTest = try connection.prepare("INSERT INTO tests (key, test_id, display_name) VALUES (?, ?, ?)")
        updateDisplayName = try connection.prepare("UPDATE tests SET display_name = ? WHERE id = ?")
        insertResult = try connection.prepare(
            """
            INSERT OR REPLACE INTO results (run, test, status, duration_us, attempts, flaky, message, evidence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // Room for every key at once (ids count up from 1): growing rehashed each key read so far, over and over.
        testIDs.reserveCapacity(Int(try connection.integer("SELECT max(id) FROM tests") ?? 0))
        let keys = try connection.prepare("SELECT id, key, display_name FROM tests")
        while try keys.step() {
            testIDs[keys.text(1) ?? ""] = keys.int64(0)
            if let name = keys.text(2) { displayNames[keys.int64(0)] = name }
        }
    }

    /// Inserts the run's row; false when a run with its id is already there (an import seen twice).
    mutating func insertRun(_ run: HistoryRun) throws -> Bool {
        let encoder = JSONCoding.encoder(pretty: false)
        let totals = String(decoding: try encoder.encode(run.totals), as: UTF8.self)
        let coverage = try run.coverage.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let insert = try connection.prepare(
            """
            INSERT OR IGNORE INTO runs (run_id, pipeline, pipeline_path, status, started_at, finished_at, duration,
                seed, totals, coverage, coverage_lines_covered, coverage_lines_total, coverage_lines_percent,
                commit_hash, branch, dirty, host, path)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.run([
            .text(run.runID), .text(run.pipeline), .optional(run.pipelinePath), .text(run.status.rawValue),
            .real(run.startedAt.timeIntervalSince1970), .real(run.finishedAt.timeIntervalSince1970),
            .real(run.durationSeconds), .optional(run.seed.map(String.init)), .text(totals), .optional(coverage),
            .optional(run.coverage.map { Int64($0.lines.covered) }),
            .optional(run.coverage.map { Int64($0.lines.count) }),
            .optional(run.coverage.map(\.lines.percent)), .optional(run.commit), .optional(run.branch),
            .optional(run.dirty.map { $0 ? Int64(1) : 0 }), .optional(run.host), .text(run.path),
        ])
        guard try connection.integer("SELECT changes()") == 1 else { return false }
        runRow = connection.lastInsertedRowID
        return true
    }

    /// Reserves room for `count` new tests at once; a history whose keys are loaded is not given room twice.
    mutating func reserve(tests count: Int) {
        testIDs.reserveCapacity(max(testIDs.count, count))
    }

    /// Inserts one test's row of the run `insertRun` inserted; a display name replaces the old one. Binds values in
    /// place: a run's rows are the history's hot path.
    mutating func insertResult(
        key: String, testID: String, status: TestStatus, microseconds: Int64?, attempts: Int?, flaky: Bool,
        message: String?, evidence: String?, displayName: String? = nil
    ) throws {
        guard let runRow else { return }
        let test: Int64
        if let known = testIDs[key] {
            test = known
            if let displayName, displayNames[known] != displayName {
                try updateDisplayName.run([.text(displayName), .integer(known)])
                displayNames[known] = displayName
            }
        } else {
            try insertTest.bind(1, text: key)
            try insertTest.bind(2, text: testID)
            try insertTest.bind(3, text: displayName)
            try insertTest.runBound()
            test = connection.lastInsertedRowID
            testIDs[key] = test
            if let displayName { displayNames[test] = displayName }
        }
        try insertResult.bind(1, integer: runRow)
        try insertResult.bind(2, integer: test)
        try insertResult.bind(3, integer: HistorySchema.code(status))
        try insertResult.bind(4, integer: microseconds)
        try insertResult.bind(5, integer: attempts.map(Int64.init))
        try insertResult.bind(6, integer: flaky ? 1 : 0)
        try insertResult.bind(7, text: message)
        try insertResult.bind(8, text: evidence)
        try insertResult.runBound()
    }
}
