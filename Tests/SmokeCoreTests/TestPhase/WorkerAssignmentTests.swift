import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Which worker runs which batches (`--workers N`): balanced by durations, fixed by the seeded plan.
@Suite struct WorkerAssignmentTests {
    static func batch(_ ids: String...) -> TestBatch {
        TestBatch(framework: .xctest, tests: ids.map { TestCase(id: $0, framework: .xctest) })
    }

    @Test func heaviestBatchesGoFirstToTheLightestWorkerSoWorkersFinishTogether() {
        let batches = [Self.batch("M.A/a"), Self.batch("M.B/b"), Self.batch("M.C/c"), Self.batch("M.D/d")]
        let durations = ["M.A/a": 1, "M.B/b": 6, "M.C/c": 3, "M.D/d": 2.0]
        let lanes = WorkerAssignment.lanes(batches, workers: 2, durations: durations)
        // B (6) to worker 1; C (3) to worker 2; D (2) to worker 2 (3 < 6); A (1) to worker 2 (5 < 6).
        #expect(lanes.map { $0.map { $0.tests[0].id } } == [["M.B/b"], ["M.A/a", "M.C/c", "M.D/d"]])
    }

    @Test func insideAWorkerBatchesKeepThePlansSeededOrderNotHeaviestFirst() {
        let batches = [Self.batch("M.A/a"), Self.batch("M.B/b"), Self.batch("M.C/c")]
        let lanes = WorkerAssignment.lanes(batches, workers: 2, durations: ["M.A/a": 1, "M.B/b": 4, "M.C/c": 2])
        #expect(lanes[1].map { $0.tests[0].id } == ["M.A/a", "M.C/c"])
    }

    @Test func withoutHistoryBatchesAreBalancedByTestCountAndTiesFollowTheSeededOrder() {
        let batches = [
            Self.batch("M.A/a", "M.A/b", "M.A/c"), Self.batch("M.B/a"), Self.batch("M.C/a"),
            Self.batch("M.D/a", "M.D/b"),
        ]
        let lanes = WorkerAssignment.lanes(batches, workers: 2, durations: [:])
        // A (3) to 1, D (2) to 2, B (1) to 2; C (1) ties at 3–3 and goes to the first worker.
        #expect(
            lanes.map { $0.flatMap { $0.tests.map(\.id) } } == [
                ["M.A/a", "M.A/b", "M.A/c", "M.C/a"], ["M.B/a", "M.D/a", "M.D/b"],
            ])
    }

    @Test func theSameSeedAndDurationsGiveTheSameLanesAndEveryBatchRunsOnce() throws {
        let tests = (0..<40).map { TestCase(id: "M.S\($0 % 7)/t\($0)", framework: .xctest) }
        let durations = Dictionary(uniqueKeysWithValues: tests.enumerated().map { ($1.id, Double($0 % 5) + 0.5) })
        let plan = { (seed: UInt64) in TestOrdering.batches(tests, mode: .random, isolation: .test, seed: seed) }
        let first = WorkerAssignment.lanes(plan(42), workers: 3, durations: durations)
        #expect(first == WorkerAssignment.lanes(plan(42), workers: 3, durations: durations))
        #expect(first != WorkerAssignment.lanes(plan(43), workers: 3, durations: durations))
        let ran = first.flatMap { $0.flatMap(\.tests) }
        #expect(ran.count == tests.count)
        #expect(Set(ran.map(\.id)) == Set(tests.map(\.id)))
        let loads = first.map { $0.flatMap(\.tests).reduce(0) { $0 + (durations[$1.id] ?? 0) } }
        #expect(try #require(loads.max()) - #require(loads.min()) <= 4.5)
    }

    @Test func moreWorkersThanBatchesMakesNoEmptyWorkers() {
        #expect(WorkerAssignment.lanes([Self.batch("M.A/a")], workers: 4, durations: [:]).count == 1)
        #expect(WorkerAssignment.lanes([], workers: 4, durations: [:]).isEmpty)
    }

    @Test func autoIsTheProcessorCountPassedInAndCountsAreAtLeastOne() {
        #expect(WorkerCount.auto.resolved(processors: 6) == 6)
        #expect(WorkerCount.auto.resolved(processors: 0) == 1)
        #expect(WorkerCount.count(3).resolved(processors: 64) == 3)
        #expect(WorkerCount.parse("auto") == .auto)
        #expect(WorkerCount.parse("2") == .count(2))
        #expect(WorkerCount.parse("0") == nil)
        #expect(WorkerCount.parse("two") == nil)
    }
}

/// `bisect` over a parallel run replays one worker's sequence.
@Suite struct BisectTargetWorkerTests {
    @Test func inAParallelRunTheCandidatesAreTheTestsThatRanEarlierInTheSameWorker() throws {
        var report = ReportFixture.minimalReport
        let placed: [(String, Int, Int)] = [
            ("M.A/a", 1, 1), ("M.B/b", 2, 1), ("M.C/c", 1, 2), ("M.D/d", 2, 2), ("M.E/e", 1, 3),
        ]
        report.tests = placed.enumerated().map { index, entry in
            var test = TestResult(
                id: entry.0, name: "t", suite: "S", framework: .xctest, status: .passed, order: index + 1)
            (test.worker, test.position) = (entry.1, entry.2)
            return test
        }
        let target = try BisectTarget.find("M.E/e", in: report, runName: "r")
        #expect(target.candidates == ["M.A/a", "M.C/c"])
        #expect(try BisectTarget.find("M.D/d", in: report, runName: "r").candidates == ["M.B/b"])
    }
}
