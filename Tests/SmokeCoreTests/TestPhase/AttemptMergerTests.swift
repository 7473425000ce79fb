import Testing

@testable import SmokeCore

@Suite struct AttemptMergerTests {
    func attempt(_ status: TestStatus, _ seconds: Double) -> TestResult {
        TestResult(
            id: "M.A/t", name: "t", suite: "A", framework: .xctest, status: status, durationSeconds: seconds,
            failures: status.isFailure ? [TestFailure(message: "boom", file: "A.swift", line: 3)] : [])
    }

    @Test func failedThenPassedIsFlakyAndKeepsEveryAttempt() {
        let merged = AttemptMerger.merge(first: attempt(.failed, 1), retries: [attempt(.passed, 2)])
        #expect(merged.status == .passed)
        #expect(merged.flaky)
        #expect(merged.failures.isEmpty)
        #expect(merged.attempts.map(\.status) == [.failed, .passed])
        // The final attempt's time; each attempt keeps its own.
        #expect(merged.durationSeconds == 2)
        #expect(merged.attempts.map(\.durationSeconds) == [1, 2])
        #expect(Totals([merged]).passed == 1 && Totals([merged]).flaky == 1 && Totals([merged]).tests == 1)
    }

    @Test func failingEveryAttemptStaysFailedAndIsNotFlaky() {
        let merged = AttemptMerger.merge(first: attempt(.crashed, 1), retries: [attempt(.failed, 1)])
        #expect(merged.status == .failed)
        #expect(!merged.flaky)
        #expect(merged.attempts.count == 2)
    }

    @Test func aTimedOutTestRetriedIsTimedByItsLastAttemptNotTheSum() {
        let merged = AttemptMerger.merge(first: attempt(.timedOut, 60), retries: [attempt(.timedOut, 60)])
        #expect(merged.status == .timedOut)
        #expect(merged.durationSeconds == 60)
        #expect(merged.attempts.map(\.durationSeconds) == [60, 60])
    }

    @Test func aTestThatWasNotRetriedHasNoAttemptList() {
        #expect(AttemptMerger.merge(first: attempt(.passed, 1), retries: []).attempts.isEmpty)
    }
}
