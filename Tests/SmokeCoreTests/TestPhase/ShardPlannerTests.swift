import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct ShardPlannerTests {
    /// 200 synthetic tests with durations from 0.05 s to 20 s, drawn from a fixed seed.
    static let suite: (tests: [TestCase], durations: [String: Double]) = {
        var generator = SplitMix64(seed: 2026)
        var tests: [TestCase] = []
        var durations: [String: Double] = [:]
        for index in 0..<200 {
            let test = TestCase(id: "Module.Suite\(index % 17)/test\(index)", framework: .xctest)
            tests.append(test)
            durations[test.id] = 0.05 + Double(generator.next() % 20_000) / 1_000
        }
        return (tests, durations)
    }()

    @Test(arguments: 1...8)
    func everyTestRunsExactlyOnceAndTheLongestShardIsWithinTenPercentOfIdeal(count: Int) {
        let (tests, durations) = Self.suite
        let shards = ShardPlanner.plan(tests, count: count, durations: durations)
        #expect(shards.count == count)
        let all = shards.flatMap { $0 }
        #expect(all.count == tests.count)
        #expect(Set(all) == Set(tests))

        let loads = shards.map { $0.reduce(0) { $0 + durations[$1.id]! } }
        let ideal = durations.values.reduce(0, +) / Double(count)
        #expect(loads.max()! <= ideal * 1.10, "longest shard \(loads.max()!) s, ideal \(ideal) s")
    }

    @Test(arguments: 1...8)
    func slicesOfOneSplitAreDisjointAndCoverTheSuite(count: Int) {
        let (tests, durations) = Self.suite
        let slices = (1...count).map {
            ShardPlanner.slice(tests, shard: ShardRecord(index: $0, count: count), durations: durations)
        }
        #expect(slices.flatMap { $0 }.count == tests.count)
        #expect(Set(slices.flatMap { $0 }) == Set(tests))
    }

    @Test func theSplitDoesNotDependOnTheOrderTheTestsWereListedIn() {
        let (tests, durations) = Self.suite
        var generator = SplitMix64(seed: 5)
        let shuffled = tests.shuffled(using: &generator)
        let first = ShardPlanner.plan(tests, count: 5, durations: durations).map { Set($0) }
        let second = ShardPlanner.plan(shuffled, count: 5, durations: durations).map { Set($0) }
        #expect(first == second)
    }

    @Test func withoutHistoryTheSuiteIsSplitByCount() {
        let tests = (0..<10).map { TestCase(id: "M.S/test\($0)", framework: .xctest) }
        let shards = ShardPlanner.plan(tests, count: 3, durations: [:])
        #expect(shards.map(\.count).sorted() == [3, 3, 4])
    }

    @Test func unknownDurationsWeighTheMeanOfTheKnownOnes() {
        let tests = ["a", "b", "c", "d"].map { TestCase(id: "M.S/\($0)", framework: .xctest) }
        let weights = ShardPlanner.weights(tests, durations: ["M.S/a": 1, "M.S/b": 3])
        #expect(weights == [1, 3, 2, 2])
    }

    @Test func moreShardsThanTestsLeavesSomeShardsEmpty() {
        let tests = (0..<3).map { TestCase(id: "M.S/test\($0)", framework: .xctest) }
        let shards = ShardPlanner.plan(tests, count: 5, durations: [:])
        #expect(shards.filter(\.isEmpty).count == 2)
        #expect(Set(shards.flatMap { $0 }) == Set(tests))
    }

    @Test func eachShardKeepsTheOrderTheTestsWereGiven() {
        let tests = (0..<9).map { TestCase(id: "M.S/test\($0)", framework: .xctest) }
        for shard in ShardPlanner.plan(tests, count: 2, durations: [:]) {
            let positions = shard.map { test in tests.firstIndex(of: test)! }
            #expect(positions == positions.sorted())
        }
    }

    @Test func theNewestRecordedDurationWins() {
        let durations = ShardPlanner.durations(from: [
            HistoryEntryFixture.entry(durations: ["M.S/a": 5, "M.S/b": 1]),
            HistoryEntryFixture.entry(durations: ["M.S/a": 2]),
        ])
        #expect(durations == ["M.S/a": 2, "M.S/b": 1])
    }

    @Test(arguments: [("2/4", 2, 4), ("1/1", 1, 1), ("8/8", 8, 8)])
    func shardArgumentsAreRead(text: String, index: Int, count: Int) throws {
        #expect(try ShardRecord.parse(text) == ShardRecord(index: index, count: count))
    }

    @Test(arguments: ["0/4", "5/4", "2", "a/b", "2/0", "1/2/3", "-1/2"])
    func badShardArgumentsAreUsageErrors(text: String) {
        #expect(throws: InvalidInput.self) { try ShardRecord.parse(text) }
    }
}
