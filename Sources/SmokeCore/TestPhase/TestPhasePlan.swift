/// Which tests the test phase runs, in which processes and order, for both drivers (Documentation/Design.md §6). Pure.
package struct TestPhasePlan: Sendable, Equatable {
    package enum Selection: Sendable, Equatable {
        /// `swiftpm.filter`/`skip`: regexes over the id, as `swift test` takes them.
        case patterns(filter: [String], skip: [String])
        /// `xcodebuild.onlyTesting`/`skipTesting`: `Target[/Class[/method]]` selectors.
        case xcodeSelectors(only: [String], skip: [String])
    }

    package enum Empty: Sendable, Equatable {
        /// The selection matched none of the discovered tests: a configuration mistake.
        case noneSelected
        /// More shards than tests: this shard has nothing to do, which is not an error.
        case emptyShard
    }

    /// This run's tests (the shard's slice when sharded), in discovery order.
    package var selected: [TestCase]
    package var batches: [TestBatch]
    package var empty: Empty?

    /// The plan over a discovered list; shards split the *selected* tests, so merging all shards is the whole run.
    package static func make(
        discovered: [TestCase], selection: Selection, shard: ShardRecord?, durations: [String: Double],
        ordering: OrderingSettings, seed: UInt64?
    ) -> TestPhasePlan {
        var selected = select(discovered, by: selection)
        if selected.isEmpty { return TestPhasePlan(selected: [], batches: [], empty: .noneSelected) }
        if let shard {
            selected = ShardPlanner.slice(selected, shard: shard, durations: durations)
            if selected.isEmpty { return TestPhasePlan(selected: [], batches: [], empty: .emptyShard) }
        }
        let batches = TestOrdering.batches(selected, mode: ordering.mode, isolation: ordering.isolation, seed: seed)
        return TestPhasePlan(selected: selected, batches: batches)
    }

    /// A tool that cannot list its tests (Xcode before 16): one batch running the pipeline's own selection.
    package static let unlisted = TestPhasePlan(selected: [], batches: [TestBatch(framework: .xctest, tests: [])])

    /// What to tell the user when the selection matched nothing.
    package static func noneSelectedError(discovered: [TestCase], listedBy source: String, selection: Selection)
        -> InfrastructureError
    {
        let (keys, shown): (String, [String]) =
            switch selection {
            case .patterns: ("swiftpm.filter/skip", discovered.prefix(20).map(\.id))
            case .xcodeSelectors:
                ("xcodebuild.onlyTesting/skipTesting", discovered.prefix(20).map { XcodeTestIdentifier.xcode($0.id) })
            }
        return InfrastructureError(
            message: "no tests to run: \(discovered.count) \(source), none selected by \(keys)", details: shown)
    }

    package static func select(_ tests: [TestCase], by selection: Selection) -> [TestCase] {
        switch selection {
        case .patterns(let filter, let skip):
            TestOrdering.select(tests, filter: filter, skip: skip)
        case .xcodeSelectors(let only, let skip):
            tests.filter { test in
                (only.isEmpty || only.contains { XcodeTestIdentifier.selector($0, covers: test) })
                    && !skip.contains { XcodeTestIdentifier.selector($0, covers: test) }
            }
        }
    }
}
