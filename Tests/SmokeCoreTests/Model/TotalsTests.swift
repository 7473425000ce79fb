import Testing

@testable import SmokeCore

@Suite struct TotalsTests {
    @Test func flakyTestCountsOnceAsPassedAndOnceAsFlaky() {
        let tests = [
            TestResult(id: "M.A/a", name: "a", suite: "A", framework: .xctest, status: .passed, flaky: true),
            TestResult(id: "M.A/b", name: "b", suite: "A", framework: .xctest, status: .crashed),
            TestResult(id: "M.S/c()", name: "c()", suite: "S", framework: .swiftTesting, status: .expectedFailure),
        ]
        let totals = Totals(tests)
        #expect(totals.tests == 3)
        #expect(totals.passed == 1)
        #expect(totals.flaky == 1)
        #expect(totals.crashed == 1)
        #expect(totals.expectedFailures == 1)
        #expect(totals.failing == 1)
        #expect(RunReport.status(of: tests, errors: []) == .failed)
    }
}
