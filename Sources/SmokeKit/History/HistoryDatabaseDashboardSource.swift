import Foundation
import SmokeCore

/// The dashboard's histories from `history.sqlite`: every run (one retention removed has no report link), each
/// test's status, duration, flakiness and first failure in the window's runs (`DashboardWindow`), and only the
/// failures and retry passes before it (Documentation/Performance.md).
package struct HistoryDatabaseDashboardSource: DashboardSource {
    var history: SQLiteHistory

    package func histories(pipelines: [String]?) throws -> (histories: [DashboardHistory], warnings: [String]) {
        guard let database = try history.database() else { return ([], []) }
        var byPipeline: [String: [HistoryDatabase.StoredRun]] = [:]
        for stored in try database.storedRuns(pipeline: nil, since: nil)
        where pipelines?.contains(stored.run.pipeline) ?? true {
            byPipeline[stored.run.pipeline, default: []].append(stored)
        }
        guard !byPipeline.isEmpty else { return ([], []) }
        // Where each run stands, and the runs before each pipeline's window, whose kept rows one pass collects.
        var completeFrom: [String: Int] = [:]
        var beforeWindow: [Int64: Int] = [:]
        for (pipeline, runs) in byPipeline {
            let start = DashboardWindow.completeFrom(runs.map(\.run.startedAt))
            completeFrom[pipeline] = start
            for (index, stored) in runs.enumerated() where index < start { beforeWindow[stored.row] = index }
        }
        let queries = try database.dashboardQueries()
        var kept: [Int64: [HistoryDatabase.DashboardRow]] = [:]
        if !beforeWindow.isEmpty {
            try queries.forEachKept { run, row in
                if beforeWindow[run] != nil { kept[run, default: []].append(row) }
            }
        }
        let keys = try database.testKeys()
        let names = try database.testDisplayNames()
        var histories: [DashboardHistory] = []
        for pipeline in byPipeline.keys.sorted() {
            guard let runs = byPipeline[pipeline] else { continue }
            histories.append(
                try history(
                    pipeline, runs: runs, completeFrom: completeFrom[pipeline] ?? 0, kept: kept, keys: keys,
                    names: names, queries: queries))
        }
        return (histories, [])
    }

    private func history(
        _ pipeline: String, runs: [HistoryDatabase.StoredRun], completeFrom start: Int,
        kept: [Int64: [HistoryDatabase.DashboardRow]], keys: [Int64: String], names: [String: String],
        queries: HistoryDatabase.DashboardQueries
    ) throws -> DashboardHistory {
        var builder = DashboardHistoryBuilder(pipeline: pipeline)
        var failedBefore: [Int64: Set<Int>] = [:]
        var firstInWindow: [Int64: TestStatus] = [:]
        for (index, stored) in runs.enumerated() {
            let rows = index < start ? kept[stored.row] ?? [] : try queries.results(ofRun: stored.row)
            for row in rows {
                if index < start {
                    if row.status.isFailure { failedBefore[row.test, default: []].insert(index) }
                } else if firstInWindow[row.test] == nil {
                    firstInWindow[row.test] = row.status
                }
            }
            let outcomes = rows.map { row in
                DashboardHistoryBuilder.Outcome(
                    key: keys[row.test] ?? "", status: row.status, flaky: row.flaky,
                    durationSeconds: row.durationSeconds, message: row.message)
            }
            let run = stored.run
            let dashboardRun = DashboardRun(
                id: run.runID, startedAt: run.startedAt, status: run.status, durationSeconds: run.durationSeconds,
                commit: run.commit, coveragePercent: run.coverage?.lines.measuredPercent,
                reportPath: run.folderRemoved ? nil : Self.reportPage(ofRunAt: run.path, in: history.outputFolder),
                dirty: run.dirty)
            builder.add(dashboardRun, outcomes: outcomes)
        }
        builder.completeFrom = start
        for (key, name) in names { builder.setDisplayName(name, key: key) }
        // A test failing as the window opens: walk back through its failures to where they began.
        for (test, status) in firstInWindow where start > 0 && status.isFailure {
            let failed = failedBefore[test] ?? []
            let earlier = try DashboardWindow.earlier(
                before: start, failed: { failed.contains($0) },
                status: { try queries.status(run: runs[$0].row, test: test) })
            if let earlier { builder.setEarlier(earlier, key: keys[test] ?? "") }
        }
        return builder.history
    }
}
