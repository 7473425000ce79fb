import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The activity timeline in report.json (every key, null when none) and beside the failure in index.html.
@Suite struct ActivityTimelineReportTests {
    private static var failingWithSteps: TestResult {
        var test = TestResult(
            id: "UITests.TipUITests/testTip", name: "testTip", suite: "TipUITests", framework: .xctest, status: .failed,
            durationSeconds: 1.25, order: 1,
            failures: [TestFailure(message: "XCTAssertTrue failed", file: "T.swift", line: 9)])
        test.attachments = [
            AttachmentRecord(
                name: "Tip screen.png", path: "attachments/TipUITests-testTip-Tip_screen.png", mediaType: "image/png",
                size: 8)
        ]
        let start = Date(timeIntervalSince1970: 1_795_147_245)
        test.activities = [
            ActivityStep(title: "Set Up", startedAt: start),
            ActivityStep(
                title: "Tap <script>alert(1)</script> & \"Pay\"", depth: 1, startedAt: start.addingTimeInterval(1),
                attachments: ["Tip screen", "lost one"]),
            ActivityStep(
                title: "Assertion Failure at T.swift:9", depth: 1, failed: true, startedAt: start.addingTimeInterval(2)),
        ]
        return test
    }

    @Test func aTestWithStepsStreamsAsJSONEncoderWritesItAndOthersSayNull() throws {
        var report = ReportFixture.minimalReport
        var plain = TestResult(
            id: "M.S/plain", name: "plain", suite: "S", framework: .xctest, status: .passed, durationSeconds: 1,
            order: 2)
        plain.failures = []
        report.tests = [Self.failingWithSteps, plain]
        let rendered = JSONReport.render(report)
        #expect(rendered == JSONReport.encodedWhole(report))
        let object = try #require(try JSONSerialization.jsonObject(with: rendered) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests[1]["activities"] is NSNull)
        let steps = try #require(tests[0]["activities"] as? [[String: Any]])
        #expect(steps.count == 3)
        #expect(Set(steps[0].keys) == ["title", "depth", "failed", "startedAt", "attachments"])
        #expect(steps[2]["failed"] as? Bool == true)
        let decoded = try JSONCoding.decoder().decode(RunReport.self, from: rendered)
        #expect(decoded.tests[0].activities == Self.failingWithSteps.activities)
    }

    @Test func indexHTMLShowsTheStepsBesideTheFailureEscapedWithTheirAttachments() {
        var report = ReportFixture.minimalReport
        report.tests = [Self.failingWithSteps]
        report.status = .failed
        let html = HTMLReport.render(report) { _ in nil }
        #expect(html.contains("Steps before the failure (last 3 steps)"))
        #expect(
            html.contains("Tap &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Pay&quot;")
                || html.contains("Tap &lt;script&gt;alert(1)&lt;/script&gt; &amp; \"Pay\""))
        #expect(!html.contains("<script>alert(1)</script>"))
        #expect(html.contains("href=\"attachments/TipUITests-testTip-Tip_screen.png\">Tip screen.png</a>"))
        #expect(html.contains(">lost one</span>"))
        #expect(html.contains("class=\"step failed\""))
        let timeline = html.range(of: "Steps before the failure")
        let message = html.range(of: "XCTAssertTrue failed")
        #expect(timeline != nil && message != nil && message!.lowerBound < timeline!.lowerBound)
    }

    @Test func aTestWithoutStepsHasNoTimeline() {
        var test = Self.failingWithSteps
        test.activities = nil
        #expect(HTMLActivityTimeline.render(test) == "")
    }
}
