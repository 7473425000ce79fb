/// Folds retries into one result per test (Documentation/Design.md §7). Pure.
package enum AttemptMerger {
    /// Status and duration are the last conclusive attempt's (a retry smokerun's stop cut short proves nothing, so a
    /// test that timed out stays timed out); failed-then-passed is `passed` and `flaky`; all attempts kept.
    package static func merge(first: TestResult, retries: [TestResult]) -> TestResult {
        let all = [first] + retries
        var merged = first
        var deciding = all.lastIndex { $0.status != .interrupted && $0.status != .unfinished } ?? all.count - 1
        // A failed try that recorded a new reference (swift-snapshot-testing: "A new snapshot was automatically
        // recorded") makes the next try pass by itself: that pass proves nothing, and the failure stands.
        let recording = all[..<deciding].lastIndex {
            $0.status.isFailure && $0.failures.contains(where: \.recordedNewReference)
        }
        let recorded = all[deciding].status == .passed ? recording : nil
        deciding = recorded ?? deciding
        let last = all[deciding]
        merged.status = last.status
        merged.failures = last.failures + (recorded == nil ? [] : [Self.recordedNote])
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

    static let recordedNote = TestFailure(
        message: """
            a later try passed only because this one recorded a new reference over the old (its message says so): \
            that pass is not counted; fix the test, or commit the new reference if it is right
            """)
}
