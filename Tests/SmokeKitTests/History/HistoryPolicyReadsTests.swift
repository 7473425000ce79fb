import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// The readers every run calls (`RunHistory.notificationHistory`, `durations`, the windowed `contents` of
/// `history --flaky`) read only part of the history: their answers must be those of the whole history, from
/// history.sqlite and from history.jsonl alike, over a scripted history written through the real append path.
@Suite struct HistoryPolicyReadsTests {
    /// One scripted history in both stores, and the whole of it as history.jsonl holds it.
    struct Stores {
        var database: URL
        var lines: URL
        var whole: [HistoryEntry]
        var folder: TemporaryDirectory
    }

    static let runs = 60
    static let base = Date(timeIntervalSince1970: 1_790_000_000)

    static func runID(_ index: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: base.addingTimeInterval(Double(index) * 14_400)) + String(format: "-%04x", index)
    }

    static func test(_ id: String, _ status: TestStatus, run: Int, device: String? = nil) -> TestResult {
        var test = TestResult(
            id: id, name: id, suite: "S", framework: .xctest, status: status,
            durationSeconds: Double((run * 37 + id.count * 11) % 900 + 1) / 1000)
        test.device = device
        return test
    }

    /// Run `index` of "smoke": t0 fails from run 5 on (a streak longer than any window); t1 fails and passes on one
    /// commit; t2 passes on a retry now and then; t3 is removed after run 30 and t4 added at run 40; bulk0…bulk69
    /// fail in runs 57 on (more failing tests than are looked up one by one); t7 runs on two devices from run 50,
    /// with an unknown duration on one. Every 9th run is an infrastructure error, and commits change every 4
    /// runs, some unknown or dirty.
    static func report(_ index: Int, pipeline: String = "smoke") -> RunReport {
        var tests = [
            test("M.S/t0", index >= 5 ? .failed : .passed, run: index),
            test("M.S/t1", index % 3 == 0 ? .failed : .passed, run: index),
            test("M.S/t5", .passed, run: index),
        ]
        var retried = test("M.S/t2", .passed, run: index)
        retried.flaky = index % 7 == 0
        tests.append(retried)
        if index <= 30 { tests.append(test("M.S/t3", index > 25 ? .failed : .passed, run: index)) }
        if index >= 40 { tests.append(test("M.S/t4", index >= 55 ? .failed : .passed, run: index)) }
        if index >= 50 {
            var pad = test("M.S/t7", .passed, run: index, device: "iPad")
            pad.durationIsUnknown = index >= 58
            tests += [test("M.S/t7", .passed, run: index + 1, device: "iPhone"), pad]
        } else {
            tests.append(test("M.S/t7", .passed, run: index))
        }
        tests += (0..<70).map { test("M.S/bulk\($0)", index >= 57 ? .failed : .passed, run: index) }
        let started = base.addingTimeInterval(Double(index) * 14_400)
        var report = RunReport(
            pipeline: pipeline, runID: runID(index) + (pipeline == "smoke" ? "" : "-o"),
            status: index % 9 == 4 ? .error : tests.contains { $0.status.isFailure } ? .failed : .passed,
            startedAt: started, finishedAt: started.addingTimeInterval(120), seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .test, seed: nil), environment: [:],
            device: ResolvedDevice(platform: "host"), toolchain: nil, tests: tests)
        let commit = index % 10 == 3 ? nil : String(format: "%040x", index / 4)
        report.origin = RunOrigin(host: "ci", commit: commit, branch: "main", dirty: index % 11 == 6)
        return report
    }

    static func stores() throws -> Stores {
        let folder = try TemporaryDirectory()
        let database = folder.url.appendingPathComponent("sqlite")
        let lines = folder.url.appendingPathComponent("jsonl")
        for url in [database, lines] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
        var jsonl = RunStore(outputDirectory: lines)
        jsonl.history = HistoryOpening.withoutSQLite(outputFolder: jsonl.outputDirectory)
        let sqlite = RunStore(outputDirectory: database)
        for index in 0..<runs {
            for report in [report(index)] + (index % 5 == 2 ? [report(index, pipeline: "other")] : []) {
                try sqlite.appendHistory(report)
                try jsonl.appendHistory(report)
            }
        }
        #expect(try HistoryOpening.database(outputFolder: database) != nil)
        #expect(try HistoryOpening.database(outputFolder: lines) == nil)
        let whole = try JSONLinesHistory(outputFolder: lines).allContents().entries
        #expect(whole.count == runs + runs / 5)
        return Stores(database: database, lines: lines, whole: whole, folder: folder)
    }

    /// The next run: t0's long streak, t4's short one, the bulk's, and a test no run recorded before.
    static var nextRun: RunReport {
        var next = report(runs)
        next.tests.append(test("M.S/new", .failed, run: runs))
        return next
    }

    @Test func notificationHistoryGivesThePolicyTheWholeHistorysAnswersFromBothStores() throws {
        let stores = try Self.stores()
        defer { stores.folder.remove() }
        let next = Self.nextRun
        let fromDatabase = HistoryOpening.open(outputFolder: stores.database).notificationHistory(of: next)
        let fromLines = HistoryOpening.open(outputFolder: stores.lines).notificationHistory(of: next)
        #expect(fromDatabase == fromLines)
        #expect(fromDatabase.count == Self.runs)

        let whole = NotificationPolicy.earlierRuns(of: next, in: stores.whole)
        let ages = NotificationPolicy.failureAges(of: next, history: fromDatabase)
        #expect(ages == NotificationPolicy.failureAges(of: next, history: whole))
        // Runs 5…59 less the six infrastructure errors among them, and this one.
        #expect(ages["M.S/t0"] == .stillFailing(since: Self.runID(5), runs: 50))
        #expect(ages["M.S/t4"] == .stillFailing(since: Self.runID(55), runs: 5))
        #expect(ages["M.S/bulk69"] == .stillFailing(since: Self.runID(57), runs: 3))
        #expect(ages["M.S/new"] == .new)
        // A reader that looked back only 20 runs would date t0's streak wrong: the history is long enough to tell.
        #expect(NotificationPolicy.failureAges(of: next, history: Array(whole.suffix(20)))["M.S/t0"] != ages["M.S/t0"])

        let state = NotifyState(
            open: NotifyState.Announcement(
                runID: Self.runID(59), announcedAt: Self.base, kind: .failure, failing: ["M.S/t0"], errors: [],
                since: Self.runID(5)))
        for report in [next, Self.report(Self.runs + 1).passingAll] {
            let history = HistoryOpening.open(outputFolder: stores.database).notificationHistory(of: report)
            let expected = NotificationPolicy.earlierRuns(of: report, in: stores.whole)
            #expect(
                NotificationPolicy.plan(report: report, history: history, state: state)
                    == NotificationPolicy.plan(report: report, history: expected, state: state))
        }
    }

    @Test func durationsAreTheWholeHistorysNewestPerTestFromBothStores() throws {
        let stores = try Self.stores()
        defer { stores.folder.remove() }
        let ids = Set(Self.nextRun.tests.map(\.id) + ["M.S/t3"])
        let whole = ShardPlanner.durations(from: stores.whole.filter { $0.pipeline == "smoke" })
            .filter { ids.contains($0.key) }
        let fromDatabase = HistoryOpening.open(outputFolder: stores.database).durations(pipeline: "smoke", testIDs: ids)
        #expect(fromDatabase == whole)
        #expect(HistoryOpening.open(outputFolder: stores.lines).durations(pipeline: "smoke", testIDs: ids) == whole)
        // t3 last ran in run 30; t7's newest run has one device's duration; "new" has none.
        #expect(fromDatabase["M.S/t3"] == Self.test("M.S/t3", .failed, run: 30).durationSeconds)
        #expect(fromDatabase["M.S/t7"] == Self.test("M.S/t7", .passed, run: 60).durationSeconds)
        #expect(fromDatabase["M.S/new"] == nil && fromDatabase.count == ids.count - 1)
        #expect(HistoryOpening.open(outputFolder: stores.database).durations(pipeline: "none", testIDs: ids).isEmpty)
    }

    @Test func theFlakeWindowReadsOnlyItsRunsWithTheWholeHistorysAnswers() throws {
        let stores = try Self.stores()
        defer { stores.folder.remove() }
        let since = Self.base.addingTimeInterval(10 * 14_400)
        let windows: [(pipeline: String?, last: Int)] = [("smoke", 20), ("smoke", 45), ("other", 5), (nil, 1_000)]
        for (pipeline, last) in windows {
            let window = Array(
                stores.whole.filter { (pipeline == nil || $0.pipeline == pipeline) && $0.startedAt >= since }
                    .suffix(last))
            for folder in [stores.database, stores.lines] {
                let contents = try HistoryOpening.open(outputFolder: folder).contents(
                    pipeline: pipeline, since: since, last: last, perTest: true)
                #expect(contents.entries == window)
                #expect(TestStability.assess(contents.entries) == TestStability.assess(window))
                let runsOnly = try HistoryOpening.open(outputFolder: folder).contents(
                    pipeline: pipeline, since: since, last: last, perTest: false)
                #expect(runsOnly.entries.map(\.runID) == window.map(\.runID))
            }
        }
        #expect(TestStability.assess(Array(stores.whole.suffix(20))) != TestStability.assess(stores.whole))
    }

    /// The flake window of a run far older than the newest ones (`notify RUN` of an old run): the runs before it,
    /// never the newest, from both stores alike.
    @Test func theFlakeWindowOfAnOldRunIsTheRunsBeforeIt() throws {
        let stores = try Self.stores()
        defer { stores.folder.remove() }
        for (index, runs) in [(12, 5), (12, 30), (3, 30), (0, 30), (59, 30)] {
            let report = Self.report(index)
            let expected = Array(NotificationPolicy.earlierRuns(of: report, in: stores.whole).suffix(runs))
            #expect(expected.count == min(index, runs))
            for folder in [stores.database, stores.lines] {
                let window = HistoryOpening.open(outputFolder: folder).flakeWindow(of: report, runs: runs)
                #expect(window == expected, "run \(index), \(runs) runs, \(folder.lastPathComponent)")
                // The runs before it come oldest first from either store, as `RunHistory.entries` says.
                let before = try HistoryOpening.open(outputFolder: folder).entries(
                    pipeline: report.pipeline, before: report.startedAt, last: runs)
                #expect(before.map(\.startedAt) == before.map(\.startedAt).sorted(), "\(folder.lastPathComponent)")
            }
        }
    }
}

extension RunReport {
    /// The run with every test passed.
    fileprivate var passingAll: RunReport {
        var report = self
        report.status = .passed
        for index in report.tests.indices { report.tests[index].status = .passed }
        return report
    }
}
