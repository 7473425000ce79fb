import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Inputs that are recognisably something else get a message naming what they are and what to pass instead.
@Suite struct InputRecognitionTests {
    typealias Support = ParsingTestSupport

    static func detect(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { InputFormatRegistry.standard.detect($0).name }
    }

    @Test(arguments: [
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n<testsuites>\n<testsuite name=\"TestResults\">",
            "junit"
        ),
        ("<testsuites name=\"All tests\" tests=\"6\">\n  <testsuite name=\"A\">", "junit"),
        ("\u{FEFF}<testsuite name=\"A\" tests=\"1\">", "junit"),
        ("<?xml version=\"1.0\"?>\n<testExecutions version=\"1\">\n<file path=\"A\">", "sonarTestExecutions"),
        ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">", "console"),
        (
            "{\n  \"devicesAndConfigurations\" : [],\n  \"totalTestCount\" : 6,\n  \"passedTests\" : 3\n}",
            "xcresultSummary"
        ),
        ("{\"testNodes\": [], \"devices\": []}", "xcresultTests"),
        ("<unknown>:0: error: cannot load module\nTest Case 'A.b' started", "console"),
    ])
    func documentsAreRecognisedFromTheirFirstBytes(head: String, format: String) {
        #expect(Self.detect(head) == format)
    }

    @Test(arguments: [
        "    ✓ testFoo (0.001 seconds)",
        "    ✗ testBar, XCTAssertTrue failed",
        "    ✖ testForceFailure, XCTAssertTrue failed - True is never false.",
        "    ✔ example() (0.001 seconds)",
        "    ⊘ skippedTest() skipped (Skipping this test)",
        "    ◷ testPerformance measured (0.001 seconds)",
        "▸ Running script 'SwiftLint'",
    ])
    func formattedTestLinesAreRecognised(line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { ConsoleFormat.isFormattedTestLine($0) })
    }

    @Test(arguments: [
        "✔ Test addsTwo() passed after 0.001 seconds.",
        "✘ Test failsOnPurpose() failed after 0.001 seconds with 1 issue.",
        "✔ Suite AdditionSuite passed after 0.001 seconds.",
        "◇ Test run started.",
        "Test Case 'A.testB' passed (0.001 seconds)",
        "Test Suite 'All tests' started at 2025-02-17 12:38:15.972.",
        "",
    ])
    func rawTestLinesAreNotFormatted(line: String) {
        #expect(!Array(line.utf8).withUnsafeBufferPointer { ConsoleFormat.isFormattedTestLine($0) })
    }

    @Test func aFormattedLogIsRefusedWithWhatToPassInstead() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                Test Suite 'All tests' started at 2025-08-10 01:38:41.772.
                Test Suite 'CaptureGroupTests' started at 2025-08-10 01:38:41.773.
                    \u{1B}[31m✖\u{1B}[0m testForceFailure, XCTAssertTrue failed - True is never false.
                    \u{1B}[32m✔\u{1B}[0m testMatch (0.002 seconds)
                Executed 2 tests, with 1 failure (0 unexpected) in 0.166 (0.166) seconds

                """.utf8), name: "formatted.log")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(
            error
                == .formattedLog(
                    path: file.path, line: 3, text: "✖ testForceFailure, XCTAssertTrue failed - True is never false."))
        #expect(error.kind == .invalidInput)
        let message = error.localizedDescription
        #expect(message.hasPrefix("\(file.path): is a formatted log"))
        #expect(message.contains("xcodebuild test … | tee raw.log | xcbeautify"))
        #expect(message.contains(".xcresult bundle"))
    }

    @Test func aRawLogWithAFewFormatterLinesStillParses() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                ▸ Running script 'SwiftLint'
                Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
                Test Case 'CartTests.testA' passed (0.001 seconds)

                """.utf8))
        #expect(try LogParser().parse(files: [file]).results.map(\.status) == [.passed])
    }

    @Test func anXCResultSummaryIsRefusedWithItsCountsAndWhatToPass() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                {
                  "devicesAndConfigurations" : [ { "device" : { "deviceName" : "iPhone 15", "platform" : "iOS Simulator" } } ],
                  "failedTests" : 1,
                  "passedTests" : 3,
                  "result" : "Failed",
                  "skippedTests" : 1,
                  "title" : "Test - Shop",
                  "totalTestCount" : 5
                }
                """.utf8), name: "summary.json")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        let message = error.localizedDescription
        #expect(message.hasPrefix("\(file.path): is the output of `xcrun xcresulttool get test-results summary`"))
        #expect(message.contains("(5 tests, 1 failed, 1 skipped) but no per-test results"))
        #expect(message.contains("`xcrun xcresulttool get test-results tests --path B.xcresult`"))
        #expect(error.kind == .invalidInput)
    }

    /// Saved beside the same bundle's `get test-results tests` output (either order), the summary is Xcode's own count
    /// of the run, reconciled with the tests, and its start and finish are the run's; never a refusal of both.
    @Test func anXCResultSummaryBesideItsTestsIsXcodesCount() throws {
        let scenario = "Tests/Fixtures/FakeXcode/Scenarios/smoke/xcresulttool/"
        let tests = PackageRoot.file(scenario + "tests.json")
        let summary = PackageRoot.file(scenario + "summary.json")
        for files in [[tests, summary], [summary, tests]] {
            let parsed = try LogParser().parse(files: files)
            #expect(parsed.results.count == 6)
            #expect(parsed.frameworkCounts.map(\.framework) == ["xcresult"])
            #expect(parsed.frameworkCounts.first.map { ($0.tests, $0.failures) } ?? (0, 0) == (6, 1))
            #expect(Reconciliation.compare(parsed.frameworkCounts, with: parsed.results)?.agrees == true)
            #expect(parsed.times.startedAt == Date(timeIntervalSince1970: 1_795_147_241.319))
        }
    }

    @Test func aSonarReportIsRefusedWithWhatToPass() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <testExecutions version="1">
                    <file path="ShopTests"><testCase name="testTotal()" duration="307"/></file>
                </testExecutions>
                """.utf8), name: "sonar.xml")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.localizedDescription.contains("SonarQube generic test execution report"))
        #expect(error.localizedDescription.contains("`xcresultparser -o junit`"))
    }

    /// The corpus's formatted logs (xcbeautify's and fastlane's) are each refused as formatted, or, for a build
    /// without tests, as holding none; none of them parses into an empty passing run.
    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus is not beside the package"))
    func theCorpusFormattedLogsAreRecognised() throws {
        try CorpusLocation.require()
        let folder = CorpusLocation.file("misc/expected_formatted")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var formatted = 0
        for name in names {
            let error = try #require(throws: ParseError.self, "\(name)") {
                try LogParser().parse(files: [folder.appendingPathComponent(name)])
            }
            switch error {
            case .formattedLog: formatted += 1
            case .noTestOutput: #expect(name.contains("build"), "\(name): \(error.localizedDescription)")
            default: Issue.record("\(name): \(error.localizedDescription)")
            }
        }
        #expect(formatted == 5)
    }

    /// An event stream rewritten as one JSON document (`jq .`, `jq -s`) is named as such, with the command that turns
    /// it back into one record per line; the stream as written is read.
    @Test func anEventStreamRewrittenAsOneDocumentIsNamedWithItsFix() throws {
        let record = #"{"kind":"event","payload":{"kind":"runStarted","instant":{"absolute":1}},"version":0}"#
        let pretty = #"{\#n  "kind" : "event",\#n  "payload" : { "kind" : "runStarted" },\#n  "version" : 0\#n}"#
        let versionFirst = #"{\#n  "version" : 0,\#n  "kind" : "event",\#n  "payload" : { "kind" : "runStarted" }\#n}"#
        for text in [pretty, versionFirst, "[\(record),\(record)]", "[\n  \(record)\n]"] {
            let file = try Support.temporaryFile(Data(text.utf8), name: "e.json")
            let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
            #expect(error.localizedDescription.contains("rewritten as one JSON document"), "\(text)")
            #expect(error.localizedDescription.contains("jq -c"))
        }
        let asWritten = EventStreamFormat.isOneDocument
        #expect(!Array("\(record)\n\(record)\n".utf8).withUnsafeBufferPointer(asWritten))
        #expect(!Array("Test Suite 'All tests' started\n".utf8).withUnsafeBufferPointer(asWritten))
        // `cat Package.resolved` before the log: JSON naming a `version`, but no record.
        let resolved =
            #"{\#n  "pins" : [ { "kind" : "remoteSourceControl", "state" : { "version" : "1.0.0" } } ],\#n  "version" : 3\#n}"#
        #expect(!Array("\(resolved)\nTest Suite 'All tests' started\n".utf8).withUnsafeBufferPointer(asWritten))
    }
}
