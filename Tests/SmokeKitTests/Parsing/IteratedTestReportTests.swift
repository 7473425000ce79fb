import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A log that runs a test again (`-test-iterations`, `-retry-tests-on-failure`) keeps every run as an attempt, the
/// last one included, as a run's own retries are kept: the reports count the runs and show the earlier failure.
@Suite struct IteratedTestReportTests {
    private static let log = """
        Test Suite 'All tests' started at 2025-03-01 12:00:00.000
        Test Case '-[AppTests.Flaky test]' started (Iteration 1 of 2).
        /src/Flaky.swift:3: error: -[AppTests.Flaky test] : XCTAssertTrue failed
        Test Case '-[AppTests.Flaky test]' failed (0.002 seconds).
        Test Case '-[AppTests.Flaky test]' started (Iteration 2 of 2).
        Test Case '-[AppTests.Flaky test]' passed (0.001 seconds).
        Test Suite 'All tests' failed at 2025-03-01 12:00:01.000.
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
        """

    private func parsed() throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(Self.log.utf8))])
    }

    @Test func junitShowsTheEarlierRunAsAFlakyFailure() throws {
        var report = ReportFixture.minimalReport
        report.tests = try parsed().results
        let xml = JUnitReport.render(report)
        #expect(xml.contains("<flakyFailure"))
        #expect(xml.contains("XCTAssertTrue failed"))
    }

    @Test func markdownSaysWhichRunPassed() throws {
        var report = ReportFixture.minimalReport
        report.tests = try parsed().results
        #expect(MarkdownReport.render(report).contains("passed on attempt 2 of 2"))
        // An order-dependence recheck after the passing retry passes again: the test passed on its second try.
        report.tests[0].attempts.append(TestAttempt(status: .passed, durationSeconds: 0.01))
        #expect(report.tests[0].tries == 3 && report.tests[0].flaky)
        #expect(MarkdownReport.render(report).contains("passed on attempt 2 of 3"))
    }

    @Test func xctestsOwnCountOfRunsAgrees() throws {
        let parsed = try parsed()
        #expect(parsed.reconciliation?.agrees == true)
    }

    /// Retries stop at the first pass; `-test-iterations` runs them all: a failure after a pass fails the test, the
    /// failing iteration its evidence, and every iteration keeps its own status.
    @Test func aFailureAfterAPassingIterationFailsTheTest() throws {
        let log = """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.000
            Test Case '-[AppTests.Cart test]' started (Iteration 1 of 3).
            Test Case '-[AppTests.Cart test]' passed (0.001 seconds).
            Test Case '-[AppTests.Cart test]' started (Iteration 2 of 3).
            /src/Cart.swift:3: error: -[AppTests.Cart test] : XCTAssertEqual failed: ("1") is not equal to ("2")
            Test Case '-[AppTests.Cart test]' failed (0.002 seconds).
            Test Case '-[AppTests.Cart test]' started (Iteration 3 of 3).
            Test Case '-[AppTests.Cart test]' passed (0.001 seconds).
            Test Suite 'All tests' failed at 2025-03-01 12:00:01.000.
            \t Executed 3 tests, with 1 failure (0 unexpected) in 0.004 (0.004) seconds
            """
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        let test = try #require(parsed.results.first)
        #expect(parsed.results.count == 1)
        #expect(test.status == .failed && !test.flaky)
        #expect(test.evidence?.line == 5)
        #expect(test.failures.map(\.line) == [3])
        #expect(test.attempts.map(\.status) == [.passed, .failed, .passed])
        #expect(test.attempts.last?.failures.isEmpty == true)
        #expect(parsed.reconciliation?.agrees == true)
    }
}
