import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct DashboardAnalysisTests {
    let history = DashboardFixture.history()
    var analysis: DashboardAnalysis { DashboardAnalysis(history) }

    func index(_ key: String) throws -> Int { try #require(history.tests.firstIndex(of: key)) }

    @Test func aTestFailingNowSaysSinceWhichRunAndCommitAndForHowManyRuns() throws {
        let failing = analysis.failingNow
        #expect(failing.map(\.test) == [try index(DashboardFixture.refund)])
        let refund = try #require(failing.first)
        #expect(refund.sinceRun == 11)
        #expect(refund.runs == 3)
        #expect(refund.lastGoodRun == 10)
        #expect(refund.status == .failed)
        #expect(history.runs[refund.sinceRun].commit == DashboardFixture.commit(11))
    }

    @Test func aBrokenThenFixedTestIsNotFailingNowButHasAPage() throws {
        let checkout = try index(DashboardFixture.checkout)
        #expect(!analysis.failingNow.contains { $0.test == checkout })
        #expect(analysis.paged.contains(checkout))
        #expect(!analysis.paged.contains(try index(DashboardFixture.login)))
        #expect(analysis.failedRuns[checkout] == 4)
        #expect(analysis.latestStatus[checkout] == .passed)
    }

    @Test func theFlakiestAreTheFlakeModelsVerdictsWithTheirRuns() throws {
        let top = try #require(analysis.flakiest.first)
        #expect(top.test == (try index(DashboardFixture.sync)))
        #expect(top.retryPasses == 3)
        // Failed at run 12 and passed at run 13, each on its own commit: not the same code, no evidence.
        #expect(top.sameCommitFailures == 0)
        #expect(top.evidence == [11, 7, 3])
        #expect(top.verdict.rateText == "failed 4 of the last 14 runs, passed on retry in 3")
    }

    @Test func aTestBrokenForRunsThenFixedOnANewCommitIsNeverAmongTheFlakiest() throws {
        let checkout = try index(DashboardFixture.checkout)
        #expect(analysis.failedRuns[checkout] == 4)
        #expect(!analysis.flakiest.contains { $0.test == checkout })
        let html = DashboardOverviewLists.flaky(
            analysis, links: DashboardLinks(history: history, analysis: analysis, outputLink: "../"))
        #expect(!html.contains(DashboardFixture.checkout))
        #expect(html.contains(DashboardFixture.sync))
    }

    @Test func aTestWhoseMedianRoseByAQuarterAndHalfASecondIsGettingSlower() throws {
        #expect(analysis.slowing.map(\.test) == [try index(DashboardFixture.login)])
        let login = try #require(analysis.slowing.first)
        #expect(login.median == 2.0 && login.previousMedian == 1.0)
        #expect(analysis.slowest.first?.test == (try index(DashboardFixture.login)))
    }

    @Test(arguments: [
        (1.0, 1.4, false), // +40 % but only 0.4 s
        (4.0, 4.9, false), // +0.9 s but only 22.5 %
        (2.0, 2.5, true), // exactly +25 % and +0.5 s
    ])
    func theSlowerRuleNeedsBothAQuarterAndHalfASecond(before: Double, after: Double, slowing: Bool) {
        let timing = DashboardAnalysis.Timing(test: 0, median: after, previousMedian: before)
        #expect(DashboardAnalysis.isSlowing(timing) == slowing)
    }

    @Test func flakinessCountsOnlyTheLastThirtyDays() {
        var history = DashboardFixture.history()
        // The same runs, the first twelve moved two months back: only runs 12 and 13 are in the window, both of one
        // commit, where sync failed and then passed.
        for index in 0..<12 { history.runs[index].startedAt.addTimeInterval(-60 * 86_400) }
        history.runs[13].commit = history.runs[12].commit
        let analysis = DashboardAnalysis(history)
        #expect(analysis.flakeWindowStart == 12)
        #expect(analysis.flakiest.map { history.tests[$0.test] } == [DashboardFixture.sync])
        let sync = analysis.flakiest.first
        #expect(sync?.retryPasses == 0)
        #expect(sync?.sameCommitFailures == 1)
        #expect(sync?.evidence == [12])
    }

    @Test func aTestsDetailGroupsItsMessagesWithFirstAndLastSeen() throws {
        let checkout = try index(DashboardFixture.checkout)
        let detail = try #require(DashboardTestDetail.collect(history, tests: [checkout])[checkout])
        #expect(detail.firstFailedRun == 6)
        #expect(detail.messages.count == 1)
        #expect(detail.messages.first?.firstRun == 6)
        #expect(detail.messages.first?.lastRun == 9)
        #expect(detail.messages.first?.runs == 4)
        #expect(detail.recent.count == 14)
        #expect(detail.recent[6].result?.status == .failed)
    }

    @Test func anEmptyHistoryHasNothingToSay() {
        let analysis = DashboardAnalysis(DashboardHistory(pipeline: "empty"))
        #expect(analysis.failingNow.isEmpty && analysis.flakiest.isEmpty && analysis.slowest.isEmpty)
        let files = DashboardSite.render([
            DashboardSite.Input(history: DashboardHistory(pipeline: "empty"), outputLink: "../")
        ])
        #expect(
            files.map(\.path).sorted()
                == [
                    DashboardPaths.index, "empty-\(DashboardPaths.hash("empty"))/index.html",
                    "empty-\(DashboardPaths.hash("empty"))/tests.html",
                ].sorted())
    }
}
