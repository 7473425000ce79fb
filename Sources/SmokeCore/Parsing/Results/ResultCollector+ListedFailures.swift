extension ResultCollector {
    /// Failing tests kept from xcodebuild's list (a huge list must not grow memory without bound).
    static let listedFailureLimit = 100_000

    /// When the input had no result line for any test but xcodebuild's closing `Failing tests:` list named some
    /// (the runner failed to start, `Testing failed:` says why), those tests are the run's: failed, with that
    /// reason. With any result line, the list only repeats what the lines said, and is not counted again.
    package mutating func finishListedFailures() {
        defer { listedFailures = [] }
        guard tests.isEmpty else { return }
        for (ref, reason, listedAt) in listedFailures {
            line = listedAt
            let index = entry(for: ref)
            guard !tests.flags(at: index).contains(.finished) else { continue }
            let message =
                reason.map { "xcodebuild listed this test as failing: \($0)" }
                ?? "xcodebuild listed this test as failing; the log has no result line for it."
            record(TestFailure(message: message), isKnown: false, in: index)
            finish(index, as: .failed, durationSeconds: nil)
            setEvidence(evidence("listed under xcodebuild's `Failing tests:`"), at: index)
        }
    }
}
