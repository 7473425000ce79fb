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

    /// A run of `outcomes` on `commit`, `hour` hours after 2026-11-22T00:00Z; `flaky` passed only on a retry.
    static func run(
        _ hour: Int, commit: String?, outcomes: [String: TestStatus], flaky: [String] = [], dirty: Bool? = nil
    ) -> HistoryEntry {
        var entry = entry(durations: [:])
        entry.runID = String(format: "20261122T%02d0000Z-aaaa", hour)
        entry.startedAt = Date(timeIntervalSince1970: 1_795_305_600 + Double(hour) * 3_600)
        entry.commit = commit
        entry.dirty = dirty
        entry.outcomes = outcomes
        entry.flaky = flaky
        return entry
    }
}
