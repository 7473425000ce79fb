import Foundation
import SmokeCore

/// An output folder's history of finished runs: `SQLiteHistory` (`history.sqlite`) or `JSONLinesHistory`
/// (`history.jsonl`, where SQLite cannot be loaded), chosen once by `HistoryOpening.open(outputFolder:library:)` and
/// passed to whatever appends or reads runs. Every answer is oldest run first; tests pass an in-memory history.
package protocol RunHistory: Sendable {
    /// Why the runs go to `history.jsonl` and not `history.sqlite` (SQLite could not be loaded): a note for the run's
    /// report; nil when the history is what it should be.
    var fallbackNote: String? { get }

    /// Appends one finished run and its tests; `writer` carries every byte written to a file of the output folder.
    func append(_ report: RunReport, pipelinePath: String?, writer: FileWriter) throws

    /// The runs of one pipeline (all when nil), without their tests: what retention and adoption need.
    func runs(pipeline: String?) throws -> [HistoryRun]

    /// The newest `last` runs (all when nil) of `pipeline` (all when nil) that started at or after `since`, with their
    /// per-test maps when `perTest`. `readableRuns` counts every run read, before the window.
    func contents(pipeline: String?, since: Date?, last: Int?, perTest: Bool) throws -> HistoryContents

    /// The notification policy's history of `report` (`NotificationHistory`); empty when it cannot be read, as a
    /// notification never fails because of the history.
    func notificationHistory(of report: RunReport) -> [HistoryEntry]

    /// Each of `testIDs`' newest recorded duration in `pipeline`'s runs (`ShardPlanner.durations`); none when there is
    /// no history or it cannot be read.
    func durations(pipeline: String, testIDs: Set<String>) -> [String: Double]

    /// One test's results (every device's), oldest first, from the runs that started at or after `since`.
    func testResults(testID: String, since: Date?) throws -> [HistoryTestResult]

    /// What the dashboard reads this history through.
    func dashboardSource() throws -> any DashboardSource

    /// Retention's part of the history: marks the runs in `removedFolders` as gone and deletes the runs of
    /// `pipelinePath` that started before `date`; returns how many were deleted. A history that keeps no more than
    /// its lines (`history.jsonl`) changes nothing.
    func prune(removedFolders: [String], pipelinePath: String, startedBefore date: Date) throws -> Int
}

extension RunHistory {
    package var fallbackNote: String? { nil }

    /// The newest `runs` runs of `report`'s pipeline before it, with every test's outcome: the flake model's window. A
    /// history that cannot be read is an empty window: no test is known flaky.
    package func flakeWindow(of report: RunReport, runs: Int) -> [HistoryEntry] {
        let read = try? contents(pipeline: report.pipeline, since: nil, last: runs + 1, perTest: true)
        return Array(NotificationPolicy.earlierRuns(of: report, in: read?.entries ?? []).suffix(runs))
    }

    /// For readers that must never fail because of the history (a trend): one that cannot be read is empty.
    package func contentsOrEmpty(pipeline: String? = nil, perTest: Bool = true) -> HistoryContents {
        (try? contents(pipeline: pipeline, since: nil, last: nil, perTest: perTest))
            ?? HistoryContents(entries: [], unreadableLines: 0)
    }

    /// When `pipeline` last started, for the scheduler's catch-up rule; nil when it never ran or there is no history.
    package func lastRunStart(pipeline: String) -> Date? {
        (try? contents(pipeline: pipeline, since: nil, last: 1, perTest: false))?.entries.last?.startedAt
    }
}
