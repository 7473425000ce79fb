import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The frameworks' own closing totals, read from a run's console.
@Suite struct FrameworkTotalsReaderTests {
    private static func read(_ log: String) -> FrameworkTotalsReader {
        var reader = FrameworkTotalsReader()
        var splitter = LineSplitter()
        splitter.push(Data(log.utf8)) { reader.read($0) }
        splitter.finish { reader.read($0) }
        return reader
    }

    @Test func totalsAreSummedOverTheOutermostSuiteOfEachProcess() {
        let log = """
            Test Suite 'All tests' started at x
            Test Suite 'AppTests.xctest' started at x
            Test Suite 'AppTests.xctest' passed at x.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds
            Test Suite 'All tests' passed at x.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds
            [smokerun] xctest: AppTests.A/c
            Test Suite 'Selected tests' started at x
            Test Case 'A.c' started at x
            A.c printed: Executed 9 tests, with 9 failures
            Test Suite 'Selected tests' failed at x.
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.1 (0.1) seconds
            ✘ Test run with 3 tests failed after 0.1 seconds with 2 issues (including 1 known issue).
            """
        let reader = Self.read(log)
        let counts = reader.counts(from: "console.log")
        #expect(counts.map(\.framework) == ["xctest", "swift-testing"])
        #expect(counts.map(\.tests) == [3, 3])
        #expect(counts.map(\.failures) == [1, 1])
    }

    /// A compiler warning's source excerpt quoting a summary line (a formatter's fixture) is code, not a run's totals.
    @Test func aCompilerExcerptQuotingTotalsIsNoTotals() {
        let log = """
            /src/Tests/FormatTests.swift:24:9: warning: variable 'x' was never used
            22 |     let fixture = \"\"\"
            23 |     ◇ Test run started.
            24 |     ✘ Test run with 3 tests failed after 0.001 seconds with 2 issues.
               |         `- warning: variable 'x' was never used
            25 |     print("✔ Test run with 1 test passed after 0.001 seconds.")
            ✔ Test run with 4 tests in 1 suite passed after 0.010 seconds.
            """
        let counts = Self.read(log).counts(from: "console.log")
        #expect(counts.map(\.tests) == [4] && counts.map(\.failures) == [0])
    }

    /// A log whose Swift Testing symbols were lost on the way (`?`: a console or `iconv` that is not UTF-8) still
    /// has Swift Testing's totals, and its failing test fails.
    @Test func aRunWhoseSymbolsWereLostKeepsItsTotalsAndItsFailure() {
        let log = """
            ? Test run started.
            ? Test fails() started.
            ? Test fails() recorded an issue at STTests.swift:6:26: Expectation failed: 1 == 2
            ? Test fails() failed after 0.001 seconds with 1 issue.
            ? Test run with 1 test in 1 suite failed after 0.001 seconds with 1 issue.
            """
        let reader = Self.read(log)
        let counts = reader.counts(from: "console.log")
        #expect(counts.map(\.framework) == ["swift-testing"] && counts.map(\.failures) == [1])
        #expect(ParsingTestSupport.collect(log).results.map(\.status) == [.failed])
    }

    /// A log whose head is cut (Jenkins' `[...truncated...]`, an excerpt) shows the ends of suites whose starts it
    /// does not: the bundle's totals and then the enclosing run's are one process's totals, counted once, and the count
    /// says where the input begins inside the run.
    @Test func aLogBeginningInsideTheRunCountsItsTotalsOnce() {
        let log = """
            Test Case '-[AppTests.CartTests testTotal]' passed (0.002 seconds).
            Test Suite 'CartTests' passed at 2026-03-01 10:00:00.004.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
            Test Suite 'AppTests.xctest' failed at 2026-03-01 10:00:00.004.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
            Test Suite 'Selected tests' failed at 2026-03-01 10:00:00.005.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
            """
        let reader = Self.read(log)
        let counts = reader.counts(from: "cut.log")
        #expect(counts.map(\.tests) == [3] && counts.map(\.failures) == [1])
        #expect(counts.map(\.beganInsideRun) == ["cut.log:2"])
    }

    /// A whole run's bundle closing inside `All tests` is counted once, and the input begins nowhere inside.
    @Test func aWholeRunBeginsInsideNothing() {
        let log = """
            Test Suite 'All tests' started at x
            Test Suite 'AppTests.xctest' started at x
            Test Suite 'AppTests.xctest' passed at x.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds
            Test Suite 'All tests' passed at x.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds
            """
        let reader = Self.read(log)
        #expect(reader.counts(from: "whole.log").map(\.beganInsideRun) == [nil])
    }
}
