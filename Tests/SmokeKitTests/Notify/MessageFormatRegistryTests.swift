import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A new message format is one `MessageFormat` plus its registry entry: the notifier sends it, its delivery,
/// outbox and record unchanged.
@Suite struct MessageFormatRegistryTests {
    /// A format smokerun does not have: a Microsoft Teams message card with the headline and the failing tests.
    struct TeamsMessage: MessageFormat {
        var format: NotifyFormat { NotifyFormat("teams") }

        func body(for report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks) -> Data {
            let failing = report.failingTests.map(\.id).joined(separator: ", ")
            let headline = NotificationWording.headline(report: report, plan: plan)
            return TestNotification.encode(["@type": "MessageCard", "title": headline, "text": failing])
        }

        func testBody(pipeline: String, host: String) -> Data {
            TestNotification.encode([
                "@type": "MessageCard", "text": TestNotification.text(pipeline: pipeline, host: host),
            ])
        }

        func culpritBody(_ followUp: CulpritFollowUp) -> Data {
            TestNotification.encode(["@type": "MessageCard", "text": followUp.text])
        }
    }

    private let environment = ["SMOKERUN_WEBHOOK_URL": "https://example.invalid/webhook"]

    @Test func aRegisteredFormatIsRenderedAndPostedLikeTheOwnFormats() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        var formats = MessageFormatRegistry.standard
        formats.renderers.append(TeamsMessage())
        var settings = NotifySettings()
        settings.format = TeamsMessage().format
        let webhook = FakeWebhook([.status(200), .status(200)])
        let notifier = Notifier(delivery: webhook.delivery, formats: formats)
        let failing = NotifyFixtures.suite(failing: [NotifyFixtures.failing("AppTests.CartTests/testTotal")])
        let record = await notifier.send(
            report: NotifyFixtures.report(0, tests: failing), plan: NotificationPlan(kind: .failure),
            settings: settings, outputDirectory: output.url, environment: environment)
        let test = await notifier.sendTest(
            pipeline: "smoke", host: "ci-1", settings: settings, environment: environment)

        #expect(record.outcome == .delivered && test.outcome == .delivered)
        #expect(record.format?.rawValue == "teams")
        let bodies = webhook.requests.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
        #expect(bodies.count == 2)
        #expect(bodies.first?.hasPrefix(#"{"@type":"MessageCard","text":"AppTests.CartTests"#) == true)
        #expect(bodies.first?.contains("testTotal") == true)
        #expect(bodies.last?.contains("test message for pipeline smoke from ci-1") == true)
        #expect(formats.format(named: "teams") == TeamsMessage().format)
        #expect(MessageFormatRegistry.standard.format(named: "teams") == nil)
    }

    @Test func theStandardFormatsAreTheNamesAPipelineMayUse() throws {
        #expect(MessageFormatRegistry.standard.formats.map(\.rawValue) == ["slack", "json"])
        #expect(NotifyFormat(rawValue: "json") == .json)
        #expect(NotifyFormat(rawValue: "teams") == nil)
        let decoded = try JSONDecoder().decode([NotifyFormat].self, from: Data(#"["slack","json"]"#.utf8))
        #expect(decoded == [.slack, .json])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([NotifyFormat].self, from: Data(#"["x"]"#.utf8))
        }
    }
}
