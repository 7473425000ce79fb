import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct XCResultDatabaseReaderTests {
    private func readStandard(
        _ folder: TemporaryDirectory, png: XCResultFixtureBuilder.PayloadForm = .plain,
        payloads: XCResultDatabasePayloads = XCResultDatabasePayloads()
    ) throws -> ResultBundleContents {
        let bundle = folder.url.appendingPathComponent("Run.xcresult")
        try XCResultFixtures.standard(at: bundle, png: png)
        let scratch = folder.url.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return try XCResultDatabaseReader(payloads: payloads).read(bundle: bundle, scratchDirectory: scratch)
    }

    @Test func testsComeInRunOrderWithDesignIDsForBothFrameworks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = try readStandard(folder)
        #expect(
            contents.tests.map(\.id) == [
                "AppTests.CartTests/Checkout/total()", "AppTests.CartTests/discount(_:)", "AppTests.CartTests/later()",
                "AppTests/freeFunction()", "AppXCTests.LoginTests/testRetry", "AppXCTests.LoginTests/testKnown",
                "AppXCTests.LoginTests/testScreenshot",
            ])
        #expect(contents.tests.map(\.order) == Array(1...7))
        let total = try #require(contents.tests.first)
        #expect(total.suite == "CartTests/Checkout")
        #expect(total.name == "total()")
        #expect(total.framework == .swiftTesting)
        let free = try #require(contents.tests.first { $0.id == "AppTests/freeFunction()" })
        #expect(free.suite == "AppTests")
        #expect(free.framework == .swiftTesting)
        let retry = try #require(contents.tests.first { $0.name == "testRetry" })
        #expect(retry.framework == .xctest)
        #expect(retry.suite == "LoginTests")
    }

    @Test func aParameterizedTestIsOneTestFailedByItsFailingCase() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let discount = try #require(try readStandard(folder).tests.first { $0.name == "discount(_:)" })
        #expect(discount.status == .failed)
        // The failing case leads the message, as xcresulttool's tree nests it under that case.
        #expect(
            discount.failures == [
                TestFailure(
                    message: "[20] Expectation failed: (price → 80) == 90", file: "/src/AppTests/CartTests.swift",
                    line: 12)
            ])
        #expect(discount.output == ["Case (10): passed", "Case (20): failed"])
        #expect(discount.attempts.isEmpty)
        // xcresulttool's durationInSeconds: the mean of the two 0.125 s cases, not their sum.
        #expect(abs(discount.durationSeconds - 0.125) < 1e-9)
    }

    @Test func aRetriedTestThatPassedIsPassedAndFlakyWithBothAttempts() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let retry = try #require(try readStandard(folder).tests.first { $0.name == "testRetry" })
        #expect(retry.status == .passed)
        #expect(retry.flaky)
        #expect(retry.failures.isEmpty)
        #expect(retry.attempts.map(\.status) == [.failed, .passed])
        #expect(retry.attempts[0].failures.map(\.message) == ["XCTAssertTrue failed - not logged in"])
        // The mean of the two 0.5 s runs (xcresulttool's durationInSeconds); each attempt keeps its own.
        #expect(abs(retry.durationSeconds - 0.5) < 1e-9)
        #expect(retry.attempts.map(\.durationSeconds) == [0.5, 0.5])
    }

    @Test func skippedAndExpectedFailuresKeepTheirReasonsAsOutput() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let tests = try readStandard(folder).tests
        let later = try #require(tests.first { $0.name == "later()" })
        #expect(later.status == .skipped)
        #expect(later.output == ["Skipped: Test 'later()' skipped: not yet"])
        let known = try #require(tests.first { $0.name == "testKnown" })
        #expect(known.status == .expectedFailure)
        #expect(known.failures.isEmpty)
        #expect(known.output == ["Known issue: Bug 42: rounding"])
    }

    @Test func theRunDestinationBecomesTheResolvedDevice() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = try readStandard(folder)
        #expect(
            contents.device
                == ResolvedDevice(
                    platform: "iOS Simulator", name: "iPhone SE (3rd generation)",
                    udid: "0A1B2C3D-0000-4000-8000-000000000001",
                    runtime: "iOS 18.2", runtimeBuild: "22C150", deviceType: "iPhone SE (3rd generation)",
                    architecture: "arm64"))
        #expect(contents.xcodeVersion == "Xcode 16.2 (16C5032a)")
    }

    @Test func attachmentsAreLinkedToTheirTestAndMissingOnesNoted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try expectStandardAttachments(try readStandard(folder))
    }

    @Test(
        .enabled(
            if: XCResultFixtures.zstdInstalled,
            "needs the zstd program (apt-get install zstd) to compress the fixture's payload"))
    func zstdCompressedPayloadsAreDecompressedByTheRealProgram() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = try readStandard(folder, png: .zstd)
        let compressed = try Data(contentsOf: folder.url.appendingPathComponent("Run.xcresult/Data/data.0~png"))
        #expect(Array(compressed.prefix(4)) == XCResultDatabasePayloads.zstdMagic)
        try expectStandardAttachments(contents)
    }

    private func expectStandardAttachments(_ contents: ResultBundleContents) throws {
        #expect(contents.attachments.count == 2)
        let png = try #require(contents.attachments.first)
        #expect(png.testID == "AppXCTests.LoginTests/testScreenshot")
        #expect(png.name == "Login screen")
        #expect(png.mediaType == "image/png")
        guard case .file(let stored) = png.content else {
            Issue.record("expected a file")
            return
        }
        #expect(try Data(contentsOf: stored) == XCResultFixtures.screenshot)
        let text = contents.attachments[1]
        #expect(text.name == XCResultFixtures.hostileName)
        guard case .file(let passedThrough) = text.content else {
            Issue.record("expected the payload file")
            return
        }
        #expect(try Data(contentsOf: passedThrough) == XCResultFixtures.hostileText)
        #expect(
            contents.notes == [
                "Attachment 'Gone' of AppXCTests.LoginTests/testScreenshot is unavailable: its payload Data/data.0~gone is missing from the bundle."
            ])
    }

    @Test func withoutZstdCompressedPayloadsAreListedAsUnavailable() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = FakeCommandRunner([
            "zstd": (
                CommandResult(
                    exitStatus: 127, standardOutput: Data(),
                    standardError: Data("env: 'zstd': No such file or directory".utf8)), nil
            )
        ])
        let contents = try readStandard(
            folder, png: .zstdLookalike, payloads: XCResultDatabasePayloads(runner: missing))
        #expect(contents.attachments.map(\.name) == [XCResultFixtures.hostileName])
        #expect(
            contents.notes.first
                == "Attachment 'Login screen' of AppXCTests.LoginTests/testScreenshot is unavailable: it is zstd-compressed and the `zstd` program is not installed (apt-get install zstd)."
        )
        #expect(contents.tests.count == 7)
    }

    @Test func aPayloadZstdRejectsIsUnavailableWithItsReason() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let broken = FakeCommandRunner([
            "zstd": (
                CommandResult(exitStatus: 1, standardOutput: Data(), standardError: Data("zstd: corrupted block".utf8)),
                nil
            )
        ])
        let contents = try readStandard(folder, png: .zstdLookalike, payloads: XCResultDatabasePayloads(runner: broken))
        #expect(
            contents.notes.first?.contains("zstd could not decompress Data/data.0~png (exit 1: zstd: corrupted block)")
                == true)
    }

    @Test(arguments: ["../escape", "a/b", "..", ""])
    func aPayloadIDThatIsNotAFileNameIsNeverOpened(id: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var budget = AttachmentBudget()
        let outcome = XCResultDatabasePayloads().load(
            payloadID: id, bundle: folder.url, scratchDirectory: folder.url, index: 0, budget: &budget)
        #expect(outcome == .unavailable(reason: "its payload id is not a file name"))
    }
}
