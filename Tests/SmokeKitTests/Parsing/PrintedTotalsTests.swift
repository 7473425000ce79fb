import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Totals an XCTest test prints (a log formatter's fixture, a plugin's test echoing a child `swift test`) are its
/// output: they count no run, and a run they seem to fail stays as its tests ended.
@Suite struct PrintedTotalsTests {
    static func log(printing line: String) -> String {
        """
        Test Suite 'Selected tests' started at 2026-12-01 05:00:00.000
        Test Suite 'FormatterTests' started at 2026-12-01 05:00:00.000
        Test Case 'FormatterTests.testPrintsSampleSummary' started at 2026-12-01 05:00:00.000
        \(line)
        Test Case 'FormatterTests.testPrintsSampleSummary' passed (0.001 seconds)
        Test Suite 'FormatterTests' passed at 2026-12-01 05:00:00.001
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
        Test Suite 'Selected tests' passed at 2026-12-01 05:00:00.001
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds

        """
    }

    @Test(arguments: [
        "✘ Test run with 3 tests failed after 0.010 seconds with 7 issues.",
        "✔ Test run with 99 tests passed after 0.010 seconds.",
    ])
    func aSwiftTestingSummaryAnXCTestTestPrintsIsItsOutput(_ line: String) throws {
        let file = try ParsingTestSupport.temporaryFile(Data(Self.log(printing: line).utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.frameworkCounts.map(\.framework) == ["xctest"])
        #expect(parsed.reconciliation?.agrees == true, "\(String(describing: parsed.reconciliation))")
        #expect(parsed.runFailures.isEmpty)
    }
}
