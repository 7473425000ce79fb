/// A retry alone tells a flake from a broken test, not from one that depends on what ran before it in its process
/// (static state): such a test fails after them every time and passes alone. So a test that failed after other tests
/// of its process and passed alone runs once more after those tests, in their order, in one new process, and is flaky
/// only if it passes there too (Documentation/Design.md §6). Pure.
package enum OrderRecheck {
    /// The process to run: `earlier` (the tests before `test` in its process, in their order), then `test`. Nil when
    /// the retries settle it: the test failed first in its process, ended otherwise than `failed` (a crash or timeout
    /// keeps its retry alone), failed by its suite, or did not pass on its last retry.
    package static func batch(
        for first: TestResult, test: TestCase, earlier: [TestCase], retries: [TestResult]
    ) -> TestBatch? {
        guard first.status == .failed, !first.failedByItsSuite, !earlier.isEmpty,
            retries.last?.status == .passed
        else { return nil }
        return TestBatch(framework: test.framework, tests: earlier + [test])
    }

    /// The test with its recheck folded in: one more attempt, the last one (`AttemptMerger`). Failing there, it stays
    /// failing, flaky no more, and records what it failed after; nil (it never ran: an earlier test ended the process)
    /// proves nothing, and the retries decide as before.
    package static func merge(
        first: TestResult, retries: [TestResult], recheck: TestResult?, after earlier: [TestCase]
    ) -> TestResult {
        guard let recheck else { return AttemptMerger.merge(first: first, retries: retries) }
        var merged = AttemptMerger.merge(first: first, retries: retries + [recheck])
        if recheck.status.isFailure { merged.orderDependence = OrderDependence(after: earlier.map(\.id)) }
        return merged
    }
}
