import Foundation
import Testing

@testable import SmokeCore

/// How the report's results are held against the framework's own totals.
@Suite struct ReconciliationTests {
    @Test func aDisagreementNamesBothCounts() {
        let tests = [TestResult(id: "M.A/a", name: "a", suite: "A", framework: .xctest, status: .passed)]
        let own = [FrameworkCount(framework: "xctest", tests: 2, failures: 0, from: "log.txt:9")]
        let reconciliation = Reconciliation.compare(own, with: tests)
        #expect(reconciliation?.agrees == false)
        #expect(reconciliation?.differences.first?.contains("XCTest counted 2 executions") == true)
        #expect(reconciliation?.differences.first?.contains("smokerun counted 1 executions") == true)
        // No totals for a framework with results: unverified, never agreeing.
        let unchecked = Reconciliation.compare([], with: tests)
        #expect(unchecked?.agrees == false)
        #expect(unchecked?.unverified == ["xctest"])
        #expect(unchecked?.differences == [])
        #expect(Reconciliation.compare([], with: []) == nil)
    }
}
