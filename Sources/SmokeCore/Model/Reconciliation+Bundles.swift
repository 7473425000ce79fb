extension Reconciliation {
    /// An xcodebuild run against Xcode's summary counts of the bundles it read (one per batch and retry round), summed,
    /// and smokerun's readings of them summed alike: a test case counts once per bundle it ran in. Nil when no bundle
    /// was read or one gives no counts (the sum would be incomplete). Pure.
    package static func compare(bundles: [BundleTally]) -> Reconciliation? {
        guard !bundles.isEmpty, bundles.allSatisfy({ !$0.counts.isEmpty }) else { return nil }
        let counts = bundles.flatMap(\.counts)
        let source =
            counts.count == 1
            ? counts[0]
            : FrameworkCount(
                framework: counts[0].framework, tests: counts.reduce(0) { $0 + $1.tests },
                failures: counts.reduce(0) { $0 + $1.failures },
                from: "\(bundles.count) result bundles, summed (the first: \(counts[0].from))")
        let tests = bundles.reduce(0) { $0 + $1.tests }
        let failing = bundles.reduce(0) { $0 + $1.failing }
        var differences: [String] = []
        if tests != source.tests || failing != source.failures {
            differences.append(
                """
                Xcode counted \(source.tests) tests with \(source.failures) failing (\(source.from)); smokerun read \
                \(tests) tests with \(failing) failing from the same bundles
                """
            )
        }
        return Reconciliation(sources: [source], differences: differences)
    }
}
