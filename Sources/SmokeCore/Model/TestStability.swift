import Foundation

/// The one flake model (Documentation/Design.md §9) for notifications, `history --flaky`, the dashboard and reports:
/// observations in, oldest first; a verdict per test that was not steady. Pure.
///
/// Flaky means failed and passed on the same code: within one run (passed only on a retry), or across runs of the
/// same commit and pipeline (both known and clean; an unknown commit is never "the same") where a pass followed a
/// lone failure, or a failure came back after a pass had ended one there. Failing on every run since it broke — on a new commit, or on the same one after passing (an expired
/// certificate, a backend down for several runs) — is broken, not flaky, whether a commit or the world fixed it. Interrupted, skipped and unfinished runs say nothing and are left out.
/// The window is the runs the caller gives.
package struct TestStability: Sendable, Equatable {
    package struct Run: Sendable, Equatable {
        package var runID: String
        package var commit: String?
        package var startedAt: Date
        /// The pipeline configuration the run used (its name and file); runs of another never count as the same code.
        package var configuration: String?

        package init(runID: String, commit: String?, startedAt: Date, configuration: String? = nil) {
            self.runID = runID
            self.commit = commit
            self.startedAt = startedAt
            self.configuration = configuration
        }

        /// The short commit, else the run's start time: what "fixed at" and "since" name.
        package var label: String { commit.map { String($0.prefix(7)) } ?? FireTimeFormat.utc(startedAt) }
    }

    /// The test in one run: passed (at the end) or failed, and whether it passed only on a retry.
    package struct Observation: Sendable, Equatable {
        package var run: Run
        package var passed: Bool
        package var retried: Bool
    }

    /// A commit on which the test failed in one run and passed in the next.
    package struct SameCommit: Sendable, Equatable {
        package var commit: String
        package var failed: [Run]
        package var passed: [Run]
    }

    /// A streak of failures that was not flaky: every run of its commits failed.
    package enum Breakage: Sendable, Equatable {
        /// Failed `runs` runs from `since`, then passed in `fixedAt` (the latest such streak).
        case fixed(runs: Int, since: Run, fixedAt: Run)
        /// Failing in the newest `runs` runs, from `since`.
        case ongoing(runs: Int, since: Run)
    }

    /// The test's key (`TestResult.deviceKey`).
    package var test: String
    /// Runs of the window in which it passed or failed.
    package var runs: Int
    /// Runs in which it failed at least once: failed at the end, or passed only on a retry.
    package var failedRuns = 0
    /// Runs in which it passed only on a retry.
    package var retried: [Run] = []
    /// Commits on which it failed in some runs and passed in others.
    package var sameCommit: [SameCommit] = []
    package var breakage: Breakage?

    /// Runs that are evidence of flakiness: passed on a retry, or failed on a commit it also passed on.
    package var flakyRuns: Int {
        Set(retried.map(\.runID) + sameCommit.flatMap { $0.failed.map(\.runID) }).count
    }

    package var isFlaky: Bool { flakyRuns > 0 }

    /// Flaky runs over all runs of the test: a broken streak does not count.
    package var flakeRate: Double { runs == 0 ? 0 : Double(flakyRuns) / Double(runs) }

    /// The rate in words, as a message says it: "failed 4 of the last 12 runs, passed on retry in 3".
    package var rateText: String {
        let retries = retried.count
        let tail = retries == 0 ? "" : ", passed on retry in \(retries)"
        return "failed \(failedRuns) of the last \(runs == 1 ? "run" : "\(runs) runs")\(tail)"
    }

    /// Every test whose history is not steady, by key.
    package static func assess(_ entries: [HistoryEntry]) -> [TestStability] {
        var observed: [String: [Observation]] = [:]
        for entry in entries {
            let run = Run(entry: entry)
            let retried = Set(entry.flaky)
            for (test, status) in entry.outcomes where status == .passed || status.isFailure {
                observed[test, default: []].append(
                    Observation(run: run, passed: status == .passed, retried: retried.contains(test)))
            }
        }
        return observed.keys.sorted().compactMap { verdict(test: $0, observed[$0] ?? []) }
    }

    /// The verdict on one test over its observations, oldest first; nil when it was steady (passed throughout).
    package static func verdict(test: String, _ observations: [Observation]) -> TestStability? {
        var stability = TestStability(test: test, runs: observations.count)
        stability.failedRuns = observations.filter { !$0.passed || $0.retried }.count
        stability.retried = observations.filter(\.retried).map(\.run)
        stability.sameCommit = sameCommit(observations)
        let flaky = Set(stability.sameCommit.map(\.commit))
        stability.breakage = breakage(observations.filter { $0.passed || !flaky.contains($0.run.commit ?? "") })
        return stability.isFlaky || stability.breakage != nil ? stability : nil
    }

    private static func sameCommit(_ observations: [Observation]) -> [SameCommit] {
        var byCode: [String: SameCommit] = [:]
        var order: [String] = []
        // Codes on which a pass came right after a lone failure: the flip that shows a flake (a pass after several
        // failures in a row ends a breakage), or on which it failed again after such a pass (a breakage that comes
        // back on code it was fixed on was never fixed: it comes and goes).
        var flipped: Set<String> = []
        var failuresInARow: [String: Int] = [:]
        var recovered: Set<String> = []
        for observation in observations {
            guard let commit = observation.run.commit, !commit.isEmpty else { continue }
            let code = commit + "\u{0}" + (observation.run.configuration ?? "")
            if byCode[code] == nil { order.append(code) }
            var group = byCode[code] ?? SameCommit(commit: commit, failed: [], passed: [])
            if observation.passed {
                group.passed.append(observation.run)
                if failuresInARow[code] == 1 { flipped.insert(code) }
                if failuresInARow[code, default: 0] > 0 { recovered.insert(code) }
                failuresInARow[code] = 0
            } else {
                if recovered.contains(code) { flipped.insert(code) }
                group.failed.append(observation.run)
                failuresInARow[code, default: 0] += 1
            }
            byCode[code] = group
        }
        return order.filter(flipped.contains).compactMap { byCode[$0] }
    }

    /// The newest streak of failures: still going, or the latest one a pass ended.
    private static func breakage(_ observations: [Observation]) -> Breakage? {
        var streak: (runs: Int, since: Run)?
        var fixed: Breakage?
        for observation in observations {
            if observation.passed {
                if let ended = streak { fixed = .fixed(runs: ended.runs, since: ended.since, fixedAt: observation.run) }
                streak = nil
            } else {
                streak = (runs: (streak?.runs ?? 0) + 1, since: streak?.since ?? observation.run)
            }
        }
        return streak.map { .ongoing(runs: $0.runs, since: $0.since) } ?? fixed
    }
}

extension TestStability.Run {
    /// A history entry's run; uncommitted changes mean its commit does not name the code that ran.
    package init(entry: HistoryEntry) {
        self.init(
            runID: entry.runID, commit: entry.dirty == true ? nil : entry.commit, startedAt: entry.startedAt,
            configuration: entry.pipeline + "\u{0}" + (entry.pipelinePath ?? ""))
    }
}
