import Foundation
import SmokeCore

/// The dashboard's reads of `history.sqlite`: every result of the runs in its window, failures and retry passes
/// of all runs in one pass, and one test's status in one run. Tests are named by `tests.id`.
extension HistoryDatabase {
    struct DashboardRow {
        var test: Int64
        var status: TestStatus
        var durationSeconds: Double?
        var flaky: Bool
        var message: String?
    }

    /// The dashboard's statements, prepared once.
    final class DashboardQueries {
        private let ofRun: SQLiteStatement
        private let kept: SQLiteStatement
        private let one: SQLiteStatement

        fileprivate init(_ connection: SQLiteConnection) throws {
            let columns = "test, status, duration_us, flaky, message"
            ofRun = try connection.prepare("SELECT \(columns) FROM results WHERE run = ?")
            // The partial index of these rows when the file has it, else one filtered pass: only kept rows reach Swift.
            kept = try connection.prepare("SELECT \(columns), run FROM results WHERE \(HistorySchema.keptCondition)")
            one = try connection.prepare("SELECT status FROM results WHERE run = ? AND test = ?")
        }

        /// Every result of the run with row id `run`.
        func results(ofRun run: Int64) throws -> [DashboardRow] {
            try ofRun.bind([.integer(run)])
            var rows: [DashboardRow] = []
            while try ofRun.step() { if let row = Self.row(ofRun) { rows.append(row) } }
            return rows
        }

        /// Each failure and retry pass of every run, with its run's row id.
        func forEachKept(_ body: (Int64, DashboardRow) throws -> Void) throws {
            try kept.bind([])
            while try kept.step() { if let row = Self.row(kept) { try body(kept.int64(5), row) } }
        }

        /// Test `test`'s status in run `run`; nil when it did not run there (or its status is unknown here).
        func status(run: Int64, test: Int64) throws -> TestStatus? {
            try one.bind([.integer(run), .integer(test)])
            guard try one.step() else { return nil }
            return HistorySchema.status(one.int64(0))
        }

        private static func row(_ statement: SQLiteStatement) -> DashboardRow? {
            guard let status = HistorySchema.status(statement.int64(1)) else { return nil }
            return DashboardRow(
                test: statement.int64(0), status: status,
                durationSeconds: statement.optionalInt64(2).map { Double($0) / 1_000_000 },
                flaky: statement.int64(3) != 0, message: statement.text(4))
        }
    }

    func dashboardQueries() throws -> DashboardQueries { try DashboardQueries(connection) }
}
