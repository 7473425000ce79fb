import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A run's `console.log` holds every test process's own totals, Swift Testing's in colour: each framework's are
/// read, so a run that ran both is verified for both.
@Suite struct RunConsoleTotalsTests {
    @Test func bothFrameworksTotalsAreReadFromAColouredConsoleLog() throws {
        let log = """
            [smokerun] swift-testing: Calc.CalcTests/adds() Calc.CalcTests/subtracts()
            \u{1B}[90m◇\u{1B}[0m Test run started.
            \u{1B}[92m✔\u{1B}[0m Test adds() passed after 0.001 seconds.
            \u{1B}[92m✔\u{1B}[0m Test subtracts() passed after 0.001 seconds.
            \u{1B}[92m✔\u{1B}[0m Test run with 2 tests in 1 suite passed after 0.007 seconds.
            [smokerun] xctest: Calc.CalcTests/testTotal
            Test Suite 'Selected tests' started at 2026-11-27 00:05:01.000
            Test Case 'CalcTests.testTotal' started at 2026-11-27 00:05:01.001
            Test Case 'CalcTests.testTotal' passed (0.001 seconds)
            Test Suite 'Selected tests' passed at 2026-11-27 00:05:01.002
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds

            """
        let file = try ParsingTestSupport.temporaryFile(Data(log.utf8), name: "console.log")
        let counts = LogParser.frameworkCounts(of: file, named: "console.log")
        #expect(counts.map(\.framework).sorted() == ["swift-testing", "xctest"])
        let tests = [
            TestResult(
                id: "Calc.CalcTests/adds()", name: "adds()", suite: "CalcTests", framework: .swiftTesting,
                status: .passed),
            TestResult(
                id: "Calc.CalcTests/subtracts()", name: "subtracts()", suite: "CalcTests", framework: .swiftTesting,
                status: .passed),
            TestResult(
                id: "Calc.CalcTests/testTotal", name: "testTotal", suite: "CalcTests", framework: .xctest,
                status: .passed),
        ]
        let reconciliation = try #require(Reconciliation.compare(counts, with: tests))
        #expect(reconciliation.unverified.isEmpty)
        #expect(reconciliation.agrees)
    }
}
