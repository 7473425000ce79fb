import Foundation
import Testing

@testable import SmokeCore

@Suite struct FailureScreenshotTests {
    private func image(_ name: String, at seconds: Double?, associated: Bool? = nil, type: String = "image/png")
        -> AttachmentRecord
    {
        AttachmentRecord(
            name: name, path: "attachments/\(name)", mediaType: type, size: 10,
            timestamp: seconds.map { Date(timeIntervalSince1970: $0) }, failureAssociated: associated)
    }

    @Test func anImageMarkedWithTheFailureWinsOverLaterOnes() {
        let chosen = FailureScreenshot.choose(
            [image("before", at: 1), image("marked", at: 2, associated: true), image("after", at: 3)],
            failedAt: Date(timeIntervalSince1970: 2.5))
        #expect(chosen?.name == "marked")
    }

    @Test func withoutAMarkTheLastImageBeforeTheFailureIsChosen() {
        let chosen = FailureScreenshot.choose(
            [image("early", at: 1), image("just before", at: 2), image("tear down", at: 5)],
            failedAt: Date(timeIntervalSince1970: 3))
        #expect(chosen?.name == "just before")
    }

    @Test func withoutAFailureTimeTheLastImageIsChosenAndTextIsNever() {
        let text = AttachmentRecord(name: "log.txt", path: "attachments/log.txt", mediaType: "text/plain", size: 3)
        #expect(
            FailureScreenshot.choose([image("first", at: nil), image("last", at: nil), text], failedAt: nil)?.name
                == "last")
        #expect(FailureScreenshot.choose([text], failedAt: nil) == nil)
        // Every image recorded after the failure: still the last image, not nothing.
        #expect(
            FailureScreenshot.choose([image("later", at: 9)], failedAt: Date(timeIntervalSince1970: 1))?.name == "later"
        )
    }

    @Test func onlyFailingTestsGetAScreenshot() {
        var tests = [
            TestResult(
                id: "A/passes", name: "passes", suite: "A", framework: .xctest, status: .passed,
                attachments: [image("p", at: 1)]),
            TestResult(
                id: "A/fails", name: "fails", suite: "A", framework: .xctest, status: .failed,
                attachments: [image("one", at: 1), image("two", at: 4)]),
            TestResult(id: "A/crashes", name: "crashes", suite: "A", framework: .xctest, status: .crashed),
        ]
        FailureScreenshot.assign(to: &tests, failureTimes: ["A/fails": Date(timeIntervalSince1970: 2)])
        #expect(tests.map(\.failureScreenshot) == [nil, "attachments/one", nil])
    }
}
