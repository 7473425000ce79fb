/// One result bundle an xcodebuild run read: Xcode's own summary counts of it, and smokerun's reading of the same
/// bundle counted the way Xcode counts (test cases, repetitions folded in; failing ones) — before the run drops a
/// test an earlier batch already reported, so a bundle holding unrequested tests is not a disagreement.
package struct BundleTally: Sendable, Equatable {
    /// Xcode's summary counts of the bundle (empty when it gives none).
    var counts: [FrameworkCount]
    var tests: Int
    var failing: Int

    package init(counts: [FrameworkCount], tests: [TestResult]) {
        self.counts = counts
        self.tests = tests.count
        failing = tests.filter(\.status.isFailure).count
    }
}
