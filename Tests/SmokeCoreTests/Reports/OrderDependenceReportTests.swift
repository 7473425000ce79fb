import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A test that passes alone but failed again after the tests that ran before it in its process says so, with the
/// bisect command, wherever its failure is shown: the terminal, summary.md, index.html, report.json, the webhook.
@Suite struct OrderDependenceReportTests {
    static let id = "Ord.EchoSuite/two()"
    static let command = "smokerun bisect \(NotifyFixtures.runID(1)) 'Ord.EchoSuite/two()'"
    static let said = "passes alone but fails after the 2 tests that ran before it in its process"

    static var report: RunReport {
        var test = NotifyFixtures.failing(Self.id, message: "the flag is set")
        test.attempts = [
            TestAttempt(status: .failed, durationSeconds: 0.1), TestAttempt(status: .passed, durationSeconds: 0.1),
            TestAttempt(status: .failed, durationSeconds: 0.1),
        ]
        test.orderDependence = OrderDependence(after: ["Ord.EchoSuite/one()", "Ord.EchoSuite/three()"])
        return NotifyFixtures.report(1, tests: NotifyFixtures.suite(failing: [test]))
    }

    @Test func theTerminalSaysItUnderTheFailure() {
        let lines = RunSummary.failureLines(Self.report, style: .plain)
        let tail = "\(Self.command) names the test it depends on"
        #expect(lines.contains { $0.hasPrefix("    \(Self.said)") && $0.hasSuffix(tail) })
    }

    @Test func summaryAndPageSayItWithTheCommandAsCode() {
        let markdown = MarkdownReport.render(Self.report)
        #expect(markdown.contains("<br>\(Self.said)"))
        #expect(markdown.contains("`\(Self.command)`"))
        let html = HTMLReport.render(Self.report, attachmentContent: { _ in nil })
        #expect(html.contains(Self.said))
        #expect(html.contains("<code>smokerun bisect \(NotifyFixtures.runID(1)) "))
    }

    @Test func reportJSONListsWhatItFailedAfterAndTheCommandBothWays() throws {
        let report = Self.report
        let data = JSONReport.render(report)
        #expect(data == JSONReport.encodedWhole(report))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        let test = try #require(tests.first { $0["id"] as? String == Self.id })
        let order = try #require(test["orderDependence"] as? [String: Any])
        #expect(order["after"] as? [String] == ["Ord.EchoSuite/one()", "Ord.EchoSuite/three()"])
        #expect(order["bisect"] as? String == Self.command)
        #expect(tests.filter { $0["id"] as? String != Self.id }.allSatisfy { $0["orderDependence"] is NSNull })
        let decoded = try JSONCoding.decoder().decode(RunReport.self, from: data)
        #expect(decoded.tests.first { $0.id == Self.id }?.orderDependence == report.tests.last?.orderDependence)
    }

    @Test func theWebhookSaysItInBothFormats() throws {
        let report = Self.report
        let plan = NotificationPlan(kind: .failure, ages: [Self.id: .new])
        let body = SlackMessage.body(report: report, plan: plan, links: ArtifactLinks())
        let slack = String(decoding: body, as: UTF8.self)
        #expect(slack.contains(Self.said))
        #expect(slack.contains("`smokerun bisect \(NotifyFixtures.runID(1)) 'Ord.EchoSuite/two()'`"))
        let json = JSONNotification.body(report: report, plan: plan, links: ArtifactLinks())
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect((failures.first?["orderDependence"] as? String)?.contains(Self.command) == true)
    }
}
