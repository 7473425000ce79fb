/// Splits a suite into `count` shards by recorded durations (`--shard K/N`, Documentation/Design.md §6). Pure.
///
/// Longest test first into the lightest shard, ties by test id then shard number, so every machine with the
/// same tests and history computes the same split. An unknown test weighs the mean of the known ones (1 s
/// when none is known).
package enum ShardPlanner {
    /// Each shard's tests (index 0 is shard 1), every test in exactly one shard, in the order given.
    static func plan(_ tests: [TestCase], count: Int, durations: [String: Double]) -> [[TestCase]] {
        guard count > 0 else { return [] }
        let weights = self.weights(tests, durations: durations)
        let heaviestFirst = tests.indices.sorted { left, right in
            let (l, r) = (weights[left], weights[right])
            return l != r ? l > r : tests[left].id < tests[right].id
        }
        var loads = [Double](repeating: 0, count: count)
        var assigned = [Int](repeating: 0, count: tests.count)
        for position in heaviestFirst {
            // The first lightest shard: `min` keeps the lowest index among equals.
            let lightest = loads.indices.min { loads[$0] < loads[$1] }!
            loads[lightest] += weights[position]
            assigned[position] = lightest
        }
        var shards = [[TestCase]](repeating: [], count: count)
        for position in tests.indices { shards[assigned[position]].append(tests[position]) }
        return shards
    }

    static func slice(_ tests: [TestCase], shard: ShardRecord, durations: [String: Double]) -> [TestCase] {
        let shards = plan(tests, count: shard.count, durations: durations)
        return shards.indices.contains(shard.index - 1) ? shards[shard.index - 1] : []
    }

    static func weights(_ tests: [TestCase], durations: [String: Double]) -> [Double] {
        let known = tests.compactMap { durations[$0.id] }.filter { $0.isFinite && $0 >= 0 }
        let fallback = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        return tests.map { test in
            guard let duration = durations[test.id], duration.isFinite, duration >= 0 else { return fallback }
            return duration
        }
    }

    /// Each test's most recent recorded duration, history oldest first. A multi-device run records one per
    /// device ("id [device]"); a shard runs the test on each, so its weight is their sum.
    package static func durations(from history: [HistoryEntry]) -> [String: Double] {
        var latest: [String: Double] = [:]
        for entry in history {
            var run: [String: Double] = [:]
            for (key, duration) in entry.durations { run[TestKey.id(of: key), default: 0] += duration }
            latest.merge(run) { _, new in new }
        }
        return latest
    }
}
