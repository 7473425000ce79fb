import Foundation
import SmokeCore

/// `<output>/history.sqlite` (`HistoryDatabase`), each reader reading only what it needs. The first append makes
/// the file and imports `history.jsonl`; until then every read is `history.jsonl`'s.
package struct SQLiteHistory: RunHistory {
    package let outputFolder: URL
    let library: SQLiteLibrary

    private var lines: JSONLinesHistory { JSONLinesHistory(outputFolder: outputFolder) }

    /// The database opened to read, never to write; nil when the folder has none yet.
    package func database() throws -> HistoryDatabase? {
        try HistoryDatabase(readingIn: outputFolder, library: library)
    }

    /// Appends the run in one transaction. SQLite answers some writer races "database is locked" at once, without its
    /// busy timeout (first writers making the file, a stale read snapshot): the rolled-back append is retried briefly.
    package func append(_ report: RunReport, pipelinePath: String?, writer: FileWriter) throws {
        for attempt in 1...Self.appendAttempts {
            do {
                return try HistoryDatabase(writingIn: outputFolder, library: library).append(
                    report, path: OutputLayout.relativeRunPath(report.runID), pipelinePath: pipelinePath)
            } catch StoreError.writeFailed(_, SQLiteConnection.busyReason) where attempt < Self.appendAttempts {
                Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.25) * Double(attempt))
            }
        }
    }

    static let appendAttempts = 5

    package func runs(pipeline: String?) throws -> [HistoryRun] {
        guard let database = try database() else { return try lines.runs(pipeline: pipeline) }
        return try database.runs(pipeline: pipeline)
    }

    /// `perTest: false` reads the runs without their tests (empty `outcomes`, `flaky`, `durations`).
    package func contents(pipeline: String?, since: Date?, last: Int?, perTest: Bool) throws -> HistoryContents {
        guard let database = try database() else {
            return try lines.contents(pipeline: pipeline, since: since, last: last, perTest: perTest)
        }
        let entries =
            perTest
            ? try database.entries(pipeline: pipeline, since: since, last: last)
            : try database.storedRuns(pipeline: pipeline, since: since, newest: last).map {
                HistoryEntry(run: $0.run, outcomes: [:], flaky: [], durations: [:])
            }
        return HistoryContents(entries: entries, unreadableLines: 0)
    }

    package func entries(pipeline: String, before date: Date, last: Int) throws -> [HistoryEntry] {
        guard let database = try database() else {
            return try lines.entries(pipeline: pipeline, before: date, last: last)
        }
        return try database.entries(of: database.storedRuns(pipeline: pipeline, since: nil, before: date, newest: last))
    }

    package func notificationHistory(of report: RunReport) -> [HistoryEntry] {
        do {
            guard let database = try database() else { return lines.notificationHistory(of: report) }
            return try database.notificationHistory(of: report)
        } catch {
            return []
        }
    }

    package func durations(pipeline: String, testIDs: Set<String>) -> [String: Double] {
        guard !testIDs.isEmpty else { return [:] }
        do {
            guard let database = try database() else { return lines.durations(pipeline: pipeline, testIDs: testIDs) }
            return try database.durations(pipeline: pipeline, testIDs: testIDs)
        } catch {
            return [:]
        }
    }

    package func testResults(testID: String, since: Date?) throws -> [HistoryTestResult] {
        guard let database = try database() else { return try lines.testResults(testID: testID, since: since) }
        return try database.testResults(testID: testID, since: since)
    }

    package func dashboardSource() throws -> any DashboardSource {
        guard try database() != nil else { return try lines.dashboardSource() }
        return HistoryDatabaseDashboardSource(history: self)
    }

    /// Marks removed folders gone and deletes the pipeline file's runs before `date`; no database, nothing to prune.
    package func prune(removedFolders: [String], pipelinePath: String, startedBefore date: Date) throws -> Int {
        guard try HistoryDatabase.isRegularFile(OutputLayout(root: outputFolder).historyDatabase) else { return 0 }
        let database = try HistoryDatabase(writingIn: outputFolder, library: library)
        try database.markFolderRemoved(removedFolders)
        return try database.deleteRuns(pipelinePath: pipelinePath, startedBefore: date)
    }
}
