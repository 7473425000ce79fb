import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A run's test processes print their own totals, Swift Testing's in colour: each framework's are read as the
/// processes run, so a run that ran both is verified for both.
@Suite struct RunConsoleTotalsTests {
    @Test func bothFrameworksTotalsAreReadFromEachProcessesColouredOutput() throws {
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
        // As a run reads them: each process's output through its own interpreter, placed after its note line.
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var totals = ConsoleTotals()
        for (offset, range) in [(1, 1..<5), (6, 6..<11)] {
            var interpreter = LineInterpreter(timeZone: TimeZone(identifier: "UTC")!)
            interpreter.reader = .console
            var sink = CollectorSink(collector: ResultCollector())
            for line in lines[range] {
                var bytes = Array(line.utf8)
                bytes.withUnsafeMutableBufferPointer { interpreter.handle(UnsafeBufferPointer($0), into: &sink) }
            }
            interpreter.finish(into: &sink)
            totals.add(interpreter.totals, afterLine: offset)
        }
        let counts = totals.counts(from: "console.log")
        #expect(counts.map(\.framework).sorted() == ["swift-testing", "xctest"])
        // The lines the totals stand on in console.log, as reading it whole finds them.
        #expect(Set(counts.map(\.from)) == ["console.log:5", "console.log:11"])
        // A worker's section put into console.log later: every line moves with it.
        #expect(
            Set(totals.shifted(by: 100).counts(from: "console.log").map(\.from)) == [
                "console.log:105", "console.log:111",
            ])
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
