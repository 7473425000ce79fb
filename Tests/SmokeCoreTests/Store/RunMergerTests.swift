import Foundation
import Testing

@testable import SmokeCore

@Suite struct RunMergerTests {
    static func shard(
        _ index: Int, of count: Int, tests: [(String, TestStatus)], seed: UInt64? = 7, start: TimeInterval = 0
    ) -> RunMerger.Part {
        let results = tests.enumerated().map { offset, test in
            TestResult(
                id: test.0, name: test.0, suite: "S", framework: .xctest, status: test.1, durationSeconds: 1,
                order: offset + 1,
                flaky: test.0.hasSuffix("flaky"))
        }
        var report = RunReport(
            pipeline: "smoke", runID: "20261122T04000\(index)Z-000\(index)", status: .passed,
            startedAt: Date(timeIntervalSince1970: start), finishedAt: Date(timeIntervalSince1970: start + 10),
            seed: seed,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: seed), environment: [:],
            device: ResolvedDevice(platform: "host"), toolchain: nil, tests: results)
        report.shard = ShardRecord(index: index, count: count)
        report.status = RunReport.status(of: results, errors: [])
        return RunMerger.Part(report: report, source: "shard\(index)")
    }

    @Test func shardsJoinInShardOrderWithTotalsRecounted() throws {
        let merged = try RunMerger.merge(
            [
                Self.shard(2, of: 2, tests: [("M.S/c", .failed), ("M.S/d-flaky", .passed)], start: 5),
                Self.shard(1, of: 2, tests: [("M.S/a", .passed), ("M.S/b", .skipped)], start: 3),
            ], runID: "20261122T050000Z-beef")
        #expect(merged.tests.map(\.id) == ["M.S/a", "M.S/b", "M.S/c", "M.S/d-flaky"])
        #expect(merged.tests.map(\.order) == [1, 2, 3, 4])
        #expect(merged.totals.tests == 4 && merged.totals.passed == 2 && merged.totals.failed == 1)
        #expect(merged.totals.skipped == 1 && merged.totals.flaky == 1)
        #expect(merged.status == .failed)
        #expect(merged.shard == nil)
        #expect(merged.runID == "20261122T050000Z-beef")
        #expect(
            merged.startedAt == Date(timeIntervalSince1970: 3) && merged.finishedAt == Date(timeIntervalSince1970: 15))
        #expect(merged.seed == 7)
        #expect(merged.errors.isEmpty)
    }

    @Test func aMissingShardIsAnError() throws {
        let merged = try RunMerger.merge(
            [Self.shard(1, of: 3, tests: [("M.S/a", .passed)]), Self.shard(3, of: 3, tests: [])], runID: "x")
        #expect(merged.status == .error)
        #expect(merged.errors.map(\.message) == ["shard 2/3 missing: their tests are not in this report"])
    }

    @Test func aShardGivenTwiceCountsItsTestsOnce() throws {
        let merged = try RunMerger.merge(
            [
                Self.shard(1, of: 2, tests: [("M.S/a", .passed)]), Self.shard(1, of: 2, tests: [("M.S/a", .passed)]),
                Self.shard(2, of: 2, tests: [("M.S/b", .passed)]),
            ], runID: "x")
        #expect(merged.totals.tests == 2)
        #expect(merged.errors.contains { $0.message == "shard 1/2 given 2 times" })
        #expect(merged.errors.contains { $0.message.hasPrefix("M.S/a ran in both") })
    }

    /// Each shard job drew its own seed: two orders, not one run's; the merged run would have no seed to replay.
    @Test func shardsOfDifferentSeedsAreRefusedNamingBoth() {
        let refused = MergeError.differentSeeds(first: "shard1", firstSeed: 1, other: "shard2", otherSeed: 2)
        #expect(throws: refused) {
            try RunMerger.merge(
                [Self.shard(1, of: 2, tests: [], seed: 1), Self.shard(2, of: 2, tests: [], seed: 2)], runID: "x")
        }
        #expect(refused.kind == .invalidInput)
        #expect(refused.localizedDescription.hasPrefix("shard1 ran with seed 1 but shard2 with seed 2"))
        // A declared-order shard has no seed: beside a random one it is another run too.
        #expect(throws: MergeError.differentSeeds(first: "shard1", firstSeed: 1, other: "shard2", otherSeed: nil)) {
            try RunMerger.merge(
                [Self.shard(1, of: 2, tests: [], seed: 1), Self.shard(2, of: 2, tests: [], seed: nil)], runID: "x")
        }
    }

    /// One pipeline by name, two files (or one file edited between the shards): not one run either.
    @Test func shardsOfDifferentPipelineFilesAreRefusedNamingBoth() {
        var first = Self.shard(1, of: 2, tests: [])
        var second = Self.shard(2, of: 2, tests: [])
        (first.report.pipelineFile, first.report.pipelineHash) = ("Pipelines/declared.json", "2b73344d3dce9f")
        (second.report.pipelineFile, second.report.pipelineHash) = ("Pipelines/smoke.json", "2e80c642a399aa")
        let refused = MergeError.differentPipelineFiles(
            first: "shard1", firstFile: "Pipelines/declared.json", firstHash: "2b73344d3dce9f",
            other: "shard2", otherFile: "Pipelines/smoke.json", otherHash: "2e80c642a399aa")
        #expect(throws: refused) { try RunMerger.merge([first, second], runID: "x") }
        #expect(refused.kind == .invalidInput)
        #expect(
            refused.localizedDescription.hasPrefix(
                "shard1 ran Pipelines/declared.json (sha256 2b73344d3dce…) but shard2 ran Pipelines/smoke.json"))
        second.report.pipelineFile = "Pipelines/declared.json"
        #expect(throws: MergeError.self) { try RunMerger.merge([first, second], runID: "x") }
        // The same file and content, or a shard that recorded no hash (an older report), is one run.
        second.report.pipelineHash = first.report.pipelineHash
        #expect(throws: Never.self) { try RunMerger.merge([first, second], runID: "x") }
        second.report.pipelineHash = nil
        #expect(throws: Never.self) { try RunMerger.merge([first, second], runID: "x") }
    }

    @Test func shardsOfOneCommitKeepItAndShardsOfTwoNameNone() throws {
        var first = Self.shard(1, of: 2, tests: [])
        var second = Self.shard(2, of: 2, tests: [])
        first.report.origin = RunOrigin(host: "a", commit: "c1", branch: "main", dirty: false, commitSource: "git")
        second.report.origin = first.report.origin
        #expect(try RunMerger.merge([first, second], runID: "x").origin?.commit == "c1")
        second.report.origin?.commit = "c2"
        let merged = try RunMerger.merge([first, second], runID: "x")
        #expect(merged.origin?.commit == nil)
        #expect(merged.origin?.branch == "main")
    }

    @Test func runsOfDifferentPipelinesAreRefused() {
        var other = Self.shard(2, of: 2, tests: [])
        other.report.pipeline = "nightly"
        #expect(throws: MergeError.self) { try RunMerger.merge([Self.shard(1, of: 2, tests: []), other], runID: "x") }
        #expect(throws: MergeError.nothingToMerge) { try RunMerger.merge([], runID: "x") }
    }

    @Test func shardErrorsArePrefixedWithTheShard() throws {
        var part = Self.shard(1, of: 1, tests: [])
        part.report.errors = [InfrastructureError(message: "llvm-cov export failed")]
        let merged = try RunMerger.merge([part], runID: "x")
        #expect(merged.errors.map(\.message) == ["shard 1/1: llvm-cov export failed"])
    }

    /// Shards whose histories held different durations split the tests differently: one that fell between them is
    /// named, never merged away as a run of fewer tests.
    @Test func aTestNoShardRanIsNamed() throws {
        let all = ["M.S/a", "M.S/b", "M.S/c", "M.S/d"]
        var first = Self.shard(1, of: 2, tests: [("M.S/a", .passed), ("M.S/b", .passed)])
        var second = Self.shard(2, of: 2, tests: [("M.S/b", .passed), ("M.S/c", .passed)])
        first.report.shard?.selected = all
        second.report.shard?.selected = all
        let merged = try RunMerger.merge([first, second], runID: "x")
        #expect(merged.status == .error)
        let unrun = try #require(merged.errors.first { $0.message.hasPrefix("1 test of the run ran in no shard") })
        #expect(unrun.details == ["M.S/d"])
        // A listing's id form and the result's (`testA()` listed, `testA` run) are one test, as the run matches them.
        var listed = Self.shard(1, of: 1, tests: [("M.S/testA", .passed)])
        listed.report.shard?.selected = ["M.S/testA()"]
        #expect(try RunMerger.merge([listed], runID: "z").errors.isEmpty)
        // Older shards record no selection: nothing to compare, nothing said.
        let older = try RunMerger.merge(
            [Self.shard(1, of: 2, tests: [("M.S/a", .passed)]), Self.shard(2, of: 2, tests: [("M.S/c", .passed)])],
            runID: "y")
        #expect(older.errors.isEmpty)
    }
}
