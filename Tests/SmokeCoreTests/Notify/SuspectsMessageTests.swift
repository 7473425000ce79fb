import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A new failure's message lists the commits since the last run in which its tests passed, in both formats.
@Suite struct SuspectsMessageTests {
    typealias F = NotifyFixtures

    static func scenario(inClone: Bool) -> NotifyScenarios.Scenario {
        var scenario = NotifyScenarios.newFailure
        let range = CulpritRange(
            good: F.commit(0), goodRun: "20261122T000000Z-aaaa", bad: F.commit(1), badRun: scenario.report.runID)
        // Twelve commits, the newest the failing run's: ten are listed, two counted.
        let commits = (1...12).map { number in
            CulpritCommit(
                hash: number == 12 ? F.commit(1) : String(repeating: String(number % 10), count: 40),
                subject: number == 12 ? "Round totals" : "Change <\(number)> & more", author: "Ada Lovelace")
        }
        scenario.plan.suspects = Suspects(range: range, commits: inClone ? commits : nil)
        return scenario
    }

    @Test(arguments: [true, false])
    func slackListsTheSuspects(inClone: Bool) throws {
        let scenario = Self.scenario(inClone: inClone)
        let body = SlackMessage.body(
            report: scenario.report, plan: scenario.plan, links: scenario.links, sources: scenario.sources)
        let text = String(decoding: body, as: UTF8.self)
        // The run the range starts at need not have passed: it is the last in which these tests did.
        #expect(text.contains("since run 20261122T000000Z-aaaa, the last in which these tests passed"))
        #expect(!text.contains("last passing run"))
        if inClone {
            #expect(text.contains("Round totals — Ada Lovelace"))
            #expect(text.contains("Change &lt;3&gt; &amp; more"))
            #expect(text.contains("…and 2 more"))
        } else {
            #expect(text.contains("the range is not in this clone"))
        }
        try assertNotifySnapshot(body, named: "slack-new-failure-suspects\(inClone ? "" : "-not-in-clone").json")
    }

    @Test func jsonListsTheSuspects() throws {
        let scenario = Self.scenario(inClone: true)
        let body = JSONNotification.body(
            report: scenario.report, plan: scenario.plan, links: scenario.links, sources: scenario.sources)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let suspects = try #require(object["suspects"] as? [String: Any])
        #expect(suspects["total"] as? Int == 12)
        #expect((suspects["commits"] as? [Any])?.count == 10)
        try assertNotifySnapshot(body, named: "json-new-failure-suspects.json")
    }

    @Test func aMessageWithoutANewFailureListsNoSuspects() {
        var scenario = NotifyScenarios.reminder
        scenario.plan.suspects = Self.scenario(inClone: true).plan.suspects
        let body = String(
            decoding: SlackMessage.body(report: scenario.report, plan: scenario.plan, links: scenario.links),
            as: UTF8.self)
        #expect(!body.contains("Suspects"))
    }
}
