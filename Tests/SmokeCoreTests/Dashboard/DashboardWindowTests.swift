import Foundation
import Testing

@testable import SmokeCore

@Suite struct DashboardWindowTests {
    private func starts(_ count: Int, hours: Double) -> [Date] {
        (0..<count).map { Date(timeIntervalSince1970: 1_780_000_000 + Double($0) * hours * 3_600) }
    }

    @Test func theWindowIsTheLastHundredRunsOrTheFlakeWindowAndOneRunBefore() {
        #expect(DashboardWindow.completeFrom([]) == 0)
        #expect(DashboardWindow.completeFrom(starts(101, hours: 24)) == 0)
        #expect(DashboardWindow.completeFrom(starts(160, hours: 24)) == 59)
        // Every four hours, 30 days are 180 runs: more than a hundred, so the flake window decides.
        #expect(DashboardWindow.completeFrom(starts(300, hours: 4)) == 118)
        #expect(DashboardWindow.completeFrom(starts(2_190, hours: 4)) == 2_008)
    }

    @Test func walkingBackFindsWhereTheFailuresBeganAcrossRunsWithoutTheTest() {
        let failed: Set<Int> = [3, 4, 6]
        let others: [Int: TestStatus] = [0: .passed, 1: .skipped]
        let earlier = DashboardWindow.earlier(before: 7, failed: failed.contains, status: { others[$0] })
        // 6, 4 and 3 failed (2 and 5 did not run it); the skip at 1 ends the streak; it last passed at 0.
        #expect(earlier == DashboardEarlier(streakStart: 3, streakRuns: 3, lastPassed: 0))
    }

    @Test func aTestThatPassedLastOrNeverRanBeforeHasNoStreak() {
        let passed = DashboardWindow.earlier(before: 9, failed: { $0 == 2 }, status: { $0 == 5 ? .passed : nil })
        #expect(passed == DashboardEarlier(streakStart: nil, streakRuns: 0, lastPassed: 5))
        #expect(DashboardWindow.earlier(before: 9, failed: { _ in false }, status: { _ in nil }) == nil)
    }

    /// 300 runs every four hours of three tests: one failing since run 10, one fixed long ago, one steady.
    private func history() -> DashboardHistory {
        var builder = DashboardHistoryBuilder(pipeline: "smoke")
        for (index, start) in starts(300, hours: 4).enumerated() {
            let outcomes: [DashboardHistoryBuilder.Outcome] = [
                .init(key: "stuck", status: index >= 10 ? .failed : .passed, durationSeconds: 1),
                .init(key: "fixed", status: (40...45).contains(index) ? .failed : .passed, message: "boom"),
                .init(key: "steady", status: .passed, flaky: index == 7, durationSeconds: 2),
            ]
            builder.add(
                DashboardRun(id: "r\(index)", startedAt: start, status: .failed, durationSeconds: 60),
                outcomes: outcomes.map { outcome in
                    var outcome = outcome
                    if !outcome.status.isFailure { outcome.message = nil }
                    return outcome
                })
        }
        return builder.history
    }

    @Test func aCutHistoryKeepsFailuresAndRetriesAndAnswersAsTheWholeOne() throws {
        let whole = history()
        let cut = DashboardWindow.cut(whole)
        #expect(cut.completeFrom == 118)
        #expect(cut.runs.count == 300)
        #expect(cut.runs[42].results.count == 2) // stuck and fixed failed; steady passed and was dropped
        #expect(cut.runs[7].results.map { cut.tests[Int($0.test)] } == ["steady"])
        #expect(cut.runs[200].results.count == 3)
        let stuck = try #require(cut.tests.firstIndex(of: "stuck"))
        #expect(cut.earlier[stuck] == DashboardEarlier(streakStart: 10, streakRuns: 108, lastPassed: 9))
        let (before, after) = (DashboardAnalysis(whole), DashboardAnalysis(cut))
        #expect(after.failingNow.map { cut.tests[$0.test] } == before.failingNow.map { whole.tests[$0.test] })
        #expect(after.failingNow.first?.sinceRun == 10 && after.failingNow.first?.runs == 290)
        #expect(after.failingNow.first?.lastGoodRun == 9)
        for key in ["stuck", "fixed", "steady"] {
            let (old, new) = (
                try #require(whole.tests.firstIndex(of: key)), try #require(cut.tests.firstIndex(of: key))
            )
            #expect(after.failedRuns[new] == before.failedRuns[old])
            #expect(after.flakyRuns[new] == before.flakyRuns[old])
            #expect(after.latestStatus[new] == before.latestStatus[old])
        }
        let fixed = try #require(cut.tests.firstIndex(of: "fixed"))
        let details = DashboardTestDetail.collect(cut, tests: after.paged)
        #expect(details[fixed]?.messages.first?.runs == 6 && details[fixed]?.firstFailedRun == 40)
        #expect(DashboardWindow.cut(cut) == cut)
    }
}
