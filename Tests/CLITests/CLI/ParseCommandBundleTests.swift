import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun parse X.xcresult` end to end over a fixture bundle (lives here, beside the reader it drives).
@Suite struct ParseCommandBundleTests {
    private func context(_ folder: TemporaryDirectory) -> (HostContext, BufferOutput, BufferOutput) {
        let out = BufferOutput()
        let err = BufferOutput()
        return (
            HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder.url), out,
            err
        )
    }

    private func onlyRunDirectory(_ folder: TemporaryDirectory) throws -> URL {
        let runs = folder.url.appendingPathComponent("out/runs")
        let names = try FileManager.default.contentsOfDirectory(atPath: runs.path)
        #expect(names.count == 1)
        return runs.appendingPathComponent(try #require(names.first))
    }

    /// The bundle of a build that failed holds no test: a run folder still, status `error` naming the first compiler
    /// error (every one in its details), exit 3, as the log of that build gives; never a refusal without junit.xml.
    @Test func aBundleOfAFailedBuildIsARunOfNoneThatSaysWhy() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let schema = XCResultFixtureBuilder.schema + ";\nCREATE TABLE BuildIssues (issueType TEXT, message TEXT)"
        let builder = try XCResultFixtureBuilder(
            at: folder.url.appendingPathComponent("Broken.xcresult"), schema: schema)
        try builder.insert(
            "BuildIssues", ["issueType": "Swift Compiler Error", "message": "Cannot find 'total' in scope"])
        let (context, _, err) = context(folder)
        let code = try await ParseCommand(arguments: ["Broken.xcresult", "--output", "out"]).run(in: context)
        #expect(code == .infrastructure)
        #expect(err.text.contains("the build failed before any test ran: Cannot find 'total' in scope"))
        let report = try RunReportFile.load(at: try onlyRunDirectory(folder))
        #expect(report.status == .error && report.tests.isEmpty)
        #expect(report.errors.first?.details == ["Cannot find 'total' in scope"])
    }

    @Test func aBundleBecomesARunDirectoryWithAttachmentsAndDevice() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try XCResultFixtures.standard(at: folder.url.appendingPathComponent("Run.xcresult"))
        let (context, out, _) = context(folder)
        let code = try await ParseCommand(arguments: ["Run.xcresult", "--output", "out"]).run(in: context)
        #expect(code == .testsFailed)
        #expect(out.text.contains("7 tests: 4 passed, 1 failed, 0 crashed, 0 timed out, 1 skipped, 1 expected failure"))

        let runDirectory = try onlyRunDirectory(folder)
        let report = try RunReportFile.load(at: runDirectory)
        #expect(report.device.name == "iPhone SE (3rd generation)")
        #expect(report.toolchain?.version == "Xcode 16.2 (16C5032a)")
        #expect(report.totals.flaky == 1)
        #expect(report.status == .failed)
        #expect(
            report.errors.map(\.message) == [
                "Attachment 'Gone' of AppXCTests.LoginTests/testScreenshot is unavailable: its payload Data/data.0~gone is missing from the bundle."
            ])
        let screenshot = try #require(report.tests.first { $0.name == "testScreenshot" })
        #expect(screenshot.attachments.map(\.name) == ["Login screen", XCResultFixtures.hostileName])
        let attachmentsFolder = runDirectory.appendingPathComponent("attachments").standardizedFileURL
        for record in screenshot.attachments {
            #expect(record.path.hasPrefix("attachments/"))
            #expect(!record.path.dropFirst("attachments/".count).contains("/"))
            #expect(!record.path.contains("..") && !record.path.contains("\u{0}"))
            let file = runDirectory.appendingPathComponent(record.path).standardizedFileURL
            #expect(file.deletingLastPathComponent().path == attachmentsFolder.path)
        }
        let png = runDirectory.appendingPathComponent(screenshot.attachments[0].path)
        #expect(try Data(contentsOf: png) == XCResultFixtures.screenshot)
        #expect(screenshot.attachments[0].mediaType == "image/png")
        let html = try String(contentsOf: runDirectory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains(screenshot.attachments[0].path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x").path))
    }

    @Test func anOlderBundleOnLinuxEndsWithTheExit2Message() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Old.xcresult")
        try XCResultFixtures.older(at: bundle)
        let (context, _, _) = context(folder)
        let error = await #expect(throws: ResultBundleError.self) {
            try await ParseCommand(arguments: ["Old.xcresult", "--output", "out"]).run(in: context)
        }
        #expect(error == .needsXCResultTool(path: bundle.path))
        #expect(error?.kind == .invalidInput)
    }

    @Test func crossCheckWithoutXcodeIsExit2() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try XCResultFixtures.standard(at: folder.url.appendingPathComponent("Run.xcresult"))
        let (context, _, _) = context(folder)
        let error = await #expect(throws: ResultBundleError.self) {
            try await ParseCommand(arguments: ["Run.xcresult", "--cross-check"]).run(in: context)
        }
        #expect(error == .crossCheckNeedsXcode)
    }

    @Test func crossCheckWritesTheReportThenFailsOnDifferences() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try XCResultFixtures.standard(at: folder.url.appendingPathComponent("Run.xcresult"))
        var fromTool = try XCResultDatabaseReader().read(
            bundle: folder.url.appendingPathComponent("Run.xcresult"), scratchDirectory: folder.url)
        fromTool.tests[0].status = .failed
        let canned = fromTool
        var command = try ParseCommand(arguments: ["Run.xcresult", "--cross-check", "--output", "out"])
        command.makeXCResultToolReader = { _ in CannedReader(contents: canned) }
        let (context, _, _) = context(folder)
        let error = await #expect(throws: ResultBundleError.self) { try await command.run(in: context) }
        #expect(
            error
                == .readingsDiffer(
                    path: folder.url.appendingPathComponent("Run.xcresult").path,
                    differences: [
                        "AppTests.CartTests/Checkout/total(): status passed in the database, failed from xcresulttool"
                    ]))
        #expect(error?.kind == .infrastructure)
        _ = try onlyRunDirectory(folder)
    }

    @Test(arguments: [["A.xcresult", "log.txt"], ["log.txt", "--cross-check"]])
    func bundlesAreReadAloneAndCrossCheckOnlyForBundles(arguments: [String]) {
        #expect(throws: UsageError.self) { try ParseCommand(arguments: arguments) }
    }
}

/// What `parse` makes of a bundle's timestamps, missing payloads and folders that are not bundles.
@Suite struct ParseCommandBundleFidelityTests {
    private func context(_ folder: TemporaryDirectory) -> HostContext {
        HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
    }

    private func report(in folder: TemporaryDirectory) throws -> (report: RunReport, directory: URL) {
        let runs = folder.url.appendingPathComponent("out/runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let directory = runs.appendingPathComponent(name)
        return (try RunReportFile.load(at: directory), directory)
    }

    @Test func theReportHasTheRecordedRunsTimesAndSaysWhenItWasParsed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try XCResultConfigurationFixture.bundle(at: folder.url.appendingPathComponent("Shop.xcresult"))
        let before = Date()
        _ = try await ParseCommand(arguments: ["Shop.xcresult", "--output", "out"]).run(in: context(folder))
        let report = try report(in: folder).report
        #expect(report.startedAt == XCResultConfigurationFixture.started)
        #expect(report.finishedAt == XCResultConfigurationFixture.finished)
        #expect(report.durationSeconds == 100)
        let parsedAt = try #require(report.parsedAt)
        #expect(parsedAt >= before.addingTimeInterval(-1))
        #expect(report.device.name == "iPhone 16")
    }

    @Test func aMissingPayloadIsAnErrorNeverATestAndJUnitHasExactlyTheReportsTests() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try XCResultFixtures.standard(at: folder.url.appendingPathComponent("Run.xcresult"))
        let code = try await ParseCommand(arguments: ["Run.xcresult", "--output", "out"]).run(in: context(folder))
        #expect(code == .testsFailed)
        let (report, directory) = try report(in: folder)
        #expect(report.errors.map(\.message).contains { $0.contains("Data/data.0~gone is missing") })
        #expect(!report.tests.contains { $0.name.contains("Gone") || $0.id.contains("infrastructure") })
        let junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == report.tests.count)
        #expect(junit.contains("Data/data.0~gone is missing"))
    }

    @Test(arguments: ["Copied.xcresult", "Copied"])
    func aFolderWithoutInfoPlistIsNotABundleEvenWithADatabase(name: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent(name)
        try XCResultFixtures.standard(at: bundle)
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Info.plist"))
        let error = await #expect(throws: ResultBundleError.self) {
            try await ParseCommand(arguments: [name, "--output", "out"]).run(in: context(folder))
        }
        #expect(error == .notABundle(path: bundle.path))
        #expect(error?.kind == .invalidInput)
        #expect(error?.errorDescription?.contains("has no Info.plist") == true)
    }
}
