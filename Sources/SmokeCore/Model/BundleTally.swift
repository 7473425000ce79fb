/// One result bundle an xcodebuild run read: Xcode's summary counts and smokerun's reading counted Xcode's way, taken
/// before the run drops tests an earlier batch reported, so a bundle holding unrequested tests is no disagreement.
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
