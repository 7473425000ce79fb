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

    @Test func theFlakiestCountRetryPassesAndFlipsWithTheirRuns() throws {
        let top = try #require(analysis.flakiest.first)
        #expect(top.test == (try index(DashboardFixture.sync)))
        #expect(top.retryPasses == 3)
        #expect(top.flips == 2) // passed → failed at run 12, failed → passed at run 13
        #expect(top.evidence == [13, 12, 11, 7, 3])
        let checkout = try #require(analysis.flakiest.first { $0.test == (try? index(DashboardFixture.checkout)) })
        #expect(checkout.retryPasses == 0 && checkout.flips == 2)
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
        // The same runs, the first twelve moved two months back: only runs 12 and 13 are in the window.
        for index in 0..<12 { history.runs[index].startedAt.addTimeInterval(-60 * 86_400) }
        let analysis = DashboardAnalysis(history)
        #expect(analysis.flakeWindowStart == 12)
        let sync = analysis.flakiest.first { history.tests[$0.test] == DashboardFixture.sync }
        #expect(sync?.retryPasses == 0)
        #expect(sync?.flips == 2)
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
