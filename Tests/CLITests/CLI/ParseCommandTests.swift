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
        let report = try RunReportFile.load(at: folder.url.appendingPathComponent("out/latest"))
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
                """
                build.log: the build failed before any test ran: /src/Sources/Shop/Cart.swift:12:21: error: cannot \
                convert value of type 'String' to specified type 'Int'. Fix what it names and run again.
                """))
        let latest = folder.url.appendingPathComponent("out/latest")
        let report = try RunReportFile.load(at: latest)
        #expect(report.status == .error)
        #expect(report.tests.isEmpty)
        let error = try #require(report.errors.first)
        #expect(report.errors.count == 1)
        #expect(
            error.message
                == """
                the build failed before any test ran: /src/Sources/Shop/Cart.swift:12:21: error: cannot convert \
                value of type 'String' to specified type 'Int'
                """)
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
        for name in ["summary.md", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent(name).path), "\(name)")
        }
        // The log is named, not copied: read once more for its size and hash, as the parse stopped at it.
        #expect(!FileManager.default.fileExists(atPath: latest.appendingPathComponent("console.log").path))
        #expect(report.inputs?.first?.bytes == Self.buildFailureLog.utf8.count)
        #expect(report.inputs?.first?.sha256 == SHA256.hex(Array(Self.buildFailureLog.utf8)))
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

    /// `swift test --sanitize=thread`: every test printed `passed`, ThreadSanitizer reported a race and the process
    /// exited 66. The run failed (exit 1), and the error names the report and the test it came in.
    @Test func aThreadSanitizerReportFailsARunWhoseTestsPassed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = [
            "Test Suite 'All tests' started at 2026-11-29 23:17:15.700",
            "Test Case 'RaceTests.testRace' started at 2026-11-29 23:17:15.725",
            "WARNING: ThreadSanitizer: data race (pid=22557)",
            "SUMMARY: ThreadSanitizer: data race /src/Sources/CBad/cbad.c:5:74 in worker",
            "Test Case 'RaceTests.testRace' passed (0.13 seconds)",
            "Test Suite 'All tests' passed at 2026-11-29 23:17:15.855",
            "\t Executed 1 test, with 0 failures (0 unexpected) in 0.13 (0.13) seconds",
            "ThreadSanitizer: reported 1 warnings",
        ]
        try Data((log.joined(separator: "\n") + "\n").utf8).write(to: folder.url.appendingPathComponent("tsan.log"))
        let (context, standardError) = Self.context(in: folder)
        let code = try await ParseCommand(arguments: ["tsan.log", "--output", "out"]).run(in: context)
        #expect(code == .testsFailed, "\(standardError.text)")
        #expect(standardError.text.contains("ThreadSanitizer: data race while RaceTests/testRace ran at tsan.log:3"))
        let report = try RunReportFile.load(at: folder.url.appendingPathComponent("out/latest"))
        #expect(report.status == .failed && report.totals.passed == 1)
    }

    /// SwiftPM's own error naming no file (a product the manifest cannot find) stopped the build: an `error` run that
    /// quotes it (exit 3), never "no test output" (exit 2), which would ask for the log the user passed.
    @Test func swiftPMsOwnErrorBeforeAnyTestIsTheRunsError() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log =
            "[0/1] Planning build\nerror: 'bld': product 'Nope' required by package 'bld' target 'BldTests' not found.\n"
        try Data(log.utf8).write(to: folder.url.appendingPathComponent("build.log"))
        let (context, standardError) = Self.context(in: folder)
        let code = try await ParseCommand(arguments: ["build.log", "--output", "out"]).run(in: context)
        #expect(code == .infrastructure, "\(standardError.text)")
        #expect(standardError.text.contains("the build failed before any test ran: error: 'bld': product 'Nope'"))
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
        let report = try RunReportFile.load(at: latest)
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
        // No test failed: the one `<error>` is smokerun's own case saying the run is incomplete (exit 3), so a CI
        // test tab never shows the cut run green.
        #expect(!junit.contains("<failure") && junit.components(separatedBy: "<error").count == 2)
        #expect(junit.contains("<error message=\"the run is incomplete (the log ends before the run finished"))
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
        let report = try RunReportFile.load(at: runs.appendingPathComponent(name))
        #expect(report.startedAt == (try date("2016-12-15T10:43:15Z")))
        #expect(report.finishedAt == (try date("2016-12-15T10:43:17Z")))
        #expect(report.durationSeconds == 2)
        #expect(try #require(report.parsedAt) >= before.addingTimeInterval(-1))
    }
}

/// A log that holds only a framework's closing totals (a grep'd excerpt) shows no test, but its own totals say tests
/// failed: that run cannot pass. It fails (exit 1) with 0 tests, and says which totals counted the failures.
@Suite struct TotalsOnlyLogTests {
    @Test(arguments: [
        (
            "\t Executed 5 tests, with 3 failures (0 unexpected) in 1.234 (1.300) seconds\n",
            "XCTest's own totals count 3 failures (totals.log:1) in tests the input does not show"
        ),
        (
            "✘ Test run with 5 tests failed after 0.101 seconds with 3 issues.\n",
            "Swift Testing's own totals count 3 issues (totals.log:1) in tests the input does not show"
        ),
    ])
    func aLogOfFailingTotalsAloneFails(log: String, notice: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(log.utf8).write(to: folder.url.appendingPathComponent("totals.log"))
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: ["totals.log", "--output", "out"]).run(in: context)
        #expect(code == .testsFailed, "\(err.text)")
        let runs = folder.url.appendingPathComponent("out/runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let report = try RunReportFile.load(at: runs.appendingPathComponent(name))
        #expect(report.status == .failed)
        #expect(report.tests.isEmpty)
        #expect(report.errors.contains { $0.message.contains(notice) }, "\(report.errors.map(\.message))")
        #expect(err.text.contains(notice))
    }

    @Test func passingTotalsAloneAreIncomplete() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("\t Executed 5 tests, with 0 failures (0 unexpected) in 1.234 (1.300) seconds\n".utf8).write(
            to: folder.url.appendingPathComponent("totals.log"))
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: ["totals.log", "--output", "out"]).run(in: context)
        // Nothing failed by anyone's count, but smokerun read none of the 5 tests the totals count: it concludes
        // nothing (this passed, exit 0, before a pass needed a test smokerun read). Incomplete, exit 3.
        #expect(code == .infrastructure)
        #expect(err.text.contains("XCTest's own totals count 5 executions (totals.log:1), yet smokerun read none"))
    }
}

/// An event stream is untrusted input: an attachment named by path must not carry a file from
/// elsewhere on the machine (`/etc/passwd`, `../x`, a symlink out) into an uploaded report.
@Suite struct HostileEventStreamTests {
    private let testID = "ShopTests.CartSuite/addsItem()/CartSuite.swift:8:6"

    private func record(_ payload: String) -> String { #"{"kind":"event","version":0,"payload":"# + payload + "}" }

    private func attachment(path: String, name: String) -> String {
        record(
            #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{"_path":"\#(path)","_preferredName":"\#(name)"},"messages":[]}"#
        )
    }

    /// temp/secret.txt, temp/in/{events.jsonl, good.txt, link → ../secret.txt}.
    private func writeStream(in folder: URL) throws -> URL {
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("SECRET-CONTENT".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try Data("good".utf8).write(to: input.appendingPathComponent("good.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("link").path, withDestinationPath: "../secret.txt")
        let lines = [
            record(#"{"kind":"runStarted","messages":[]}"#),
            record(#"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#),
            attachment(path: "/etc/passwd", name: "passwd"),
            attachment(path: input.path + "/../secret.txt", name: "dotdot"),
            attachment(path: "../secret.txt", name: "relative"),
            attachment(path: input.appendingPathComponent("link").path, name: "symlink"),
            attachment(path: input.appendingPathComponent("good.txt").path, name: "good.txt"),
            record(
                #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"pass","text":"Test addsItem() passed after 0.1 seconds."}]}"#
            ),
            record(#"{"kind":"runEnded","messages":[]}"#),
        ]
        let stream = input.appendingPathComponent("events.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: stream)
        return stream
    }

    private func parse(_ arguments: [String], in folder: URL) async throws -> (ExitCode, RunReport, URL, String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder)
        let code = try await ParseCommand(arguments: arguments + ["--output", "out"]).run(in: context)
        let runs = folder.appendingPathComponent("out/runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let runDirectory = runs.appendingPathComponent(name)
        return (code, try RunReportFile.load(at: runDirectory), runDirectory, err.text)
    }

    @Test func attachmentsFromOutsideTheInputFolderAreRefusedAndListed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try writeStream(in: folder.url)
        let (code, report, runDirectory, stderr) = try await parse(["in/events.jsonl"], in: folder.url)
        #expect(code == .passed)
        let test = try #require(report.tests.first)
        #expect(test.attachments.map(\.name) == ["good.txt"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: runDirectory.appendingPathComponent("attachments").path)
                .count == 1)
        let messages = report.errors.map(\.message)
        #expect(messages.count == 4, "\(messages)")
        for name in ["passwd", "dotdot", "relative", "symlink"] {
            #expect(
                messages.contains {
                    $0.hasPrefix("attachment '\(name)' of ShopTests.CartSuite/addsItem() was not copied")
                }, "\(name): \(messages)")
        }
        #expect(messages.contains { $0.contains("/etc/passwd lies outside the allowed folders") })
        #expect(messages.contains { $0.contains("resolves (through a symlink) to") })
        #expect(messages.allSatisfy { $0.contains("--attachments-from DIR") })
        #expect(stderr.contains("warning: attachment 'passwd'"))
        for file in ["index.html", "report.json", "summary.md", "junit.xml"] {
            let text = try String(contentsOf: runDirectory.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("SECRET-CONTENT") && !text.contains("root:x:0"), "\(file) carries a foreign file")
        }
    }

    @Test func attachmentsFromNamesTheFolderThatMayBeRead() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try writeStream(in: folder.url)
        let (_, report, _, _) = try await parse(["in/events.jsonl", "--attachments-from", "."], in: folder.url)
        let test = try #require(report.tests.first)
        // The folder now holds secret.txt: `..` and the symlink into it are allowed; /etc/passwd still is not.
        // `../secret.txt` is read from the stream's folder, so it is inside `.` too.
        #expect(test.attachments.map(\.name).sorted() == ["dotdot", "good.txt", "relative", "symlink"])
        #expect(report.errors.count == 1)
    }

    @Test func aRelativeAttachmentPathIsReadFromTheStreamFolderNotTheCurrentDirectory() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("beside the stream".utf8).write(to: input.appendingPathComponent("shot.txt"))
        let lines = [
            record(#"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#),
            attachment(path: "shot.txt", name: "shot.txt"),
            record(
                #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"pass","text":"Test addsItem() passed after 0.1 seconds."}]}"#
            ),
            record(#"{"kind":"runEnded","messages":[]}"#),
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input.appendingPathComponent("events.jsonl"))
        // The process's current directory is neither `folder` nor `in`: only the stream's folder finds shot.txt.
        #expect(FileManager.default.currentDirectoryPath != input.path)
        let (_, report, runDirectory, _) = try await parse(["in/events.jsonl"], in: folder.url)
        let test = try #require(report.tests.first)
        #expect(test.attachments.map(\.name) == ["shot.txt"], "\(report.errors.map(\.message))")
        #expect(report.errors.isEmpty)
        let stored = try FileManager.default.contentsOfDirectory(
            atPath: runDirectory.appendingPathComponent("attachments").path)
        #expect(stored.count == 1)
    }

    @Test func policyKeepsInMemoryBytesAndFilesInside() {
        let policy = AttachmentSourcePolicy(allowedFolders: [URL(fileURLWithPath: "/runs/r1")])
        var fake = policy
        fake.realPath = { path in path.hasPrefix("/runs/r1/link") ? "/home/me/.ssh/id_rsa" : path }
        let raws = [
            RawAttachment(testID: "T", name: "bytes", content: .bytes(Data("x".utf8))),
            RawAttachment(testID: "T", name: "inside", content: .file(URL(fileURLWithPath: "/runs/r1/scratch/a.png"))),
            RawAttachment(testID: "T", name: "sibling", content: .file(URL(fileURLWithPath: "/runs/r10/a.png"))),
            RawAttachment(testID: "T", name: "link", content: .file(URL(fileURLWithPath: "/runs/r1/link"))),
        ]
        let result = fake.filter(raws)
        #expect(result.allowed.map(\.name) == ["bytes", "inside"])
        #expect(result.refused.count == 2)
        #expect(result.refused[1].message.contains("/home/me/.ssh/id_rsa"))
    }

    @Test(arguments: ["", "json,", ",html"])
    func anEmptyFormatIsAUsageError(_ list: String) {
        #expect(throws: UsageError.self) { try ParseCommand(arguments: ["x.log", "--format", list]) }
    }
}
