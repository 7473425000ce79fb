extension Reconciliation {
    /// An xcodebuild run against Xcode's own summary counts of the result bundles it read (one per batch, one per
    /// retry round), summed. Counted as Xcode counts: a test case once per bundle it ran in — once, plus once per
    /// smokerun retry (each retry round is a bundle of its own; a retried test's `attempts` are those runs) — and
    /// failing when its result in that bundle was a failure. Nil when no bundle was read, or one of them gives no
    /// counts (the sum would be incomplete). Pure.
    ///
    /// - Parameter smokerunRetried: whether the pipeline retries failed tests; without retries a test's `attempts`
    ///   are repetitions inside one bundle (a test plan's own retries), which Xcode counts as one test case.
    package static func compare(bundleCounts: [[FrameworkCount]], with tests: [TestResult], smokerunRetried: Bool) -> Reconciliation? {
        guard !bundleCounts.isEmpty, bundleCounts.allSatisfy({ !$0.isEmpty }) else { return nil }
        let counts = bundleCounts.flatMap { $0 }
        let source = counts.count == 1 ? counts[0] : FrameworkCount(
            framework: counts[0].framework, tests: counts.reduce(0) { $0 + $1.tests }, failures: counts.reduce(0) { $0 + $1.failures },
            from: "\(bundleCounts.count) result bundles, summed (the first: \(counts[0].from))")
        var runs = 0
        var failing = 0
        for test in tests {
            if smokerunRetried, !test.attempts.isEmpty {
                runs += test.attempts.count
                failing += test.attempts.filter(\.status.isFailure).count
            } else {
                runs += 1
                if test.status.isFailure { failing += 1 }
            }
        }
        var differences: [String] = []
        if runs != source.tests || failing != source.failures {
            differences.append(
                "Xcode counted \(source.tests) test runs with \(source.failures) failing (\(source.from)); smokerun counted \(runs) test runs with \(failing) failing")
        }
        return Reconciliation(sources: [source], differences: differences)
    }
}
