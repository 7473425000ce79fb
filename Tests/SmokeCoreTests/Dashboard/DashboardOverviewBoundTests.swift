import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct DashboardOverviewBoundTests {
    /// One run in which `count` tests fail, after one in which they all passed.
    static func history(failing count: Int) -> DashboardHistory {
        var builder = DashboardHistoryBuilder(pipeline: "smoke")
        for index in 0..<2 {
            let outcomes = (0..<count).map {
                DashboardHistoryBuilder.Outcome(
                    key: "App.BigTests/test\($0)", status: index == 1 ? .failed : .passed, durationSeconds: 0.1,
                    message: index == 1 ? "failed \($0)" : nil)
            }
            let run = DashboardRun(
                id: "2026-11-01T0\(index)0000Z-0\(index)",
                startedAt: DashboardFixture.start.addingTimeInterval(Double(index) * 3600),
                status: index == 1 ? .failed : .passed, durationSeconds: 60, commit: DashboardFixture.commit(index),
                coveragePercent: nil, moduleCoverage: [:], reportPath: "runs/run-\(index)/index.html")
            builder.add(run, outcomes: outcomes)
        }
        return builder.history
    }

    static func overview(_ history: DashboardHistory) throws -> String {
        try #require(
            DashboardSite.render([DashboardSite.Input(history: history, outputLink: "../")]).first {
                $0.path.hasSuffix("index.html") && $0.contents.contains("id=\"failing\"")
            }
        ).contents
    }

    @Test func theOverviewListsAtMostItsShareOfFailingTestsAndCountsTheRest() throws {
        let shown = DashboardOverviewLists.failingShown
        let small = try Self.overview(Self.history(failing: 20))
        let big = try Self.overview(Self.history(failing: shown * 10))
        #expect(big.contains("<h2>Failing now (\(shown * 10))</h2>"))
        let rows = big.components(separatedBy: "<tr class=\"failed\">").count - 1
        #expect(rows == shown)
        #expect(big.contains("…and \(shown * 9) more failing now"))
        #expect(!small.contains("more failing now"))
        #expect(small.components(separatedBy: "<tr class=\"failed\">").count - 1 == 20)
        // Ten times the failing tests, not ten times the page.
        #expect(big.utf8.count < small.utf8.count * 12)
    }
}
