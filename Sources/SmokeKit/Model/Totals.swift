/// Counts over a run's tests. Every test counts once, whatever its attempts.
package struct Totals: Codable, Sendable, Equatable {
    package var tests = 0
    package var passed = 0
    package var failed = 0
    package var skipped = 0
    package var expectedFailures = 0
    package var crashed = 0
    package var timedOut = 0
    /// Passed after failing; also counted in `passed`.
    package var flaky = 0

    package init() {}

    package init(_ tests: [TestResult]) {
        for test in tests {
            self.tests += 1
            switch test.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .expectedFailure: expectedFailures += 1
            case .crashed: crashed += 1
            case .timedOut: timedOut += 1
            }
            if test.flaky { flaky += 1 }
        }
    }

    /// Failed, crashed and timed-out tests together.
    package var failing: Int { failed + crashed + timedOut }
}
