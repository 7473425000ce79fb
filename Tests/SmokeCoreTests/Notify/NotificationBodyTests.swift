import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct NotificationBodyTests {
    @Test(arguments: NotifyScenarios.all)
    func slackBodyMatchesItsGoldenFile(scenario: NotifyScenarios.Scenario) throws {
        let body = SlackMessage.body(
            report: scenario.report, plan: scenario.plan, links: scenario.links, sources: scenario.sources)
        try assertNotifySnapshot(body, named: "slack-\(scenario.name).json")
    }

    @Test(arguments: NotifyScenarios.all)
    func jsonBodyMatchesItsGoldenFile(scenario: NotifyScenarios.Scenario) throws {
        let body = JSONNotification.body(
            report: scenario.report, plan: scenario.plan, links: scenario.links, sources: scenario.sources)
        try assertNotifySnapshot(body, named: "json-\(scenario.name).json")
    }
}
