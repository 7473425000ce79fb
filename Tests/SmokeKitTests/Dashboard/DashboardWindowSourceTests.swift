import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A history longer than the dashboard's window, read by both sources: the database reads only the window in full
/// and the failures before it, and must give what the file source gives after reading everything and cutting it.
@Suite struct DashboardWindowSourceTests {
    static let runs = 160
    static let tests = [
        "T.Stuck/test", "T.Fixed/test", "T.Flaky/test", "T.Removed/test", "T.Late/test", "T.Steady/test",
    ]

    /// Test `id`'s result in run `run` (one a day); nil when it did not run.
    static func status(_ id: String, run: Int) -> (TestStatus, flaky: Bool)? {
        switch id {
        case "T.Stuck/test": (run >= 20 && run != 21 ? .failed : run == 21 ? .crashed : .passed, false)
        case "T.Fixed/test": ((10...15).contains(run) ? .failed : .passed, false)
        case "T.Flaky/test": (.passed, run == 5 || run == 150)
        case "T.Removed/test": run > 30 ? nil : (run == 30 ? .failed : .passed, false)
        case "T.Late/test": run < 140 ? nil : (.failed, false)
        default: (.passed, false)
        }
    }

    private func report(_ run: Int) -> RunReport {
        var report = ReportFixture.minimalReport
        report.runID = "run-\(1000 + run)"
        report.startedAt = Date(timeIntervalSince1970: 1_780_000_000 + Double(run) * 86_400)
        report.finishedAt = report.startedAt.addingTimeInterval(10)
        report.origin = RunOrigin(commit: String(format: "%040x", run), dirty: false, commitSource: "git")
        report.tests = Self.tests.compactMap { id in
            guard let (status, flaky) = Self.status(id, run: run) else { return nil }
            var test = TestResult(
                id: id, name: id, suite: "T", framework: .xctest, status: status,
                durationSeconds: 1 + Double(run % 7) / 10)
            test.flaky = flaky
            return test
        }
        report.status = report.tests.contains { $0.status.isFailure } ? .failed : .passed
        return report
    }

    /// The same history twice: `history.jsonl` alone, and imported into `history.sqlite`.
    private func histories(in folder: TemporaryDirectory) throws -> (file: DashboardHistory, database: DashboardHistory)
    {
        let lines = folder.url.appendingPathComponent("lines")
        try FileManager.default.createDirectory(at: lines, withIntermediateDirectories: true)
        var store = RunStore(outputDirectory: lines)
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        for run in 0..<Self.runs { try store.appendHistory(report(run)) }
        let database = folder.url.appendingPathComponent("database")
        try FileManager.default.copyItem(at: lines, to: database)
        let sqlite = try #require(HistoryOpening.open(outputFolder: database) as? SQLiteHistory)
        _ = try HistoryDatabase(writingIn: database, library: sqlite.library)
        let file = try JSONLinesHistory(outputFolder: lines).dashboardSource().histories(pipelines: nil).histories
        let read = try HistoryDatabaseDashboardSource(history: sqlite).histories(pipelines: nil).histories
        return (try #require(file.first), try #require(read.first))
    }

    /// A history with test indexes replaced by keys, so two stores' first-seen orders do not matter.
    private func keyed(_ history: DashboardHistory) -> [String] {
        var lines = history.runs.map { run in
            let results = run.results.map { "\(history.tests[Int($0.test)])=\($0.status)\($0.flaky ? "+retry" : "")" }
            return "\(run.id) \(run.status) \(run.commit ?? "-") \(results.sorted().joined(separator: ","))"
        }
        lines.append("complete from \(history.completeFrom)")
        lines += history.earlier.map { "\(history.tests[$0.key]): \($0.value)" }.sorted()
        return lines
    }

    @Test func theDatabaseReadsOnlyTheWindowInFullAndGivesWhatTheFileGivesCut() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (file, database) = try histories(in: folder)
        #expect(database.runs.count == Self.runs)
        // One run a day: the 30-day flake window is shorter than the last 100 runs, so those and one more are read.
        #expect(database.completeFrom == Self.runs - 100 - 1)
        #expect(database.runs[database.completeFrom].results.count == 4)
        // Before the window, only failures and retry passes: in run 25, only the stuck test's failure.
        #expect(database.runs[25].results.map { database.tests[Int($0.test)] } == ["T.Stuck/test"])
        #expect(database.runs[5].results.map { database.tests[Int($0.test)] } == ["T.Flaky/test"])
        #expect(keyed(database) == keyed(file))
    }

    @Test func theFailuresOfOlderRunsAreReadThroughTheirOwnIndex() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try histories(in: folder)
        let database = try #require(
            try HistoryOpening.database(outputFolder: folder.url.appendingPathComponent("database")))
        let plan = try database.connection.prepare(
            "EXPLAIN QUERY PLAN SELECT test FROM results WHERE \(HistorySchema.keptCondition)")
        var steps: [String] = []
        while try plan.step() { steps.append(plan.text(3) ?? "") }
        #expect(steps.contains { $0.contains("results_kept") }, "\(steps)")
    }

    @Test func whatThePagesSayOfALongHistory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let history = try histories(in: folder).database
        let analysis = DashboardAnalysis(history)
        func index(_ key: String) throws -> Int { try #require(history.tests.firstIndex(of: key)) }
        // Failing since run 20, far before the window: found by walking back through the kept failures.
        let stuck = try #require(analysis.failingNow.first { $0.test == (try? index("T.Stuck/test")) })
        #expect(stuck.sinceRun == 20 && stuck.runs == Self.runs - 20 && stuck.lastGoodRun == 19)
        let late = try #require(analysis.failingNow.first { $0.test == (try? index("T.Late/test")) })
        #expect(late.sinceRun == 140 && late.runs == 20 && late.lastGoodRun == nil)
        #expect(analysis.failingNow.count == 2)
        // Counts cover the whole year, not the window.
        #expect(analysis.failedRuns[try index("T.Fixed/test")] == 6)
        #expect(analysis.flakyRuns[try index("T.Flaky/test")] == 2)
        #expect(analysis.failedRuns[try index("T.Stuck/test")] == Self.runs - 20)
        // A test gone from the suite is not failing now; its page says it has not run lately.
        let removed = try index("T.Removed/test")
        #expect(analysis.latestStatus[removed] == nil && analysis.paged.contains(removed))
        #expect(!analysis.paged.contains(try index("T.Steady/test")))
        let details = DashboardTestDetail.collect(history, tests: analysis.paged)
        #expect(details[removed]?.firstFailedRun == 30)
        #expect(details[try index("T.Stuck/test")]?.firstFailedRun == 20)
    }
}
