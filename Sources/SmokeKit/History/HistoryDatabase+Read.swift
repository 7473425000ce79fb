import Foundation
import SmokeCore

/// Reading `history.sqlite`: runs, the entries history readers use, and tests' results; always oldest first.
extension HistoryDatabase {
    /// A run and its row id (`results.run`).
    struct StoredRun {
        var run: HistoryRun
        var row: Int64
    }

    /// The runs of `pipeline` (all when nil) that started at or after `since` (all when nil), oldest first.
    package func runs(pipeline: String? = nil, since: Date? = nil) throws -> [HistoryRun] {
        try storedRuns(pipeline: pipeline, since: since).map(\.run)
    }

    /// The `HistoryEntry` of each of `runs`, with its per-test maps.
    func entries(of runs: [StoredRun]) throws -> [HistoryEntry] {
        let keys = try testKeys()
        let names = try testDisplayNames()
        let results = try connection.prepare("SELECT test, status, duration_us, flaky FROM results WHERE run = ?")
        return try runs.map { stored in
            var outcomes: [String: TestStatus] = [:]
            var flaky: [String] = []
            var durations: [String: Double] = [:]
            try results.bind([.integer(stored.row)])
            while try results.step() {
                let key = keys[results.int64(0)] ?? ""
                guard let status = HistorySchema.status(results.int64(1)) else { continue }
                outcomes[key] = status
                if let micros = results.optionalInt64(2) { durations[key] = Double(micros) / 1_000_000 }
                if results.int64(3) != 0 { flaky.append(key) }
            }
            var entry = HistoryEntry(run: stored.run, outcomes: outcomes, flaky: flaky, durations: durations)
            let shown = names.filter { outcomes[$0.key] != nil }
            entry.displayNames = shown.isEmpty ? nil : shown
            return entry
        }
    }

    /// One test's results (every device's), oldest first; `since` as in `runs`. `CROSS JOIN` keeps SQLite to this
    /// order (keys, runs by time, one (run, test) lookup each), never a scan of every result.
    package func testResults(testID: String, since: Date? = nil) throws -> [HistoryTestResult] {
        let statement = try connection.prepare(
            """
            SELECT \(Self.resultColumns) FROM tests t CROSS JOIN runs u CROSS JOIN results r
            WHERE t.test_id = ? AND u.started_at >= ? AND r.run = u.id AND r.test = t.id
            ORDER BY u.started_at, u.id, t.key
            """)
        try statement.bind([.text(testID), .real(since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude)])
        var found: [HistoryTestResult] = []
        while try statement.step() { if let result = Self.result(statement) { found.append(result) } }
        return found
    }

    private static let resultColumns = """
        u.run_id, u.started_at, u.commit_hash, t.key, t.test_id, r.status, r.duration_us, r.attempts, r.flaky, \
        r.message, r.evidence
        """

    /// A row of `resultColumns`; nil for a status code this smokerun does not know.
    private static func result(_ row: SQLiteStatement) -> HistoryTestResult? {
        guard let status = HistorySchema.status(row.int64(5)) else { return nil }
        return HistoryTestResult(
            runID: row.text(0) ?? "", startedAt: Date(timeIntervalSince1970: row.double(1)), commit: row.text(2),
            key: row.text(3) ?? "", testID: row.text(4) ?? "", status: status,
            durationSeconds: row.optionalInt64(6).map { Double($0) / 1_000_000 },
            attempts: row.optionalInt64(7).map(Int.init),
            flaky: row.int64(8) != 0, message: row.text(9), evidence: row.text(10))
    }

    /// `tests.id` → `tests.key`.
    func testKeys() throws -> [Int64: String] {
        let statement = try connection.prepare("SELECT id, key FROM tests")
        var keys: [Int64: String] = [:]
        while try statement.step() { keys[statement.int64(0)] = statement.text(1) ?? "" }
        return keys
    }

    /// `tests.key` → `tests.display_name`, for the tests that have one; none from a file without the column.
    func testDisplayNames() throws -> [String: String] {
        guard try Self.hasDisplayNames(connection) else { return [:] }
        let statement = try connection.prepare(
            "SELECT key, display_name FROM tests WHERE display_name IS NOT NULL")
        var names: [String: String] = [:]
        while try statement.step() { names[statement.text(0) ?? ""] = statement.text(1) }
        return names
    }

    /// The runs `runs(pipeline:since:)` lists that started before `before`, only the `newest` when given (older ones
    /// not read).
    func storedRuns(pipeline: String?, since: Date?, before: Date? = nil, newest: Int? = nil) throws -> [StoredRun] {
        let statement = try connection.prepare(
            """
            SELECT run_id, pipeline, pipeline_path, status, started_at, finished_at, duration, seed, totals, coverage,
                commit_hash, branch, dirty, host, path, folder_removed, id
            FROM runs WHERE (?1 IS NULL OR pipeline = ?1) AND started_at >= ?2 AND started_at < ?4
            ORDER BY started_at DESC, id DESC LIMIT ?3
            """)
        try statement.bind([
            .optional(pipeline), .real(since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude),
            .integer(newest.map { Int64(max($0, 0)) } ?? -1),
            .real(before?.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude),
        ])
        let decoder = JSONCoding.decoder()
        var runs: [StoredRun] = []
        while try statement.step() {
            // A status a newer smokerun wrote reads as `error`: never `passed`.
            let status = statement.text(3).flatMap(RunStatus.init(rawValue:)) ?? .error
            let totals = statement.text(8).flatMap { try? decoder.decode(Totals.self, from: Data($0.utf8)) }
            let coverage = statement.text(9).flatMap { try? decoder.decode(CoverageSummary.self, from: Data($0.utf8)) }
            let run = HistoryRun(
                runID: statement.text(0) ?? "", pipeline: statement.text(1) ?? "", pipelinePath: statement.text(2),
                status: status, startedAt: Date(timeIntervalSince1970: statement.double(4)),
                finishedAt: Date(timeIntervalSince1970: statement.double(5)), durationSeconds: statement.double(6),
                seed: statement.text(7).flatMap { UInt64($0, radix: 10) }, totals: totals ?? .zero, coverage: coverage,
                commit: statement.text(10), branch: statement.text(11),
                dirty: statement.optionalInt64(12).map { $0 != 0 },
                host: statement.text(13), path: statement.text(14) ?? "", folderRemoved: statement.int64(15) != 0)
            runs.append(StoredRun(run: run, row: statement.int64(16)))
        }
        return runs.reversed()
    }
}
