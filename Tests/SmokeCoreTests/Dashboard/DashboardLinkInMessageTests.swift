import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `notify.dashboardURL`: a message links each failing test's dashboard page, and says nothing of it otherwise.
@Suite struct DashboardLinkInMessageTests {
    typealias F = NotifyFixtures
    private let login = "AppTests.LoginTests/testLogin"

    @Test func bothBodiesLinkTheFailingTestsPageUnderTheDashboardURL() throws {
        let report = F.report(0, tests: [F.failing(login)])
        let plan = NotificationPolicy.plan(report: report, history: [], state: NotifyState())
        let links = ArtifactLinks(dashboard: "https://ci.example/smokerun/site")
        let page = "https://ci.example/smokerun/site/\(DashboardPaths.testPage(pipeline: report.pipeline, key: login))"
        let slack = try #require(
            String(data: SlackMessage.body(report: report, plan: plan, links: links), encoding: .utf8))
        // JSON may write "/" as "\/": the page's own name and the link's label are enough.
        let file = try #require(page.split(separator: "/").last)
        #expect(slack.contains("\(file)|history>"), "\(slack)")
        let notification = JSONNotification(report: report, plan: plan, links: links)
        #expect(notification.failures.first?.dashboard == page)
    }

    @Test func withoutADashboardURLTheBodiesAreUnchanged() throws {
        let report = F.report(0, tests: [F.failing(login)])
        let plan = NotificationPolicy.plan(report: report, history: [], state: NotifyState())
        let slack = try #require(
            String(data: SlackMessage.body(report: report, plan: plan, links: ArtifactLinks()), encoding: .utf8))
        #expect(!slack.contains("|history>"))
        let body = JSONNotification.body(report: report, plan: plan, links: ArtifactLinks())
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let failure = try #require((object["failures"] as? [[String: Any]])?.first)
        #expect(failure["dashboard"] == nil)
    }
}
