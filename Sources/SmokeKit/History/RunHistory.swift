import Foundation
import SmokeCore

/// An output folder's history of finished runs (`SQLiteHistory` or `JSONLinesHistory`, chosen once by
/// `HistoryOpening.open`). Every answer is oldest run first; tests pass an in-memory history.
package protocol RunHistory: Sendable {
    /// Why runs go to `history.jsonl`, not `history.sqlite` (SQLite not loaded): a note for the report; else nil.
    var fallbackNote: String? { get }

    /// Appends one finished run and its tests; `writer` carries every byte written.
    func append(_ report: RunReport, pipelinePath: String?, writer: FileWriter) throws

    /// The runs of one pipeline (all when nil), without their tests: what retention and adoption need.
    func runs(pipeline: String?) throws -> [HistoryRun]

    /// The newest `last` runs of `pipeline` (nil: all) from `since`, per-test if `perTest`; `readableRuns` counts all.
    func contents(pipeline: String?, since: Date?, last: Int?, perTest: Bool) throws -> HistoryContents

    /// The newest `last` runs of `pipeline` that started before `date`, oldest first, with every test's outcome.
    func entries(pipeline: String, before date: Date, last: Int) throws -> [HistoryEntry]

    /// The notification policy's history of `report`; empty when unreadable: a notification never fails on history.
    func notificationHistory(of report: RunReport) -> [HistoryEntry]

    /// Each of `testIDs`' newest duration in `pipeline`'s runs (`ShardPlanner.durations`); none when unreadable.
    func durations(pipeline: String, testIDs: Set<String>) -> [String: Double]

    /// One test's results (every device's), oldest first, from the runs that started at or after `since`.
    func testResults(testID: String, since: Date?) throws -> [HistoryTestResult]

    func dashboardSource() throws -> any DashboardSource

    /// Retention: marks `removedFolders` gone, deletes `pipelinePath`'s runs before `date`; how many (jsonl: 0).
    func prune(removedFolders: [String], pipelinePath: String, startedBefore date: Date) throws -> Int
}

extension RunHistory {
    package var fallbackNote: String? { nil }

    /// The newest `runs` runs before `report` with every test's outcome (the flake window); unreadable is empty.
    /// Read from where `report` started, however many runs came after it (`notify RUN` of an old run).
    package func flakeWindow(of report: RunReport, runs: Int) -> [HistoryEntry] {
        let read = try? entries(pipeline: report.pipeline, before: report.startedAt, last: runs)
        return Array(NotificationPolicy.earlierRuns(of: report, in: read ?? []).suffix(runs))
    }

    /// When `pipeline` last started (the scheduler's catch-up rule); nil when it never ran or there is no history.
    package func lastRunStart(pipeline: String) -> Date? {
        (try? contents(pipeline: pipeline, since: nil, last: 1, perTest: false))?.entries.last?.startedAt
    }
}
