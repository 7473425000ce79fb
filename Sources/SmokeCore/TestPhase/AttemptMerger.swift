/// Folds retries into one result per test (Documentation/Design.md §7). Pure.
package enum AttemptMerger {
    /// Status and duration are the last conclusive attempt's (a retry smokerun's stop cut short proves nothing, so a
    /// test that timed out stays timed out); failed-then-passed is `passed` and `flaky`; all attempts kept.
    package static func merge(first: TestResult, retries: [TestResult]) -> TestResult {
        let all = [first] + retries
        var merged = first
        let deciding = all.lastIndex { $0.status != .interrupted && $0.status != .unfinished } ?? all.count - 1
        let last = all[deciding]
        merged.status = last.status
        merged.failures = last.failures
        merged.evidence = last.evidence
        merged.output = last.output
        merged.durationSeconds = last.durationSeconds
        merged.durationIsUnknown = last.durationIsUnknown
        merged.attachments = all.flatMap(\.attachments)
        merged.flaky = last.status == .passed && all[..<deciding].contains { $0.status.isFailure }
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
