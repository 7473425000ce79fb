import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A test that recorded an assertion and then crashed (or was stopped at its time limit) is shown everywhere by what
/// ended it: the crash's message and frame, not the assertion before it.
@Suite struct HeadlineFailureTests {
    private static func report(_ status: TestStatus, ending: TestFailure) -> RunReport {
        var test = NotifyFixtures.passing("AppTests.CartTests/testTotal")
        test.status = status
        test.failures = [
            TestFailure(message: "failed - soft failure first", file: "/src/Tests/AppTests/Cart.swift", line: 7),
            ending,
        ]
        return NotifyFixtures.report(0, tests: [test])
    }

    private static let crash = TestFailure(
        message: "Fatal error: hard crash here", file: "/src/Tests/AppTests/Cart.swift", line: 8)

    @Test func aCrashAfterAnAssertionLeadsWithTheCrash() throws {
        let report = Self.report(.crashed, ending: Self.crash)
        let terminal = RunSummary.failureLines(report, style: .plain).joined(separator: "\n")
        #expect(terminal.contains("Cart.swift:8)") && terminal.contains("Fatal error: hard crash here"))
        #expect(!terminal.contains("soft failure"))
        #expect(
            GitHubAnnotations.lines(for: report, relativeTo: nil).first?.hasSuffix("::Fatal error: hard crash here")
                == true)
        let junit = JUnitReport.render(report)
        #expect(junit.contains("message=\"Fatal error: hard crash here\"") && junit.contains("line=\"8\""))
        let cells = MarkdownReport.failureCells(try #require(report.tests.first), sources: SourceLinks())
        #expect(cells.message == "Fatal error: hard crash here" && cells.location.contains(":8"))
        let html = HTMLReport.render(report, attachmentContent: { _ in nil })
        #expect(html.contains("first frame in your sources"))
        #expect(
            html.range(of: "first frame in your sources")!.lowerBound > html.range(of: "soft failure first")!.lowerBound
        )
    }

    @Test func aTimeoutAfterAnAssertionLeadsWithTheTimeout() {
        let stopped = TestFailure(message: "The test did not finish in time and was stopped.")
        let report = Self.report(.timedOut, ending: stopped)
        #expect(report.tests.first?.headlineFailure == stopped)
        #expect(JUnitReport.render(report).contains("message=\"The test did not finish in time and was stopped.\""))
    }

    @Test func aFailedTestLeadsWithItsFirstFailure() {
        let report = Self.report(.failed, ending: Self.crash)
        #expect(report.tests.first?.headlineFailure?.line == 7)
    }
}
