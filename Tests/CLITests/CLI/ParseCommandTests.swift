import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun parse` end to end over the inputs beside logs and event streams: JUnit XML, a log whose build failed,
/// a formatted log.
@Suite struct ParseCommandTests {
    private static func context(in folder: TemporaryDirectory) -> (HostContext, BufferOutput) {
        let standardError = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: standardError, environment: [:],
            currentDirectory: folder.url)
        return (context, standardError)
    }

    @Test func theXUnitPairIsOneReportWithBothFrameworks() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(JUnitSamples.swiftPMXCTest.utf8).write(to: folder.url.appendingPathComponent("x.xml"))
        try Data(JUnitSamples.swiftPMSwiftTesting.utf8).write(
            to: folder.url.appendingPathComponent("x-swift-testing.xml"))
        let (context, _) = Self.context(in: folder)
        let code = try await ParseCommand(arguments: ["x.xml", "x-swift-testing.xml", "--output", "out"]).run(
            in: context)
        #expect(code == .testsFailed)
        let report = try RunStore.loadReport(at: folder.url.appendingPathComponent("out/latest"))
        #expect(report.status == .failed)
        #expect(report.totals.tests == 8 && report.totals.failed == 2 && report.totals.skipped == 1)
        #expect(Set(report.tests.map(\.framework)) == [.xctest, .swiftTesting])
        #expect(report.inputs?.map(\.format) == ["junit", "junit"])
        #expect(report.reconciliation?.agrees == true)
        #expect(report.reconciliation?.sources.map(\.framework) == ["xctest", "swift-testing"])
        for test in report.tests where test.status.isFailure {
            #expect(test.evidence?.what == "the JUnit file records a <failure>")
        }
    }

    static let buildFailureLog = """
        Building for debugging...
        [3/9] Compiling Shop Cart.swift
        /src/Sources/Shop/Cart.swift:12:21: error: cannot convert value of type 'String' to specified type 'Int'
         10 |
         11 | struct Cart {
         12 |     let total: Int = "zero"
            |                      `- error: cannot convert value of type 'String' to specified type 'Int'
         13 | }
        /src/Sources/Shop/Cart.swift:20:5: error: cannot find 'items' in scope
        ** TEST BUILD FAILED **

        """

    @Test func aLogWhoseBuildFailedWritesAnErrorReportAndExitsThree() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(Self.buildFailureLog.utf8).write(to: folder.url.appendingPathComponent("build.log"))
        let (context, standardError) = Self.context(in: folder)
        let code = try await ParseCommand(arguments: ["build.log", "--output", "out"]).run(in: context)
        #expect(code == .infrastructure)
        #expect(
            standardError.text.contains(
                "build.log: the build failed before any test ran: /src/Sources/Shop/Cart.swift:12:21: error: cannot "
                    + "convert value of type 'String' to specified type 'Int'. Fix what it names and run again."))
        let latest = folder.url.appendingPathComponent("out/latest")
        let report = try RunStore.loadReport(at: latest)
        #expect(report.status == .error)
        #expect(report.tests.isEmpty)
        let error = try #require(report.errors.first)
        #expect(report.errors.count == 1)
        #expect(
            error.message
                == "the build failed before any test ran: /src/Sources/Shop/Cart.swift:12:21: error: cannot convert "
                + "value of type 'String' to specified type 'Int'")
        #expect(
            error.details == [
                "/src/Sources/Shop/Cart.swift:12:21: error: cannot convert value of type 'String' to specified type 'Int'",
                "/src/Sources/Shop/Cart.swift:20:5: error: cannot find 'items' in scope",
            ])
        // As `run` writes a failed build: one suite holding one <error>, so a CI step that uploads it shows the error.
        let junit = try String(contentsOf: latest.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testsuite ").count == 2)
        #expect(junit.components(separatedBy: "<error ").count == 2)
        #expect(junit.contains("<testsuite name=\"smokerun.infrastructure\" tests=\"1\" failures=\"0\" errors=\"1\""))
        #expect(
            junit.contains("cannot find &#39;items&#39; in scope") || junit.contains("cannot find 'items' in scope"))
        for name in ["summary.md", "index.html", "console.log"] {
            #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent(name).path), "\(name)")
        }
        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("cannot convert value of type"))
    }

    @Test(.enabled(if: JUnitConsumers.available, "needs xmllint and python3 with junitparser"))
    func theBuildFailuresJUnitReadsAsOneErrorInRealConsumers() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(Self.buildFailureLog.utf8).write(to: folder.url.appendingPathComponent("build.log"))
        let (context, _) = Self.context(in: folder)
        _ = try await ParseCommand(arguments: ["build.log", "--output", "out"]).run(in: context)
        let latest = folder.url.appendingPathComponent("out/latest")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            JUnitConsumers.script.path, latest.appendingPathComponent("junit.xml").path,
            latest.appendingPathComponent("report.json").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "validate-junit.sh failed:\n\(text)")
    }

    @Test func aLogWithoutTestsOrAnExplanationStaysInvalidInput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("Resolving Package Graph\nhello\n".utf8).write(to: folder.url.appendingPathComponent("empty.log"))
        let (context, standardError) = Self.context(in: folder)
        let code = await CommandLineTool.run(arguments: ["parse", "empty.log", "--output", "out"], context: context)
        #expect(code == .invalidInput)
        #expect(standardError.text.contains("empty.log: contains no test output"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func aFormattedLogExitsTwoWithWhatToPassInstead() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(
            """
            Test Suite 'All tests' started at 2025-08-10 01:38:41.772.
                ✖ testForceFailure, XCTAssertTrue failed - True is never false.
                ✔ testMatch (0.002 seconds)
            Executed 2 tests, with 1 failure (0 unexpected) in 0.166 (0.166) seconds

            """.utf8
        ).write(to: folder.url.appendingPathComponent("pretty.log"))
        let (context, standardError) = Self.context(in: folder)
        let code = await CommandLineTool.run(arguments: ["parse", "pretty.log", "--output", "out"], context: context)
        #expect(code == .invalidInput)
        #expect(standardError.text.contains("pretty.log: is a formatted log (xcpretty or xcbeautify output; line 2"))
        #expect(standardError.text.contains("Pass the raw output of `swift test` or `xcodebuild test` instead"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func parseOfALogThatStopsExitsThreeAndSaysWithoutAResultNeverFailing() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(
            """
            Test Case '-[AppTests.CartTests testA]' started.
            Test Case '-[AppTests.CartTests testA]' passed (0.010 seconds).
            Test Case '-[AppTests.CartTests testB]' started.
            Test Case '-[AppTests.CartTests testB]' passed (0.010 seconds).
            Test Case '-[AppTests.CartTests testC]' started.
            """.utf8
        ).write(to: folder.url.appendingPathComponent("cut.log"))
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: ["cut.log", "--output", "out"]).run(in: context)
        #expect(code == .infrastructure)
        let latest = folder.url.appendingPathComponent("out/latest")
        let report = try RunStore.loadReport(at: latest)
        #expect(report.status == .incomplete)
        #expect(report.totals.unfinished == 1 && report.totals.failing == 0)
        #expect(report.incomplete?.lastLine == 5)
        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("the log ends before the run finished: 2 passed, 1 without a result"))
        #expect(!summary.contains("failing"))
        let page = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("the log ends before the run finished: 2 passed, 1 without a result"))
        let junit = try String(contentsOf: latest.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(
            junit.contains(
                "<skipped message=\"unfinished, no result: the input ends while the test runs (cut.log:5)\"/>"))
        #expect(!junit.contains("<error") && !junit.contains("<failure"))
    }

    private func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test func parseWritesTheLogsOwnTimesAndWhenItWasParsed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(
            """
            Test Suite 'All tests' started at 2016-12-15 10:43:15 +0000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' passed (1.000 seconds).
            Test Suite 'All tests' passed at 2016-12-15 10:43:17 +0000.
            \t Executed 1 test, with 0 failures (0 unexpected) in 1.000 (2.000) seconds
            """.utf8
        ).write(to: folder.url.appendingPathComponent("old.log"))
        let before = Date()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        _ = try await ParseCommand(arguments: ["old.log", "--output", "out"]).run(in: context)
        let runs = folder.url.appendingPathComponent("out/runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let report = try RunStore.loadReport(at: runs.appendingPathComponent(name))
        #expect(report.startedAt == (try date("2016-12-15T10:43:15Z")))
        #expect(report.finishedAt == (try date("2016-12-15T10:43:17Z")))
        #expect(report.durationSeconds == 2)
        #expect(try #require(report.parsedAt) >= before.addingTimeInterval(-1))
    }
}
