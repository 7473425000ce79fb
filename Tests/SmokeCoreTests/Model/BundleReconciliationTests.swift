import Testing

@testable import SmokeCore

/// An xcodebuild run reconciles the bundles it read with their own summary counts, summed.
@Suite struct BundleReconciliationTests {
    private func tests(_ statuses: [TestStatus]) -> [TestResult] {
        statuses.enumerated().map {
            TestResult(
                id: "M.A/t\($0.offset)", name: "t\($0.offset)", suite: "A", framework: .xctest, status: $0.element)
        }
    }

    private func count(_ tests: Int, _ failures: Int, _ bundle: String) -> [FrameworkCount] {
        [
            FrameworkCount(
                framework: "xcresult", tests: tests, failures: failures,
                from: "\(bundle): xcresulttool get test-results summary")
        ]
    }

    @Test func batchesAndARetryRoundAgreeWhenSummed() throws {
        // Two batches (3 + 2 tests, one failure; a skip and a known issue count as tests, not failures), then a
        // retry round of the failed test, which passed.
        let bundles = [
            BundleTally(counts: count(3, 1, "1.xcresult"), tests: tests([.passed, .failed, .skipped])),
            BundleTally(counts: count(2, 0, "2.xcresult"), tests: tests([.passed, .expectedFailure])),
            BundleTally(counts: count(1, 0, "3.xcresult"), tests: tests([.passed])),
        ]
        let reconciliation = try #require(Reconciliation.compare(bundles: bundles))
        #expect(reconciliation.agrees)
        #expect(
            reconciliation.sources == [
                FrameworkCount(
                    framework: "xcresult", tests: 6, failures: 1,
                    from: "3 result bundles, summed (the first: 1.xcresult: xcresulttool get test-results summary)")
            ])
    }

    @Test func aBundleReadWithATestMissingIsADisagreementNamingBothCounts() throws {
        let bundles = [BundleTally(counts: count(2, 1, "1.xcresult"), tests: tests([.passed]))]
        let reconciliation = try #require(Reconciliation.compare(bundles: bundles))
        #expect(!reconciliation.agrees)
        #expect(
            reconciliation.differences == [
                "Xcode counted 2 tests with 1 failing (1.xcresult: xcresulttool get test-results summary); smokerun read 1 tests with 0 failing from the same bundles"
            ])
    }

    @Test func aBundleWithoutCountsLeavesNothingToCompare() {
        #expect(
            Reconciliation.compare(bundles: [
                BundleTally(counts: count(1, 0, "1.xcresult"), tests: tests([.passed])),
                BundleTally(counts: [], tests: tests([.passed])),
            ]) == nil)
        #expect(Reconciliation.compare(bundles: []) == nil)
    }
}
