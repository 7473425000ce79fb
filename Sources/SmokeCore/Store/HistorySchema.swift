/// The layout of `<output>/history.sqlite`: tables, indexes, version and status codes; `HistoryDatabase` runs it.
///
/// - `runs`: one row per finished run, indexed by start time.
/// - `tests`: each test key once (`TestResult.deviceKey`, id, display name), so a result row holds a number.
/// - `results`: one row per test per run in primary-key order (`run`, `test`; `WITHOUT ROWID`): a run's rows are
///   one range, one test's runs one lookup per run (see Documentation/Performance.md).
/// - `results_kept`: a partial index of the failures and retry passes (`keptIndex`).
/// - `statuses`: what each status code means, so the file explains itself to `sqlite3`.
/// - `meta`: how much of an older `history.jsonl` was imported.
package enum HistorySchema {
    /// `PRAGMA user_version` of the layout below; a file with a newer one is refused, not rewritten.
    package static let version = 1

    /// `PRAGMA application_id` of smokerun's history ("SMKR"), set when smokerun makes the file: another
    /// application's database under that name is refused, never read or given smokerun's tables.
    package static let applicationID: Int64 = 0x534D_4B52

    /// The tables every smokerun history has: a file without an application id (made by an older smokerun) is
    /// smokerun's when it has them.
    package static let ownTables: Set<String> = ["runs", "tests", "results"]

    /// Why a database is not smokerun's history, or nil when it is (or is empty: smokerun makes it).
    package static func foreignReason(applicationID id: Int64, tables: Set<String>) -> String? {
        if id == applicationID { return nil }
        if id != 0 {
            let hex = String(UInt32(truncatingIfNeeded: id), radix: 16, uppercase: true)
            return "its application id is 0x\(hex), another application's (smokerun's is 0x534D4B52)"
        }
        if tables.isEmpty || ownTables.isSubset(of: tables) { return nil }
        let shown = tables.sorted().prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
        return "it holds another application's tables (\(shown)), not smokerun's runs, tests and results"
    }

    /// The statements that create version 1, separated by `;`.
    package static let create = """
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS statuses (code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE IF NOT EXISTS runs (
            id INTEGER PRIMARY KEY, run_id TEXT NOT NULL UNIQUE, pipeline TEXT NOT NULL, pipeline_path TEXT,
            status TEXT NOT NULL, started_at REAL NOT NULL, finished_at REAL NOT NULL, duration REAL NOT NULL,
            seed TEXT, totals TEXT NOT NULL, coverage TEXT, coverage_lines_covered INTEGER,
            coverage_lines_total INTEGER, coverage_lines_percent REAL, commit_hash TEXT, branch TEXT, dirty INTEGER,
            host TEXT, path TEXT NOT NULL, folder_removed INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX IF NOT EXISTS runs_by_time ON runs (started_at);
        CREATE TABLE IF NOT EXISTS tests (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, test_id TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS tests_by_id ON tests (test_id);
        CREATE TABLE IF NOT EXISTS results (
            run INTEGER NOT NULL, test INTEGER NOT NULL, status INTEGER NOT NULL, duration_us INTEGER,
            attempts INTEGER, flaky INTEGER NOT NULL, message TEXT, evidence TEXT, PRIMARY KEY (run, test))
            WITHOUT ROWID
        """

    /// The results the dashboard reads from every run: failures and retry passes (`DashboardWindow.keeps`).
    /// One `status = N` per failing status, not `status IN (…)`: SQLite evaluates the condition for every row inserted,
    /// and an `IN` list of more than two constants builds a temporary table each time.
    package static let keptCondition: String = {
        let failures = TestStatus.allCases.filter(\.isFailure).map { "status = \(code($0))" }
        return (failures + ["flaky <> 0"]).joined(separator: " OR ")
    }()

    /// Whether an index's SQL has `keptCondition`; a writing open remakes one an older smokerun made.
    package static func keptIndexIsCurrent(sql: String) -> Bool {
        sql.hasSuffix("WHERE \(keptCondition)")
    }

    /// An index of just those rows. Made by every writing open (a no-op once there), so older files of this version
    /// get it; readers scan without it. Not a new version: an older smokerun reads the file as before.
    package static let keptIndex =
        "CREATE INDEX IF NOT EXISTS results_kept ON results (run, test) WHERE \(keptCondition)"

    /// `tests.display_name`: the newest Swift Testing display name, NULL without one. Added by writing opens as
    /// `keptIndex` is (not a new version); a reader of a file without the column reads no names.
    package static let displayNameColumn = "display_name"
    package static let addDisplayNameColumn = "ALTER TABLE tests ADD COLUMN display_name TEXT"

    /// A status as stored: its place in `TestStatus.allCases` (new cases are only ever appended).
    package static func code(_ status: TestStatus) -> Int64 {
        Int64(statuses.firstIndex(of: status) ?? 0)
    }

    /// The status a stored code names; nil for a code this smokerun does not know.
    package static func status(_ code: Int64) -> TestStatus? {
        code >= 0 && code < statuses.count ? statuses[Int(code)] : nil
    }

    /// Made once: the synthesized `allCases` builds a new array per call, and `code` runs once per row appended.
    private static let statuses = TestStatus.allCases

    /// A duration as stored: whole microseconds; nil when unknown or not finite (as `history.jsonl` leaves it out).
    package static func microseconds(_ seconds: Double, unknown: Bool) -> Int64? {
        guard !unknown, seconds.isFinite, abs(seconds) < 9e12 else { return nil }
        return Int64((seconds * 1_000_000).rounded())
    }

    package static func microseconds(of test: TestResult) -> Int64? {
        microseconds(test.durationSeconds, unknown: test.durationIsUnknown)
    }

    package static func testID(ofKey key: String) -> String { TestKey.id(of: key) }
}
