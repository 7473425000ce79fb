import Foundation

@testable import SmokeCore

/// History entries built from a report, for tests that only care about one field.
enum HistoryEntryFixture {
    static func entry(durations: [String: Double]) -> HistoryEntry {
        let tests = durations.keys.sorted().map { id in
            TestResult(
                id: id, name: id, suite: "S", framework: .xctest, status: .passed, durationSeconds: durations[id]!)
        }
        let report = RunReport(
            pipeline: "p", runID: "20261122T040000Z-aaaa", status: .passed, startedAt: .init(timeIntervalSince1970: 0),
            finishedAt: .init(timeIntervalSince1970: 1), seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil),
            environment: [:], device: ResolvedDevice(platform: "host"), toolchain: nil, tests: tests)
        return HistoryEntry(report: report, path: "runs/\(report.runID)")
    }
}
