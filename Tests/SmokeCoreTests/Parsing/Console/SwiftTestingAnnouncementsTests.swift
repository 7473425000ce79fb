import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Swift Testing announces each test it runs unless quiet: where it does, a result or issue of a test it never
/// announced is text a test printed, never a test of its own.
@Suite struct SwiftTestingAnnouncementsTests {
    private static func outcomes(_ log: String) -> [String] {
        ParsingTestSupport.collect(log).results.map { "\($0.id) \($0.status.rawValue)" }
    }

    @Test func aPrintedResultOfATestNeverAnnouncedIsTheRunningTestsOutput() {
        let collector = ParsingTestSupport.collect(
            """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ◇ Test printsAnExampleLine() started.
            ◇ Test parsesExcerpt(_:) started.
            ✘ Test exampleFromFixture() failed after 0.002 seconds with 1 issue.
            ✘ Test exampleFromFixture() recorded an issue at F.swift:1:1: Expectation failed: fixture
            ◇ Test case passing 1 argument s → ◇ Test run started.
            ✘ Test parsesFailure() failed after 0.001 seconds with 1 issue. to parsesExcerpt(_:) started.
            ✔ Test parsesExcerpt(_:) with 1 test case passed after 0.001 seconds.
            ✔ Test printsAnExampleLine() passed after 0.001 seconds.
            ✔ Test run with 2 tests in 0 suites passed after 0.001 seconds.
            """)
        #expect(
            collector.results.map { "\($0.id) \($0.status.rawValue)" } == [
                "printsAnExampleLine() passed", "parsesExcerpt(_:) passed",
            ])
        #expect(collector.results.flatMap(\.output).count == 3)
    }

    /// `swift test` prints a test's buffered `print` when its process ends: after XCTest's run and before Swift
    /// Testing's, or after Swift Testing's totals.
    @Test func aPrintedResultBeforeOrAfterTheRunIsNoTest() {
        let outcomes = Self.outcomes(
            """
            Test Suite 'All tests' started at 2026-11-30 01:30:58.990
            Test Suite 'All tests' passed at 2026-11-30 01:30:58.992
            \t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds
            ✘ Test early() failed after 0.002 seconds with 1 issue.
            ◇ Test run started.
            ◇ Test a() started.
            ✔ Test a() passed after 0.001 seconds.
            ✔ Test run with 1 test in 0 suites passed after 0.001 seconds.
            ✘ Test late() failed after 0.002 seconds with 1 issue.
            """)
        #expect(outcomes == ["a() passed"])
    }

    /// `swift test -q` prints issues only: no test is announced, and every issue is a test's.
    @Test func aQuietRunsIssuesAreTests() {
        let outcomes = Self.outcomes(
            """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ✘ Test failsForReal() recorded an issue at T.swift:23:3: Expectation failed: (one() → 1) == 2
            ✘ Test run with 3 tests in 0 suites failed after 0.001 seconds with 1 issue.
            """)
        #expect(outcomes == ["failsForReal() failed"])
    }

    /// A log that lost its head shows results of tests whose starts it lost: they are taken.
    @Test func resultsOfALogWithoutItsHeadAreTests() {
        let outcomes = Self.outcomes(
            """
            ✘ Test b() failed after 0.002 seconds with 1 issue.
            ✔ Test c() passed after 0.001 seconds.
            """)
        #expect(outcomes == ["b() failed", "c() passed"])
    }

    /// The last lines of a crashed run may show a parameterized test only by its cases' starts: the first starts the
    /// test (an argument may hold ` to `). Where the input shows the test's own start, a case's starts nothing.
    @Test func aCaseStartsItsTestOnlyWhereTheInputLostTheTestsOwnStart() {
        var collector = ParsingTestSupport.collect(
            """
            ◇ Test case passing 1 argument s → "go to bed" to plan(_:) started.
            ◇ Test case passing 1 argument s → "wake up" to plan(_:) started.
            ◇ Test case passing 1 argument input → "/en" to "Converts paths to root" started.
            """)
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        // A display name may hold ` to ` too: never a test named by its last words (`root"`).
        #expect(
            collector.results.map { "\($0.id) \($0.status.rawValue)" } == [
                "plan(_:) unfinished", "Converts paths to root unfinished",
            ])
        #expect(
            Self.outcomes(
                """
                ◇ Test run started.
                ◇ Test plan(_:) started.
                ◇ Test case passing 1 argument s → "go to bed" to plan(_:) started.
                ✔ Test plan(_:) with 1 test case passed after 0.001 seconds.
                ✔ Test run with 1 test passed after 0.001 seconds.
                """) == ["plan(_:) passed"])
    }

    /// A step run again after a timeout appends its run to the first's: tests the first run still ran when the next
    /// began are unfinished, and the next run's results are its own tests', not theirs.
    @Test func aRunStartingWhileTestsOfTheRunBeforeRanEndsThemUnfinished() {
        let outcomes = Self.outcomes(
            """
            ◇ Test run started.
            ◇ Test passes() started.
            ◇ Test freeFunction() started.
            ◇ Test run started.
            ◇ Test passes() started.
            ◇ Test freeFunction() started.
            ✔ Test freeFunction() passed after 0.001 seconds.
            ✔ Test passes() passed after 0.001 seconds.
            ✔ Test run with 2 tests in 1 suite passed after 0.001 seconds.
            """)
        #expect(
            outcomes == [
                "passes() unfinished", "freeFunction() unfinished", "passes()#2 passed", "freeFunction()#2 passed",
            ])
    }

    /// A running test printing `◇ Test run started.` (a formatter's fixture) ends the tests running then as that line
    /// says; their own result lines after it win, and leave no trace of the ending they replace.
    @Test func aResultAfterAPrintedRunStartLeavesNoStaleEvidence() throws {
        let collector = ParsingTestSupport.collect(
            """
            ◇ Test run started.
            ◇ Test echoesRun() started.
            ◇ Test run started.
            ✔ Test echoesRun() passed after 0.001 seconds.
            ✔ Test run with 1 test passed after 0.001 seconds.
            """)
        let test = try #require(collector.results.first)
        #expect(test.status == .passed)
        #expect(test.evidence == nil, "\(String(describing: test.evidence))")
    }

    /// The last lines of a log (`tail`, a log viewer) announce tests that started after the cut and end tests that
    /// started before it: the run's start is not in the input, so those results are taken too.
    @Test func aLogsLastLinesKeepResultsOfTestsStartedBeforeThem() {
        let outcomes = Self.outcomes(
            """
            ◇ Test known() started.
            ✘ Test fails() recorded an issue at T.swift:6:24: Expectation failed: (add(1, 2) → 3) == 4
            ━ Test known() recorded a known issue at T.swift:8:41: Expectation failed: Bool(false)
            ✔ Test passes() passed after 0.001 seconds.
            ✘ Test fails() failed after 0.001 seconds with 1 issue.
            ━ Test known() passed after 0.001 seconds with 1 known issue.
            ✘ Test run with 3 tests in 1 suite failed after 0.001 seconds with 2 issues (including 1 known issue).
            ✘ Test printedAfterTheRun() failed after 0.001 seconds with 1 issue.
            """)
        #expect(outcomes == ["known() expectedFailure", "fails() failed", "passes() passed"])
    }

    /// A test's start printed on the same line as another test's output (no newline before it) is still its start:
    /// its issue and result are its own, never output.
    @Test func aStartGluedToOutputAnnouncesItsTest() {
        let outcomes = Self.outcomes(
            """
            ◇ Test run started.
            ◇ Test a() started.
            downloading 42%◇ Test b() started.
            ✘ Test b() recorded an issue at T.swift:3:5: Expectation failed: 1 == 2
            ✘ Test b() failed after 0.001 seconds with 1 issue.
            ✔ Test a() passed after 0.001 seconds.
            ✘ Test run with 2 tests failed after 0.002 seconds with 1 issue.
            """)
        #expect(outcomes == ["a() passed", "b() failed"])
    }

    /// A log holding the same run twice (a retried step) skips its disabled test twice: two skips, two runs.
    @Test func aRunTwiceSkipsItsDisabledTestTwice() {
        let run = """
            ◇ Test run started.
            ➜ Test disabledOne() skipped: "not ready"
            ◇ Test a() started.
            ✔ Test a() passed after 0.001 seconds.
            ✔ Test run with 2 tests in 0 suites passed after 0.001 seconds.
            """
        #expect(
            Self.outcomes(run + "\n" + run) == [
                "disabledOne() skipped", "a() passed", "disabledOne()#2 skipped", "a()#2 passed",
            ])
    }

    /// A warning of a test the run never announced (printed text) or of one a quiet run shows nothing else of makes
    /// no test.
    @Test func aWarningMakesNoTest() {
        let announcing = """
            ◇ Test run started.
            ◇ Test parsesWarning() started.
            ⚠ Test ghost() recorded a warning at Ghost.swift:3:5: Deprecated API
            ✔ Test parsesWarning() passed after 0.001 seconds.
            ✔ Test run with 1 test in 1 suite passed after 0.003 seconds.
            """
        #expect(Self.outcomes(announcing) == ["parsesWarning() passed"])
        let quiet = """
            ◇ Test run started.
            ⚠ Test parsesWarning() recorded a warning at ParserTests.swift:3:5: Deprecated API
            ✔ Test run with 4 tests in 1 suite passed after 0.003 seconds.
            """
        #expect(Self.outcomes(quiet).isEmpty)
    }

    /// A start or issue a test prints after words of its own (`input line: ✘ Test …`) is text it quotes: no test,
    /// no failure.
    @Test func aQuotedStartOrIssueIsOutput() {
        let outcomes = Self.outcomes(
            """
            ◇ Test run started.
            ◇ Test parsesIssue() started.
            parsing fixture: ◇ Test ghost() started.
            input line: ✘ Test parsesIssue() recorded an issue at ParserTests.swift:3:5: Expectation failed: 1 == 2
            ✔ Test parsesIssue() passed after 0.001 seconds.
            ✔ Test run with 1 test in 1 suite passed after 0.003 seconds.
            """)
        #expect(outcomes == ["parsesIssue() passed"])
    }
}
