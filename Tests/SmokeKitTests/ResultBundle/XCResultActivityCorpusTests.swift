import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Activity steps read from a real Xcode bundle's database (`XCResultKit__testHEIC`: UI tests whose
/// assertion failures are `testAssertionFailure` steps, with screenshots recorded in steps).
@Suite(.enabled(if: CorpusLocation.shouldRun)) struct XCResultActivityCorpusTests {
    @Test func eachFailingUITestGetsItsStepsUpToTheAssertionFailure() throws {
        try CorpusLocation.require()
        let folder = try TemporaryDirectory()
        let archive = CorpusLocation.file("xcresult/bundles/XCResultKit__testHEIC.xcresult.tar.gz")
        let untar = try ProcessCommandRunner().run("tar", ["-xzf", archive.path, "-C", folder.url.path])
        try #require(untar.exitStatus == 0)
        let bundle = folder.url.appendingPathComponent("testHEIC.xcresult")
        let contents = try XCResultDatabaseReader().read(
            bundle: bundle, scratchDirectory: folder.url.appendingPathComponent("scratch"))

        let failing = contents.tests.filter(\.status.isFailure)
        try #require(!failing.isEmpty)
        for test in failing {
            let steps = try #require(test.activities, "\(test.id) has no timeline")
            #expect(steps.count <= ActivityTimeline.limit)
            let last = try #require(steps.last)
            #expect(
                last.failed
                    && last.title.hasPrefix("Assertion Failure at bitrise_screenshot_automationUITests.swift:52"),
                "\(last)")
            #expect(steps.allSatisfy { !$0.title.isEmpty })
            // Times run forward, and the screenshots the steps hold are attachments of the same test.
            let times = steps.compactMap(\.startedAt)
            #expect(times == times.sorted() && times.count == steps.count)
            let names = Set(contents.attachments.filter { $0.testID == test.id }.map(\.name))
            let held = steps.flatMap(\.attachments)
            #expect(!held.isEmpty, "\(test.id): no step holds a screenshot")
            // The screenshots are stored; text attachments whose payloads the fixture lacks are named, not linked.
            #expect(
                held.contains("kXCTAttachmentLegacyScreenImageData")
                    && names.contains("kXCTAttachmentLegacyScreenImageData"), "\(held) / \(names)")
        }
        #expect(contents.tests.filter { !$0.status.isFailure }.allSatisfy { $0.activities == nil })
    }
}
