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

    /// A server test smokerun stopped at its timeout that then printed its own pass: XCTest's and Swift Testing's totals
    /// count that pass, and the stop is smokerun's account, not a failure they missed.
    @Test func aTestStoppedAfterItsOwnResultIsCountedAsItsFrameworkCountedIt() {
        let stop = TestFailure(message: "exceeded timeouts.testSeconds (3 s) and was stopped with its process group")
        var stopped = TestResult(
            id: "M.Server/testServes", name: "testServes", suite: "Server", framework: .xctest, status: .timedOut,
            failures: [stop])
        let passed = [FrameworkCount(framework: "xctest", tests: 1, failures: 0, from: "console.log:9")]
        #expect(Reconciliation.compare(passed, with: [stopped])?.agrees == true)
        var xunit = passed[0]
        xunit.countsFailingTests = true
        #expect(Reconciliation.compare([xunit], with: [stopped])?.agrees == true)
        // Its own failure before the stop is XCTest's to count.
        stopped.failures.insert(TestFailure(message: "XCTAssertEqual failed"), at: 0)
        #expect(Reconciliation.compare(passed, with: [stopped])?.agrees == false)
        let failed = [FrameworkCount(framework: "xctest", tests: 1, failures: 1, from: "console.log:9")]
        #expect(Reconciliation.compare(failed, with: [stopped])?.agrees == true)
        // Swift Testing, read back from console.log's note.
        let readBack = TestResult(
            id: "M.Server/serves()", name: "serves()", suite: "Server", framework: .swiftTesting, status: .timedOut,
            failures: [TestFailure(message: "stopped at timeouts.testSeconds (3 s): M.Server/serves()")])
        let swiftTesting = [FrameworkCount(framework: "swift-testing", tests: 1, failures: 0, from: "console.log:12")]
        #expect(Reconciliation.compare(swiftTesting, with: [readBack])?.agrees == true)
    }
}
