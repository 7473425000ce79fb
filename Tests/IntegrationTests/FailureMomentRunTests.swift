import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The failure moment end to end: the fake Xcode replays scenario `ui-failure` (a failing UI test
/// with a screenshot before the failure and XCTest's screenshot associated with it), the real xcresulttool
/// reader reads it, and report.json, index.html, summary.md and the Slack body all show that screenshot.
@Suite struct FailureMomentRunTests {
    static let failingID = "SmokeAppTests.SmokeAppTests/testTipIsRoundedToCents"

    @Test func theScreenshotAssociatedWithTheFailureIsTheFailureMomentEverywhere() async throws {
        let (outcome, _) = try await XcodebuildRunTests().run(scenario: "ui-failure")
        let report = outcome.report
        let failed = try #require(report.tests.first { $0.id == Self.failingID })
        // Two images: the earlier one is not chosen; XCTest's failure screenshot (associated) is.
        #expect(
            failed.attachments.map(\.name) == [
                "Tip screen before input.png", "kXCTAttachmentLegacyScreenImageData.png",
            ])
        #expect(failed.attachments.map(\.failureAssociated) == [false, true])
        let chosen = try #require(failed.attachments.last)
        #expect(failed.failureScreenshot == chosen.path)
        // A passing test with a screenshot has none.
        #expect(report.tests.filter { $0.id != Self.failingID }.allSatisfy { $0.failureScreenshot == nil })

        // report.json: every test has the key, null when none.
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: outcome.runDirectory.appendingPathComponent("report.json"))) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.allSatisfy { $0.keys.contains("failureScreenshot") })
        #expect(tests.first { $0["id"] as? String == Self.failingID }?["failureScreenshot"] as? String == chosen.path)

        // index.html: the screenshot sits in the failure's card, beside (after) its message, inline.
        let html = try String(contentsOf: outcome.runDirectory.appendingPathComponent("index.html"), encoding: .utf8)
        let card = try #require(html.range(of: "<div class=\"moment\""))
        let rest = html[card.lowerBound...]
        let message = try #require(rest.range(of: "is not equal to"))
        let shot = try #require(rest.range(of: "class=\"failure-screenshot\""))
        #expect(message.lowerBound < shot.lowerBound)
        #expect(rest[shot.lowerBound...].prefix(400).contains("<img src=\"data:image/png;base64,"))

        // The activity timeline: the steps up to the failing one, each screenshot in the step that holds it.
        let steps = try #require(failed.activities)
        #expect(
            steps.map(\.title) == [
                "Start Test at 2026-11-22 04:00:45.301", "Set Up", "Enter the bill <100.0>", "Tap \"Bill\" TextField",
                "Type '100.0' into \"Bill\" TextField", "Check rounding to cents", "Compute tip for 100.0 at 15.5%",
            ])
        #expect(steps.map(\.failed) == [false, false, false, false, false, true, false])
        #expect(
            steps[2].attachments == ["Tip screen before input"]
                && steps[5].attachments == ["kXCTAttachmentLegacyScreenImageData"])
        let entry = try #require(tests.first { $0["id"] as? String == Self.failingID })
        #expect((entry["activities"] as? [[String: Any]])?.count == steps.count)
        #expect(tests.filter { $0["id"] as? String != Self.failingID }.allSatisfy { $0["activities"] is NSNull })
        let timeline = try #require(rest.range(of: "Steps before the failure"))
        #expect(message.lowerBound < timeline.lowerBound && timeline.lowerBound < shot.lowerBound)
        #expect(rest.contains("Enter the bill &lt;100.0&gt;"))
        #expect(rest.contains("href=\"\(chosen.path)\">kXCTAttachmentLegacyScreenImageData.png</a>"))

        // summary.md links it.
        let summary = try String(contentsOf: outcome.runDirectory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("[screenshot](\(chosen.path))"))

        // Slack: with the run folder published, an image block follows the failure.
        let links = ArtifactLinks(artifacts: "https://ci.example/smoke/\(report.runID)/")
        let body = SlackMessage.body(report: report, plan: NotificationPlan(kind: .failure), links: links)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        let image = try #require(blocks.first { $0["type"] as? String == "image" })
        #expect(image["image_url"] as? String == "https://ci.example/smoke/\(report.runID)/\(chosen.path)")
        #expect(image["alt_text"] as? String == Self.failingID)
        #expect(blocks.count <= 50)
        print("failure-moment run directory: \(outcome.runDirectory.path)")
    }
}
