import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import smokerun

/// History, merge, shard balancing and bisect over a run pinning two devices: one test id ran
/// once per device, and no step may fold the two executions into one.
@Suite struct MultiDeviceStoreTests {
    private static let small = "iPhone SE (3rd generation)"
    private static let large = "iPhone 15"

    private static func test(_ id: String, _ device: String?, _ status: TestStatus, seconds: Double, order: Int)
        -> TestResult
    {
        var test = TestResult(
            id: id, name: id, suite: "S", framework: .xctest, status: status, durationSeconds: seconds, order: order)
        test.device = device
        return test
    }

    /// a then b on the small iPhone, then a and b on the large one; a fails on the large one only.
    private static var tests: [TestResult] {
        [
            test("M.S/a", small, .passed, seconds: 1, order: 1), test("M.S/b", small, .passed, seconds: 2, order: 2),
            test("M.S/a", large, .failed, seconds: 3, order: 3), test("M.S/b", large, .passed, seconds: 4, order: 4),
        ]
    }

    private static func report(_ tests: [TestResult]) -> RunReport {
        var report = ReportFixture.minimalReport
        report.tests = tests
        report.status = RunReport.status(of: tests, errors: [])
        return report
    }

    @Test func historyKeepsEachDevicesOutcomeAndDurationInTheStreamedLineToo() throws {
        let report = Self.report(Self.tests)
        let entry = HistoryEntry(report: report, path: "runs/r")
        #expect(
            entry.outcomes == [
                "M.S/a [\(Self.small)]": .passed, "M.S/b [\(Self.small)]": .passed,
                "M.S/a [\(Self.large)]": .failed, "M.S/b [\(Self.large)]": .passed,
            ])
        #expect(entry.durations["M.S/a [\(Self.large)]"] == 3)
        #expect(entry.failingTests == ["M.S/a [\(Self.large)]"])
        let line = ReportSink.collect { sink in try? HistoryLine.write(report, path: "runs/r", to: &sink) }
        #expect(try JSONCoding.decoder().decode(HistoryEntry.self, from: line) == entry)
    }

    @Test func historyFlakeRatesArePerDeviceSoAFailureOnOneDeviceIsNotHidden() {
        let failingOnLarge = HistoryEntry(report: Self.report(Self.tests), path: "runs/r1")
        var passing = Self.tests
        passing[2].status = .passed
        let allPass = HistoryEntry(report: Self.report(passing), path: "runs/r2")
        let table = HistoryTable.flakeRates([failingOnLarge, allPass])
        #expect(table.contains("M.S/a [\(Self.large)]"), "\(table)")
        #expect(!table.contains("M.S/a [\(Self.small)]") && !table.contains("M.S/b"), "\(table)")
    }

    @Test func anOldHistoryLineKeyedByIdStillReads() throws {
        let old =
            #"{"runID":"r1","pipeline":"smoke","status":"failed","startedAt":"2026-11-22T04:00:00Z","finishedAt":"2026-11-22T04:01:00Z","durationSeconds":60,"outcomes":{"M.S/a":"failed"},"durations":{"M.S/a":1.5}}"#
        let entry = try JSONCoding.decoder().decode(HistoryEntry.self, from: Data(old.utf8))
        #expect(entry.failingTests == ["M.S/a"])
        #expect(ShardPlanner.durations(from: [entry]) == ["M.S/a": 1.5])
    }

    @Test func shardBalancingWeighsATestByAllItsDevices() {
        let entry = HistoryEntry(report: Self.report(Self.tests), path: "runs/r")
        #expect(ShardPlanner.durations(from: [entry]) == ["M.S/a": 4, "M.S/b": 6])
        #expect(TestKey.id(of: "M.S/a") == "M.S/a")
        #expect(TestKey.id(of: "M.S/a [iPhone 15 (iOS 17.5)]") == "M.S/a")
    }

    @Test func mergeKeepsBothDevicesExecutionsOfOneIdWithoutCallingThemDuplicates() throws {
        var first = Self.report(Array(Self.tests.prefix(2)))
        first.shard = ShardRecord(index: 1, count: 2)
        var second = Self.report(Array(Self.tests.suffix(2)))
        second.shard = ShardRecord(index: 2, count: 2)
        let merged = try RunMerger.merge(
            [RunMerger.Part(report: first, source: "s1"), RunMerger.Part(report: second, source: "s2")], runID: "m")
        #expect(merged.tests.map(\.deviceKey) == Self.tests.map(\.deviceKey))
        #expect(merged.errors.isEmpty, "\(merged.errors.map(\.message))")
        #expect(merged.totals.tests == 4 && merged.totals.failed == 1)

        let twice = try RunMerger.merge(
            [RunMerger.Part(report: first, source: "s1"), RunMerger.Part(report: first, source: "again")], runID: "m")
        #expect(twice.errors.contains { $0.message.contains("M.S/a [\(Self.small)] ran in both s1 and again") })
    }

    @Test func bisectStudiesTheFailingDevicesExecutionAfterOnlyThatDevicesTests() throws {
        let target = try BisectTarget.find("a", in: Self.report(Self.tests), runName: "r")
        #expect(target.device == Self.large)
        #expect(
            target.executed.map(\.id) == ["M.S/a"], "the small iPhone's tests ran on another simulator, not before it")

        let later = try BisectTarget.find("M.S/b", in: Self.report(Self.tests), runName: "r")
        #expect(later.device == Self.small && later.candidates == ["M.S/a"])
        let message = BisectError.deviceRun(test: "M.S/a", device: Self.large, run: "r").errorDescription ?? ""
        #expect(message.contains(Self.large) && message.contains("--seed"))
    }

    @Test func aParallelMultiDeviceRunBisectsAfterTheSameWorkersTestsOnTheSameDevice() throws {
        let tests = Self.tests.map { test in
            var test = test
            test.worker = 1
            test.position = test.order <= 2 ? test.order : test.order - 2
            return test
        }
        let target = try BisectTarget.find(
            "M.S/b", in: Self.report(tests.filter { $0.device == Self.large || $0.id == "M.S/a" }), runName: "r")
        #expect(target.device == Self.large && target.candidates == ["M.S/a"])
    }

    @Test func aSingleDeviceRunIsBisectedAsBefore() throws {
        let tests = Self.tests.prefix(2).map { test in
            var test = test
            test.device = nil
            return test
        }
        let target = try BisectTarget.find("M.S/b", in: Self.report(tests), runName: "r")
        #expect(target.device == nil && target.candidates == ["M.S/a"])
    }
}
