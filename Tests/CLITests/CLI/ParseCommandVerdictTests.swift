import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun parse` never says "passed" when the log itself says the run failed: xcodebuild's verdict after passing
/// tests fails the run (exit 1), its report naming the line.
@Suite struct ParseCommandVerdictTests {
    private static func parse(_ text: String, name: String = "run.log") async throws -> (ExitCode, RunReport, String) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(text.utf8).write(to: folder.url.appendingPathComponent(name))
        let standardError = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: standardError, environment: [:],
            currentDirectory: folder.url)
        let code = await CommandLineTool.run(arguments: ["parse", name, "--output", "out"], context: context)
        let report = try RunReportFile.load(at: folder.url.appendingPathComponent("out/latest"))
        return (code, report, standardError.text)
    }

    static let passingRun = """
        Test Suite 'All tests' started at 2026-01-02 10:00:00.000
        Test Case '-[Shop.CartTests testAdd]' started.
        Test Case '-[Shop.CartTests testAdd]' passed (0.001 seconds).
        Test Suite 'All tests' passed at 2026-01-02 10:00:00.002.
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds

        """

    @Test func passingTestsUnderXcodebuildsFailureBannerExitOne() async throws {
        let (code, report, standardError) = try await Self.parse(Self.passingRun + "** TEST EXECUTE FAILED **\n")
        #expect(code == .testsFailed)
        #expect(report.status == .failed)
        #expect(report.totals.passed == 1)
        #expect(standardError.contains("xcodebuild's own verdict is `** TEST EXECUTE FAILED **` (run.log:6)"))
        #expect(report.errors.map(\.message).contains { $0.contains("the run cannot pass") })
    }

    @Test func theSameLogWithoutTheBannerStillPasses() async throws {
        let (code, report, _) = try await Self.parse(Self.passingRun + "** TEST EXECUTE SUCCEEDED **\n")
        #expect(code == .passed)
        #expect(report.status == .passed)
        #expect(report.errors.isEmpty)
    }

    @Test func aCrashAfterTheLastTestExitsOneNamingTheLine() async throws {
        let (code, report, standardError) = try await Self.parse(Self.passingRun + "Exited with signal code 11\n")
        #expect(code == .testsFailed)
        #expect(report.status == .failed)
        #expect(standardError.contains("the test process crashed at run.log:6 (`Exited with signal code 11`)"))
        #expect(!standardError.contains("ends at line"))
    }

    @Test func aCrashBeforeAnyTestExitsThreeNamingTheLine() async throws {
        let (code, report, standardError) = try await Self.parse(
            "Test Suite 'All tests' started at 2026-01-02 10:00:00.000\nFatal error: boom\n")
        #expect(code == .infrastructure)
        #expect(report.status == .error)
        #expect(
            report.errors.first?.message
                == "the test process crashed before any test reported a result, at line 2: Fatal error: boom")
        #expect(standardError.contains("run.log: the test process crashed before any test reported a result"))
        #expect(!standardError.contains("ends at line"))
    }

    /// A run whose frameworks say they ran nothing (a filter that matched no test) is no pass: exit 3, saying so.
    @Test func aRunOfNoTestsIsNoPass() async throws {
        let (code, report, standardError) = try await Self.parse(
            """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Suite 'All tests' passed at 2026-01-02 10:00:00.001.
            \t Executed 0 tests, with 0 failures (0 unexpected) in 0.000 (0.001) seconds
            ✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.

            """)
        #expect(code == .infrastructure)
        #expect(report.status == .error)
        #expect(report.errors.map(\.message) == [SavedOutput.ranNoTests])
        #expect(standardError.contains("the input ran no tests"))
    }

    /// `--summary-only` of an input over `ScaleThresholds.summaryKeepsEverythingUpToBytes` keeps statuses only and
    /// does not reconcile: it still hears the verdict, and totals of tests it read none of.
    @Test func aStatusesOnlySummaryOfAHugeLogHearsTheVerdictAndTheUnreadTotals() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Lines of text outside any test, enough to pass the threshold, read fast.
        let filler = String(repeating: "a", count: 1 << 20) + "\n"
        let lines = ScaleThresholds.summaryKeepsEverythingUpToBytes / filler.utf8.count + 1
        let padding = String(repeating: filler, count: lines)
        let cases: [(String, ExitCode)] = [
            (Self.passingRun + padding + "** TEST FAILED **\n", .testsFailed),
            (
                padding + "\t Executed 5 tests, with 0 failures (0 unexpected) in 1.234 (1.300) seconds\n",
                .infrastructure
            ),
            (Self.passingRun + padding, .passed),
            (
                padding + "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.000 (0.001) seconds\n",
                .infrastructure
            ),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent("huge\(index).log"))
            let context = HostContext(
                standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
                currentDirectory: folder.url)
            let code = await CommandLineTool.run(
                arguments: ["parse", "huge\(index).log", "--summary-only"], context: context)
            #expect(code == expected, "case \(index)")
        }
    }

    /// A log whose head is cut shows XCTest's totals and none of its tests: the message says the input begins inside
    /// the run and asks for the whole log, rather than blaming a form smokerun does not read.
    @Test func aLogBeginningAfterXCTestsTestsSaysSo() async throws {
        let cut = """
            Test Suite 'AppTests.xctest' passed at 2026-01-02 10:00:00.002.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.001 (0.002) seconds
            Test Suite 'All tests' passed at 2026-01-02 10:00:00.002.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.001 (0.002) seconds
            ◇ Test run started.
            ◇ Test adds() started.
            ✔ Test adds() passed after 0.001 seconds.
            ✔ Test run with 1 test passed after 0.001 seconds.

            """
        let (code, report, standardError) = try await Self.parse(cut)
        #expect(code == .infrastructure)
        #expect(report.totals.passed == 1)
        #expect(
            standardError.contains(
                """
                XCTest's own totals count 2 executions (run.log:2), yet the input shows none of its tests, as it \
                begins inside XCTest's run, at the end of a suite whose start it does not show (run.log:1)
                """), "\(standardError)")
        #expect(!standardError.contains("a form it does not read"))
        #expect(standardError.contains("(run.log:1): what ran before its first line is not in it"))
    }

    /// A CI step run again after a timeout appends a whole run to the first's: the notice names where the first run's
    /// tests were left without a result, not the log's last line, and asks for no whole log (it is whole).
    @Test func aRunAppendedAfterAStoppedOneNamesWhereTheStoppedOneEnded() async throws {
        let stopped = """
            Test Suite 'Selected tests' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.testAdd' started at 2026-01-02 10:00:00.001

            """
        let whole = """
            Test Suite 'Selected tests' started at 2026-01-02 10:05:00.000
            Test Case 'CartTests.testAdd' started at 2026-01-02 10:05:00.001
            Test Case 'CartTests.testAdd' passed (0.001 seconds)
            Test Suite 'Selected tests' passed at 2026-01-02 10:05:00.002
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds

            """
        let (code, report, standardError) = try await Self.parse(stopped + whole)
        #expect(code == .infrastructure)
        #expect(report.tests.map(\.status) == [.unfinished, .passed])
        #expect(report.incomplete?.endedAtLine == 4, "\(String(describing: report.incomplete))")
        #expect(
            standardError.contains(
                "run.log has no result for 1 test that ran before line 4, where another test or run began"),
            "\(standardError)")
        #expect(!standardError.contains("Pass the whole log"))
    }
}
