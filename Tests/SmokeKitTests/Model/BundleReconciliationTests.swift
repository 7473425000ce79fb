import Testing
@testable import SmokeKit

/// An xcodebuild run reconciles its results with the summed summary counts of the bundles it read (issue 12).
@Suite struct BundleReconciliationTests {
    private func test(_ id: String, _ status: TestStatus, attempts: [TestStatus] = []) -> TestResult {
        var result = TestResult(id: id, name: id, suite: "S", framework: .xctest, status: status)
        result.attempts = attempts.map { TestAttempt(status: $0, durationSeconds: 0, failures: []) }
        return result
    }

    private func count(_ tests: Int, _ failures: Int, _ bundle: String) -> [FrameworkCount] {
        [FrameworkCount(framework: "xcresult", tests: tests, failures: failures, from: "\(bundle): xcresulttool get test-results summary")]
    }

    @Test func batchesAndARetryRoundAgreeWhenCountedPerBundle() throws {
        // Two batches (3 + 2 tests, one failure), then a retry round in which the failed test passed.
        let tests = [test("M.A/a", .passed), test("M.A/b", .passed, attempts: [.failed, .passed]), test("M.A/c", .skipped),
                     test("M.B/d", .passed), test("M.B/e", .expectedFailure)]
        let reconciliation = try #require(Reconciliation.compare(
            bundleCounts: [count(3, 1, "1.xcresult"), count(2, 0, "2.xcresult"), count(1, 0, "3.xcresult")], with: tests, smokerunRetried: true))
        #expect(reconciliation.agrees)
        #expect(reconciliation.sources == [FrameworkCount(
            framework: "xcresult", tests: 6, failures: 1,
            from: "3 result bundles, summed (the first: 1.xcresult: xcresulttool get test-results summary)")])
    }

    @Test func aTestMissingFromItsBundleIsADisagreementNamingBothCounts() throws {
        let tests = [test("M.A/a", .passed), test("M.A/b", .crashed)]
        let reconciliation = try #require(Reconciliation.compare(bundleCounts: [count(1, 0, "1.xcresult")], with: tests, smokerunRetried: false))
        #expect(!reconciliation.agrees)
        #expect(reconciliation.differences == [
            "Xcode counted 1 test runs with 0 failing (1.xcresult: xcresulttool get test-results summary); smokerun counted 2 test runs with 1 failing",
        ])
    }

    @Test func repetitionsInsideOneBundleCountOnceWithoutSmokerunRetries() throws {
        let tests = [test("M.A/a", .passed, attempts: [.failed, .passed])]
        #expect(Reconciliation.compare(bundleCounts: [count(1, 0, "1.xcresult")], with: tests, smokerunRetried: false)?.agrees == true)
    }

    @Test func aBundleWithoutCountsLeavesNothingToCompare() {
        let tests = [test("M.A/a", .passed)]
        #expect(Reconciliation.compare(bundleCounts: [count(1, 0, "1.xcresult"), []], with: tests, smokerunRetried: false) == nil)
        #expect(Reconciliation.compare(bundleCounts: [], with: tests, smokerunRetried: false) == nil)
    }
}
