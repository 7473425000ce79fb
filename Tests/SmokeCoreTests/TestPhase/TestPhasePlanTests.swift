import Testing

@testable import SmokeCore

/// The plan both drivers share: the same selected list splits into the same shards whichever way it
/// was selected, so SwiftPM and xcodebuild shards merge alike.
@Suite struct TestPhasePlanTests {
    static let discovered =
        (1...7).map { TestCase(id: "AppTests.Suite\($0 % 3)/test\($0)", framework: .xctest) }
        + [TestCase(id: "AppSwiftTests.Tips/total()", framework: .swiftTesting)]

    func plan(_ selection: TestPhasePlan.Selection, shard: ShardRecord?) -> TestPhasePlan {
        var ordering = OrderingSettings()
        ordering.isolation = .suite
        return TestPhasePlan.make(
            discovered: Self.discovered, selection: selection, shard: shard,
            durations: ["AppTests.Suite1/test1": 9], ordering: ordering, seed: 42)
    }

    @Test(arguments: [TestPhasePlan.Selection.patterns(filter: [], skip: []), .xcodeSelectors(only: [], skip: [])])
    func everyTestIsInExactlyOneShardAndTheBatchesHoldExactlyTheShardsTests(_ selection: TestPhasePlan.Selection) {
        let shards = (1...3).map { plan(selection, shard: ShardRecord(index: $0, count: 3)) }
        let all = shards.flatMap(\.selected).map(\.id)
        #expect(all.sorted() == Self.discovered.map(\.id).sorted())
        #expect(Set(all).count == all.count)
        for shard in shards {
            #expect(Set(shard.batches.flatMap(\.tests)) == Set(shard.selected))
        }
    }

    @Test func bothSelectionKindsSplitTheSameListTheSameWay() {
        for index in 1...3 {
            let shard = ShardRecord(index: index, count: 3)
            #expect(
                plan(.patterns(filter: [], skip: []), shard: shard)
                    == plan(.xcodeSelectors(only: [], skip: []), shard: shard))
        }
    }

    @Test func xcodeSelectorsKeepTheirTargetAndDropSkippedClasses() {
        let plan = plan(.xcodeSelectors(only: ["AppTests"], skip: ["AppTests/Suite0"]), shard: nil)
        #expect(
            plan.selected.map(\.id) == [
                "AppTests.Suite1/test1", "AppTests.Suite2/test2", "AppTests.Suite1/test4", "AppTests.Suite2/test5",
                "AppTests.Suite1/test7",
            ])
    }

    @Test func noMatchIsAnErrorButAnEmptyShardIsNot() {
        #expect(plan(.patterns(filter: ["Nothing"], skip: []), shard: nil).empty == .noneSelected)
        #expect(
            plan(.patterns(filter: ["test3"], skip: []), shard: ShardRecord(index: 2, count: 2)).empty == .emptyShard)
        #expect(
            plan(.patterns(filter: ["test3"], skip: []), shard: ShardRecord(index: 1, count: 2)).batches.map(
                \.tests.count) == [1])
    }
}
