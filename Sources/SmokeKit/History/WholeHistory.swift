import Foundation
import SmokeCore

/// A history read whole (`history.jsonl`, tests' in-memory one): every read is SmokeCore policy over `allContents()`.
package protocol WholeHistory: RunHistory {
    /// The output folder the entries' `path`s are in.
    var outputFolder: URL { get }

    /// Every entry, oldest first, and the lines that could not be read.
    func allContents() throws -> HistoryContents

    /// Hands each readable entry to `body` in the order it was appended; returns how many could not be read.
    func forEachEntry(_ body: (HistoryEntry) -> Void) throws -> Int
}

extension WholeHistory {
    package func runs(pipeline: String?) throws -> [HistoryRun] {
        try contents(pipeline: pipeline, since: nil, last: nil, perTest: false).entries.map(HistoryRun.init(entry:))
    }

    package func contents(pipeline: String?, since: Date?, last: Int?, perTest: Bool) throws -> HistoryContents {
        try allContents().window(pipeline: pipeline, since: since, last: last)
    }

    package func entries(pipeline: String, before date: Date, last: Int) throws -> [HistoryEntry] {
        let read = try contents(pipeline: pipeline, since: nil, last: nil, perTest: true)
        return Array(read.entries.filter { $0.startedAt < date }.suffix(max(last, 0)))
    }

    package func notificationHistory(of report: RunReport) -> [HistoryEntry] {
        guard let read = try? contents(pipeline: report.pipeline, since: nil, last: nil, perTest: true) else {
            return []
        }
        return NotificationHistory.entries(of: report, in: read.entries)
    }

    package func durations(pipeline: String, testIDs: Set<String>) -> [String: Double] {
        guard !testIDs.isEmpty,
            let read = try? contents(pipeline: pipeline, since: nil, last: nil, perTest: true)
        else { return [:] }
        return ShardPlanner.durations(from: read.entries).filter { testIDs.contains($0.key) }
    }

    package func testResults(testID: String, since: Date?) throws -> [HistoryTestResult] {
        TestHistoryTable.results(
            of: testID, in: try contents(pipeline: nil, since: since, last: nil, perTest: true).entries)
    }

    package func dashboardSource() throws -> any DashboardSource {
        HistoryFileDashboardSource(history: self)
    }

    package func prune(removedFolders: [String], pipelinePath: String, startedBefore date: Date) throws -> Int { 0 }
}
