/// Decides which tests run together and in which order (Documentation/Design.md §6). Pure.
enum TestOrdering {
    /// Keeps the tests `filter` selects (all when empty) and drops those `skip` matches.
    static func select(_ tests: [TestCase], filter: [String], skip: [String]) -> [TestCase] {
        let filters = filter.compactMap { try? Regex($0) }
        let skips = skip.compactMap { try? Regex($0) }
        return tests.filter { test in
            (filters.isEmpty || filters.contains { test.id.contains($0) }) && !skips.contains { test.id.contains($0) }
        }
    }

    /// Groups tests into process batches at the isolation level, then orders them: `random` shuffles batches
    /// (and, for `test` isolation, every test) with SplitMix64(seed); `declared` keeps discovery order.
    static func batches(
        _ tests: [TestCase], mode: OrderingMode, isolation: Isolation, seed: UInt64?
    ) -> [TestBatch] {
        var batches: [TestBatch] = []
        switch isolation {
        case .test:
            batches = tests.map { TestBatch(framework: $0.framework, tests: [$0]) }
        case .suite:
            var index: [String: Int] = [:]
            for test in tests {
                let key = "\(test.framework.rawValue) \(test.suiteID)"
                if let position = index[key] {
                    batches[position].tests.append(test)
                } else {
                    index[key] = batches.count
                    batches.append(TestBatch(framework: test.framework, tests: [test]))
                }
            }
        }
        guard mode == .random, let seed else { return batches }
        var shuffled = batches.seededShuffle(seed: seed)
        // Swift Testing keeps a given order within a serial process only by filter, so shuffle inside its batches
        // too, from a seed derived from the run's.
        for position in shuffled.indices where shuffled[position].tests.count > 1 {
            shuffled[position].tests = shuffled[position].tests.seededShuffle(
                seed: seed &+ UInt64(position) &* 0x9E37_79B9)
        }
        return shuffled
    }
}
