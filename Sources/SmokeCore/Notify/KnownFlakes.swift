import Foundation

/// What the flake model (`TestStability`) tells the notification policy: which of a run's failing tests were already
/// known flaky before it, and each one's rate over the window with the run itself. Pure.
package struct KnownFlakes: Sendable, Equatable {
    /// By test key: the verdict over the window and the run, for tests the earlier runs showed flaky.
    package var verdicts: [String: TestStability] = [:]

    package init(verdicts: [String: TestStability] = [:]) { self.verdicts = verdicts }

    /// Runs in a row a test fails in every attempt, this one included, that make a known-flaky test broken: a flake
    /// seldom repeats that often, and a regression must page once, not only join the daily flaky digest.
    static let brokenStreak = 3

    /// Judges `keys` over the newest `windowRuns - 1` earlier runs in `window` plus the report. `known`: only tests the
    /// earlier runs alone show flaky (failures); else this run counts too (a recovered test's pass may be evidence).
    package static func judge(
        _ keys: [String], report: RunReport, window: [HistoryEntry], windowRuns: Int, known: Bool = true
    ) -> KnownFlakes {
        guard !keys.isEmpty else { return KnownFlakes() }
        let earlier = Array(NotificationPolicy.earlierRuns(of: report, in: window).suffix(max(windowRuns - 1, 0)))
        var current = HistoryEntry(report: report, path: OutputLayout.relativeRunPath(report.runID))
        // The run is the same pipeline configuration as its earlier runs.
        current.pipelinePath = earlier.last?.pipelinePath
        var verdicts: [String: TestStability] = [:]
        for key in keys {
            let before = observations(of: key, in: earlier)
            if known, TestStability.verdict(test: key, before)?.isFlaky != true { continue }
            let seen = before + observations(of: key, in: [current])
            guard let verdict = TestStability.verdict(test: key, seen), verdict.isFlaky else { continue }
            // Failing every attempt of this run and the two before it is broken now, whatever it once was.
            if seen.count >= Self.brokenStreak, seen.suffix(Self.brokenStreak).allSatisfy({ !$0.passed }) { continue }
            verdicts[key] = verdict
        }
        return KnownFlakes(verdicts: verdicts)
    }

    private static func observations(of key: String, in entries: [HistoryEntry]) -> [TestStability.Observation] {
        entries.compactMap { entry in
            guard let status = entry.outcomes[key], status == .passed || status.isFailure else { return nil }
            return TestStability.Observation(
                run: TestStability.Run(entry: entry), passed: status == .passed, retried: entry.flaky.contains(key))
        }
    }
}
