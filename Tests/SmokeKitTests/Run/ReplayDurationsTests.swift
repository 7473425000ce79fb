import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Workers and shards are dealt by recorded durations; a seed given again is dealt as its first run was, from the
/// durations recorded before it, so the replay runs the same sequences whatever the runs since then timed.
@Suite struct ReplayDurationsTests {
    private static func run(_ index: Int, seed: UInt64, durations: [String: Double]) -> HistoryEntry {
        var entry = HistoryEntryFixture.entry(durations: durations)
        entry.seed = seed
        entry.runID = "20261130T0\(index)0000Z-000\(index)"
        entry.startedAt = Date(timeIntervalSince1970: Double(index) * 14_400)
        return entry
    }

    @Test func aSeedGivenAgainIsDealtByTheDurationsBeforeItsFirstRun() {
        let history = InMemoryHistory(entries: [
            Self.run(1, seed: 11, durations: ["M.S/a": 1, "M.S/b": 2]),
            Self.run(2, seed: 22, durations: ["M.S/a": 3]),
            Self.run(3, seed: 33, durations: ["M.S/a": 9, "M.S/b": 9]),
            Self.run(4, seed: 22, durations: ["M.S/b": 5]),
        ])
        #expect(RunPreparation.durations(beforeSeed: 22, pipeline: "p", history: history) == ["M.S/a": 1, "M.S/b": 2])
        #expect(RunPreparation.durations(beforeSeed: 11, pipeline: "p", history: history) == [:])
        #expect(RunPreparation.durations(beforeSeed: 44, pipeline: "p", history: history) == nil)
        #expect(RunPreparation.durations(beforeSeed: 22, pipeline: "other", history: history) == nil)
    }
}
