import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A crash line while no test runs — before the first test, between two, after the closing totals — is the test
/// process dying outside any test: no test's status shows it, so reconciliation lists it and the run cannot pass. With
/// no test at all the run failed before its tests. A crash while a test runs stays that test's.
@Suite struct ReconciliationCrashTests {
    private typealias Support = ParsingTestSupport

    private func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [try Support.temporaryFile(Data(text.utf8), name: "crash.log")])
    }

    static let onePassingTest = """
        Test Suite 'All tests' started at 2026-01-02 10:00:00.000
        Test Case 'CartTests.test_a' started at 2026-01-02 10:00:00.000
        Test Case 'CartTests.test_a' passed (0.001 seconds)

        """

    static let closingTotals = """
        Test Suite 'All tests' passed at 2026-01-02 10:00:00.002
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds

        """

    static let crashLines = [
        "Exited with signal code 11", "error: Exited with unexpected signal code 4", "Fatal error: boom",
        "💣 Program crashed: Signal 11: Backtracing from 0x0000000100000000",
        "Child process terminated with signal 5: Trace/BPT trap",
    ]

    @Test(arguments: crashLines)
    func aCrashAfterTheLastTestCannotPass(_ crash: String) throws {
        let parsed = try parse(Self.onePassingTest + crash + "\n")
        #expect(parsed.results.map(\.status) == [.passed])
        let failure = try #require(parsed.reconciliation?.runFailures?.first)
        #expect(failure.kind == .crashAfterTest)
        #expect(failure.line == 4)
        #expect(failure.text == crash)
        #expect(
            failure.message
                == """
                the test process crashed at crash.log:4 (`\(crash)`) while no test was running, after its last \
                reported test: the run cannot pass
                """)
        // The crash is the last line: the log is not cut, the process crashed.
        #expect(parsed.incomplete == nil)
    }

    @Test func aCrashBetweenTestsCannotPass() throws {
        let parsed = try parse(
            """
            \(Self.onePassingTest)\
            Exited with signal code 11
            Test Case 'CartTests.test_b' started at 2026-01-02 10:00:01.000
            Test Case 'CartTests.test_b' passed (0.001 seconds)

            """)
        #expect(parsed.results.map(\.status) == [.passed, .passed])
        #expect(parsed.reconciliation?.runFailures?.map(\.line) == [4])
    }

    @Test func aCrashAfterTheClosingTotalsIsACrashAtExit() throws {
        let parsed = try parse(Self.onePassingTest + Self.closingTotals + "Exited with signal code 11\n")
        let failure = try #require(parsed.reconciliation?.runFailures?.first)
        #expect(failure.kind == .crashAtExit)
        #expect(failure.line == 6)
        #expect(failure.message.contains("after its closing totals, as it exited: the run cannot pass"))
    }

    /// A trap's message after the totals that nothing shows ending the process is text a test printed (an exit test's
    /// child's standard error, read and printed): the run passes, with a warning naming the line. SwiftPM's line or a
    /// crash report after it shows the crash at exit.
    @Test func aTrapMessagePrintedAfterTheTotalsIsNoCrashUnlessTheProcessEndsByIt() throws {
        let printed = """
            child stderr:
            AppTests/T.swift:6: Precondition failed: negative amounts are rejected
            Current stack trace:
            0    libswiftCore.so                    0x00007fb42735f130 swift_reportError + 33

            """
        let parsed = try parse(Self.onePassingTest + Self.closingTotals + printed)
        #expect(parsed.results.map(\.status) == [.passed])
        let failures = parsed.reconciliation?.runFailures ?? []
        #expect(failures.isEmpty)
        #expect(parsed.problems.contains { $0.contains("crash.log:7") && $0.contains("read as text a test printed") })
        let deaths = [
            "error: Exited with unexpected signal code 4", "💣 Program crashed: Signal 4: Backtracing from 0x0",
        ]
        // SwiftPM on Linux says the process died before the output it flushes; bash says it after.
        let swiftPM = "error: Exited with unexpected signal code 4\n"
        let bash = "bash: line 1:  3255 Illegal instruction     .build/debug/AppPackageTests.xctest\n"
        let placed = [
            swiftPM + Self.onePassingTest + Self.closingTotals + printed,
            Self.onePassingTest + Self.closingTotals + printed + bash,
        ]
        for log in placed {
            let crashed = try parse(log)
            let kinds = crashed.reconciliation?.runFailures?.map(\.kind) ?? []
            #expect(kinds.contains(.crashAtExit) || kinds.contains(.crashBeforeFirstTest), "\(log)")
            #expect(!crashed.problems.contains { $0.contains("read as text a test printed") }, "\(log)")
        }
        for death in deaths {
            let crashed = try parse(Self.onePassingTest + Self.closingTotals + printed + death + "\n")
            let kinds = crashed.reconciliation?.runFailures?.map(\.kind) ?? []
            #expect(kinds.contains(.crashAtExit), "\(death)")
            #expect(!crashed.problems.contains { $0.contains("read as text a test printed") }, "\(death)")
        }
    }

    @Test(arguments: crashLines)
    func aCrashBeforeAnyTestIsAFailureBeforeTestsNamingItsLine(_ crash: String) throws {
        let text = "Test Suite 'All tests' started at 2026-01-02 10:00:00.000\n\(crash)\n"
        #expect {
            try parse(text)
        } throws: { error in
            guard case .failedBeforeTests(_, let failure) = error as? ParseError else { return false }
            return failure.kind == .crash && failure.line == 2 && failure.firstError == crash
                && failure.summary
                    == "the test process crashed before any test reported a result, at line 2: \(crash)"
        }
    }

    @Test func aCrashWhileATestRunsStaysThatTestsCrash() throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.test_a' started at 2026-01-02 10:00:00.000
            Fatal error: boom
            Exited with signal code 4

            """)
        #expect(parsed.results.map(\.status) == [.crashed])
        #expect(parsed.reconciliation?.runFailures == nil)
    }

    /// A parallel log has no `started` lines: its crash line comes before the relaunch that names the test.
    @Test func aParallelLogsCrashThatTheRelaunchNamesIsThatTestsCrash() throws {
        let parsed = try parse(
            """
            Test case 'CartTests.testA()' passed on 'Clone 1 of iPhone 15 - App (4711)' (0.001 seconds)
            Fatal error: boom
            Restarting after unexpected exit, crash, or test timeout in CartTests.testB(); summary will include \
            totals from previous launches.

            """)
        #expect(parsed.results.contains { $0.status == .crashed })
        #expect(parsed.reconciliation?.runFailures == nil)
    }

    @Test func aRunWithoutACrashLineHasNoRunFailure() throws {
        let parsed = try parse(Self.onePassingTest + Self.closingTotals)
        #expect(parsed.reconciliation?.runFailures == nil)
        #expect(parsed.reconciliation?.agrees == true)
    }
}
