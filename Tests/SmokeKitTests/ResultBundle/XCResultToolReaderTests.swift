import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// `XCResultToolReader` over the fake scenario `smoke`, through a fake `CommandRunning`.
@Suite struct XCResultToolReaderTests {
    let bundle = URL(fileURLWithPath: "/Users/ci/SmokeApp/.smokerun/bundles/1.xcresult")

    private func scratch() throws -> URL {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-xcresulttool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func smokeScenarioGivesEveryTestWithStatusesFailuresAndDevice() throws {
        let runner = XCResultToolFakeRunner()
        let contents = try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: try scratch())
        #expect(
            contents.tests.map(\.id) == [
                "SmokeAppTests.SmokeAppTests/testLaunchShowsTipButton",
                "SmokeAppTests.SmokeAppTests/testSplitBillOnIPad",
                "SmokeAppTests.SmokeAppTests/testTipIsRoundedToCents",
                "SmokeAppTests.SmokeAppTests/testTipScreenScreenshot",
                "SmokeAppSwiftTests.TipCalculatorTests/totalIncludesTip()",
                "SmokeAppSwiftTests.TipCalculatorTests/roundingKnownIssue()",
            ])
        #expect(contents.tests.map(\.status) == [.passed, .skipped, .failed, .passed, .passed, .expectedFailure])
        #expect(contents.tests.map(\.framework) == [.xctest, .xctest, .xctest, .xctest, .swiftTesting, .swiftTesting])
        #expect(contents.tests.map(\.order) == [1, 2, 3, 4, 5, 6])
        #expect(contents.tests[0].durationSeconds == 0.412)
        let failure = try #require(contents.tests[2].failures.first)
        #expect(
            failure
                == TestFailure(
                    message: #"XCTAssertEqual failed: ("15.0") is not equal to ("15.5") - tip for 100.0 at 15.5%"#,
                    file: "SmokeAppTests.swift", line: 27))
        #expect(contents.tests[1].output == ["Skipped: SmokeAppTests.swift:41: Test skipped - Split bill is iPad only"])
        #expect(contents.tests[5].failures.isEmpty)
        #expect(
            contents.tests[5].output.first?.hasPrefix("Known issue: TipCalculatorTests.swift:18: Expectation failed")
                == true)
        #expect(
            contents.device
                == ResolvedDevice(
                    platform: "iOS Simulator", name: "iPhone SE (3rd generation)",
                    udid: "8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90",
                    runtime: "iOS 17.5", runtimeBuild: "21F79", deviceType: "iPhone SE (3rd generation)",
                    architecture: "arm64"))
        #expect(contents.xcodeVersion == "Xcode 16.2 (16C5032a)")
        #expect(contents.notes.isEmpty)
    }

    @Test func activitiesAreFetchedOnlyForFailedTestsAndBecomeTheirOutput() throws {
        let runner = XCResultToolFakeRunner()
        let contents = try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: try scratch())
        let activityCalls = runner.calls.filter { $0.contains("activities") }
        #expect(
            activityCalls == [
                [
                    "xcresulttool", "get", "test-results", "activities", "--test-id",
                    "SmokeAppTests/testTipIsRoundedToCents()",
                    "--path", bundle.path, "--schema-version", "0.1.0",
                ]
            ])
        #expect(
            contents.tests[2].output == [
                "Start Test at 2026-11-22 04:00:45.301", "Set Up", "✘ Check rounding to cents",
                "  Compute tip for 100.0 at 15.5%", "Tear Down",
            ])
    }

    @Test func commandLinesPassTheSchemaVersionAndExportAttachmentsOnce() throws {
        let runner = XCResultToolFakeRunner()
        let scratch = try scratch()
        _ = try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: scratch)
        let exportFolder = scratch.appendingPathComponent("xcresulttool-attachments").path
        #expect(
            runner.calls.map { $0.joined(separator: " ") } == [
                "xcresulttool version",
                "xcresulttool get test-results tests --path \(bundle.path) --schema-version 0.1.0",
                "xcresulttool get test-results summary --path \(bundle.path) --schema-version 0.1.0",
                "xcresulttool get test-results activities --test-id SmokeAppTests/testTipIsRoundedToCents() --path \(bundle.path) --schema-version 0.1.0",
                "xcresulttool export attachments --path \(bundle.path) --output-path \(exportFolder)",
            ])
    }

    @Test func screenshotIsJoinedToItsTestThroughTheManifest() throws {
        let contents = try XCResultToolReader(runner: XCResultToolFakeRunner()).read(
            bundle: bundle, scratchDirectory: try scratch())
        let attachment = try #require(contents.attachments.first)
        #expect(contents.attachments.count == 1)
        #expect(attachment.testID == "SmokeAppTests.SmokeAppTests/testTipScreenScreenshot")
        #expect(attachment.name == "Tip screen.png")
        guard case .file(let url) = attachment.content else {
            Issue.record("expected an exported file, got \(attachment.content)")
            return
        }
        let bytes = try Data(contentsOf: url)
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func aBundleWithoutTestsIsAnInvalidInputError() throws {
        let runner = XCResultToolFakeRunner()
        runner.overrides["get test-results tests --path \(bundle.path) --schema-version 0.1.0"] =
            XCResultToolFakeRunner.output(
                #"{"devices": [], "testNodes": [{"name": "SmokeApp", "nodeType": "Test Plan", "result": "Failed"}]}"#)
        let error = try #require(throws: XCResultToolError.self) {
            try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: try scratch())
        }
        #expect(error.kind == .invalidInput)
        #expect(error.localizedDescription.contains("holds no tests"))
    }

    @Test func outputThatIsNotJSONNamesTheCommandAndExitsTwo() throws {
        let runner = XCResultToolFakeRunner()
        runner.overrides["get test-results tests --path \(bundle.path) --schema-version 0.1.0"] =
            XCResultToolFakeRunner.output("Error: bundle is damaged")
        let error = try #require(throws: XCResultToolError.self) {
            try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: try scratch())
        }
        #expect(error.kind == .invalidInput)
        #expect(error.localizedDescription.contains("xcrun xcresulttool get test-results tests"))
    }

    @Test func aFailingToolIsAnInfrastructureErrorWithItsOutput() throws {
        let runner = XCResultToolFakeRunner()
        runner.overrides["version"] = XCResultToolFakeRunner.failure(
            "xcrun: error: unable to find utility \"xcresulttool\"")
        let error = try #require(throws: XCResultToolError.self) {
            try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: try scratch())
        }
        #expect(error.kind == .infrastructure)
        #expect(error.localizedDescription.contains("unable to find utility"))
    }

    @Test func missingSummaryActivitiesAndExportAreNotesNotErrors() throws {
        let runner = XCResultToolFakeRunner(folder: try scratch())
        try FileManager.default.copyItem(
            at: XCResultToolFakeRunner.smokeScenario.appendingPathComponent("tests.json"),
            to: runner.folder.appendingPathComponent("tests.json"))
        try Data("xcresulttool version 23500, schema version: 0.1.0 (legacy commands format version: 3.53)".utf8)
            .write(to: runner.folder.appendingPathComponent("version.txt"))
        let contents = try XCResultToolReader(runner: runner).read(bundle: bundle, scratchDirectory: try scratch())
        #expect(contents.tests.count == 6)
        #expect(contents.device?.udid == "8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90") // from the tests document's devices
        #expect(contents.notes.count == 2) // summary, activities; the export copied nothing and has no manifest
    }
}
