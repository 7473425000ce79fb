extension ResultCollector {
    /// Failing tests kept from xcodebuild's list (a huge list must not grow memory without bound).
    static let listedFailureLimit = 100_000

    /// When no test the input shows failed but xcodebuild's closing `Failing tests:` list named some (the runner failed
    /// to start, `Testing failed:` says why; or the log was cut above the failing test's lines, its last lines
    /// pasted), the listed tests the input has no result for are the run's: failed, with that reason. With a failure
    /// shown, the list repeats what the lines said, and is not counted again.
    package mutating func finishListedFailures() {
        defer { listedFailures = [] }
        guard !listedFailures.isEmpty, !(0..<tests.count).contains(where: { tests.status(at: $0).isFailure }) else {
            return
        }
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
