import Foundation
import Testing

@testable import SmokeCore

@Suite struct SlackFailureScreenshotTests {
    private func failing(type: String = "image/png") -> TestResult {
        var test = TestResult(
            id: "App.LoginTests/testLogin", name: "testLogin", suite: "LoginTests", framework: .xctest, status: .failed,
            attachments: [
                AttachmentRecord(
                    name: "shot", path: "attachments/LoginTests-testLogin-shot.png", mediaType: type, size: 9)
            ])
        test.failureScreenshot = test.attachments[0].path
        return test
    }

    @Test func aPublishedPNGBecomesAnImageBlockNamedAfterTheTest() {
        let shot = SlackFailureScreenshot(test: failing(), links: ArtifactLinks(artifacts: "https://ci.example/run"))
        #expect(
            shot.image
                == .image(
                    url: "https://ci.example/run/attachments/LoginTests-testLogin-shot.png",
                    altText: "App.LoginTests/testLogin"))
        #expect(shot.note.isEmpty)
    }

    @Test func withoutAPublicURLTheSectionSaysAScreenshotExistsAndLinksTheRun() {
        let shot = SlackFailureScreenshot(
            test: failing(), links: ArtifactLinks(ciRun: "https://github.example/o/r/actions/runs/7"))
        #expect(shot.image == nil)
        #expect(
            shot.note.contains("screenshot of the failure")
                && shot.note.contains("<https://github.example/o/r/actions/runs/7|"))
        let bare = SlackFailureScreenshot(test: failing(), links: ArtifactLinks())
        #expect(bare.note.contains("attachments/LoginTests-testLogin-shot.png"))
    }

    @Test func aHEICIsLinkedNotShownAndATestWithoutScreenshotAddsNothing() {
        let heic = SlackFailureScreenshot(
            test: failing(type: "image/heic"), links: ArtifactLinks(artifacts: "https://ci.example/run/"))
        #expect(heic.image == nil && heic.note.contains("<https://ci.example/run/attachments/"))
        var plain = failing()
        plain.failureScreenshot = nil
        let none = SlackFailureScreenshot(test: plain, links: ArtifactLinks(artifacts: "https://ci.example/run"))
        #expect(none.image == nil && none.note.isEmpty)
    }
}
