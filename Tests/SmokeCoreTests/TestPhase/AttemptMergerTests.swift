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

    /// A snapshot test whose failed try recorded a new reference passes its retry by itself: not flaky, failed.
    @Test func aPassAfterATryThatRecordedANewReferenceIsNotCounted() {
        var first = attempt(.failed, 1)
        first.failures = [
            TestFailure(
                message: """
                    failed - Snapshot does not match reference. A new snapshot was automatically recorded.

                    @−
                    "/src/__Snapshots__/SnapshotTests/testAny.1.txt"
                    """, file: "SnapshotTests.swift", line: 12)
        ]
        let merged = AttemptMerger.merge(first: first, retries: [attempt(.passed, 2)])
        #expect(merged.status == .failed && !merged.flaky)
        #expect(merged.failures.first == first.failures.first)
        #expect(merged.failures.last?.message.hasPrefix("a later try passed only because this one recorded") == true)
        #expect(merged.attempts.map(\.status) == [.failed, .passed])
        // Any other failure followed by a pass is flaky, as before.
        #expect(AttemptMerger.merge(first: attempt(.failed, 1), retries: [attempt(.passed, 2)]).flaky)
        // A retry that did not pass decides as always: its crash stays a crash, with no note of a pass.
        let crashed = AttemptMerger.merge(first: first, retries: [attempt(.crashed, 2)])
        #expect(crashed.status == .crashed && crashed.failures.map(\.message) == ["boom"])
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

    /// smokerun was stopped during the retry of a test that timed out: the cut retry proves nothing, the timeout stands
    /// (never `interrupted`, which JUnit shows as skipped); the retry stays among the attempts.
    @Test func aRetryCutByAStopLeavesTheLastConclusiveAttempt() {
        let merged = AttemptMerger.merge(first: attempt(.timedOut, 8), retries: [attempt(.interrupted, 3)])
        #expect(merged.status == .timedOut && merged.durationSeconds == 8)
        #expect(merged.failures.first?.message == "boom")
        #expect(merged.attempts.map(\.status) == [.timedOut, .interrupted])
        let flaky = AttemptMerger.merge(
            first: attempt(.failed, 1), retries: [attempt(.passed, 1), attempt(.unfinished, 1)])
        #expect(flaky.status == .passed && flaky.flaky)
        #expect(AttemptMerger.merge(first: attempt(.interrupted, 1), retries: []).status == .interrupted)
    }

    @Test func aTestThatWasNotRetriedHasNoAttemptList() {
        #expect(AttemptMerger.merge(first: attempt(.passed, 1), retries: []).attempts.isEmpty)
    }
}
