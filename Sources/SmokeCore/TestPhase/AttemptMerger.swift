/// Folds retries into one result per test (Documentation/Design.md §7). Pure.
package enum AttemptMerger {
    /// Status and duration are the last attempt's; failed-then-passed is `passed` and `flaky`; all attempts kept.
    package static func merge(first: TestResult, retries: [TestResult]) -> TestResult {
        let all = [first] + retries
        var merged = first
        let last = all[all.count - 1]
        merged.status = last.status
        merged.failures = last.failures
        merged.evidence = last.evidence
        merged.output = last.output
        merged.durationSeconds = last.durationSeconds
        merged.durationIsUnknown = last.durationIsUnknown
        merged.attachments = all.flatMap(\.attachments)
        merged.flaky = last.status == .passed && all.dropLast().contains { $0.status.isFailure }
        merged.attempts =
            retries.isEmpty
            ? []
            : all.map {
                var attempt = TestAttempt(
                    status: $0.status, durationSeconds: $0.durationSeconds, failures: $0.failures, output: $0.output,
                    attachments: $0.attachments)
                attempt.evidence = $0.evidence
                return attempt
            }
        return merged
    }
}
