import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Whole Swift Testing console logs (modelled on Swift 6.3.1 `swift test` output) whose lines the plain grammar
/// misread: each test Swift Testing counted is read, and its totals agree.
@Suite struct SwiftTestingConsoleFormsTests {
    private func parsed(_ text: String, name: String = "run.log") throws -> (RunReport, ParsedLog) {
        let (report, _, parsed) = try ReconciliationVerdictTests().parsedReport(text, name: name)
        return (report, parsed)
    }

    /// `@Test("parses \"quoted\" values")` prints its name with the quotes unescaped: its failure is read, not lost.
    @Test func aDisplayNameWithQuotesKeepsItsFailure() throws {
        let (report, parsed) = try parsed(
            """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ◇ Suite "Login flow" started.
            ◇ Test "parses "quoted" values" started.
            ◇ Test "recorded an issue at startup is reported" started.
            ✘ Test "parses "quoted" values" recorded an issue at LoginTests.swift:5:50: Expectation failed: 1 == 2
            ✘ Test "parses "quoted" values" failed after 0.001 seconds with 1 issue.
            ✔ Test "recorded an issue at startup is reported" passed after 0.001 seconds.
            ✘ Suite "Login flow" failed after 0.001 seconds with 1 issue.
            ✘ Test run with 2 tests in 1 suite failed after 0.001 seconds with 1 issue.

            """)
        #expect(parsed.results.map(\.name) == [#"parses "quoted" values"#, "recorded an issue at startup is reported"])
        #expect(parsed.results.map(\.status) == [.failed, .passed])
        #expect(parsed.results.first?.failures.map(\.message) == ["Expectation failed: 1 == 2"])
        #expect(parsed.reconciliation?.agrees == true, "\(String(describing: parsed.reconciliation))")
        #expect(report.status == .failed)
    }

    /// `#expect(a == b)` of two multi-line strings prints their newlines as they are: the lines up to the one that
    /// closes the expectation's parentheses are its message, not another running test's output. Output after it is.
    @Test func aMultiLineExpectationKeepsItsWholeMessage() throws {
        let (_, parsed) = try parsed(
            """
            ◇ Test run started.
            ◇ Test printer() started.
            ◇ Test compares() started.
            ✘ Test compares() recorded an issue at TextTests.swift:15:3: Expectation failed: (a → "line one
            line "two"
            line three") == ("line one\\nline two" → "line one
            line two")
            printed by printer()
            ✘ Test compares() failed after 0.001 seconds with 1 issue.
            ◇ Test prefix() started.
            ✘ Test prefix() recorded an issue at TextTests.swift:20:3: Expectation failed: (s → "abc").hasPrefix("(")
            printed by prefix()
            ✘ Test prefix() failed after 0.001 seconds with 1 issue.
            ◇ Test quote() started.
            ✘ Test quote() recorded an issue at TextTests.swift:25:3: Expectation failed: (s → "say "hi") == "say hi"
            printed by quote()
            ✘ Test quote() failed after 0.001 seconds with 1 issue.
            ✔ Test printer() passed after 0.001 seconds.
            ✘ Test run with 4 tests failed after 0.002 seconds with 3 issues.

            """)
        let compares = try #require(parsed.results.first { $0.name == "compares()" })
        #expect(
            compares.failures.map(\.message) == [
                """
                Expectation failed: (a → "line one
                line "two"
                line three") == ("line one\\nline two" → "line one
                line two")
                """
            ])
        #expect(compares.failures.first?.line == 15)
        // A parenthesis inside a quoted value opens nothing: what follows is the test's output.
        let prefix = try #require(parsed.results.first { $0.name == "prefix()" })
        #expect(prefix.failures.map(\.message) == [#"Expectation failed: (s → "abc").hasPrefix("(")"#])
        // Nor does an odd quote inside one (Swift Testing does not escape a value's quotes).
        let quote = try #require(parsed.results.first { $0.name == "quote()" })
        #expect(quote.failures.map(\.message) == [#"Expectation failed: (s → "say "hi") == "say hi""#])
        #expect(
            parsed.results.flatMap(\.output) == ["printed by printer()", "printed by prefix()", "printed by quote()"])
        #expect(parsed.reconciliation?.agrees == true, "\(String(describing: parsed.reconciliation))")
    }

    /// `Test.cancel("why")` (Swift 6.3) ends its test as a skip: the run passed, whole, as `swift test` said.
    @Test func aCancelledTestIsSkippedAndTheRunWhole() throws {
        let (report, parsed) = try parsed(
            """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ◇ Suite Cancel started.
            ◇ Test ok() started.
            ◇ Test cancelled() started.
            ✔ Test ok() passed after 0.001 seconds.
            ➜ Test cancelled() was cancelled after 0.001 seconds: "not applicable here"
            ✔ Suite Cancel passed after 0.001 seconds.
            ✔ Test run with 2 tests in 1 suite passed after 0.001 seconds.

            """)
        #expect(parsed.results.map(\.status) == [.passed, .skipped])
        #expect(parsed.results.last?.output == ["Skipped: not applicable here"])
        #expect(parsed.results.last?.durationSeconds == 0.001)
        #expect(parsed.incomplete == nil)
        #expect(parsed.reconciliation?.agrees == true, "\(String(describing: parsed.reconciliation))")
        #expect(report.status == .passed)
    }

    /// An issue from a detached task after its test ended (`Test «unknown»`) fails the run on its line, and is no
    /// test: Swift Testing's own count of tests agrees. Its comment is its message's, not the running test's output.
    @Test func anIssueOfNoTestFailsTheRunAndIsNoTest() throws {
        let (report, parsed) = try parsed(
            """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ◇ Test waitsLong() started.
            ◇ Test spawnsLateIssue() started.
            ✔ Test spawnsLateIssue() passed after 0.001 seconds.
            ✘ Test «unknown» recorded an issue at LateTests.swift:4:82: Issue recorded
            ↳ late issue from detached task
            ✔ Test waitsLong() passed after 0.600 seconds.
            ✘ Test run with 2 tests in 0 suites failed after 0.601 seconds with 1 issue.

            """, name: "late.log")
        #expect(parsed.results.map(\.name) == ["waitsLong()", "spawnsLateIssue()"])
        #expect(parsed.results.map(\.status) == [.passed, .passed])
        #expect(parsed.results.map(\.output) == [[], []])
        let reconciliation = try #require(parsed.reconciliation)
        #expect(reconciliation.differences.isEmpty, "\(reconciliation.differences)")
        #expect(reconciliation.failuresNotShown == nil)
        let failure = try #require(reconciliation.runFailures?.first)
        #expect(failure.kind == .issueOutsideTests)
        #expect(failure.line == 6)
        #expect(
            failure.message
                == """
                Swift Testing recorded an issue outside any test at late.log:6 (`Test «unknown» recorded an issue at \
                LateTests.swift:4: Issue recorded
                late issue from detached task`): the run cannot pass
                """)
        #expect(report.status == .failed)
    }
}
