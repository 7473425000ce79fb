import Foundation

/// What a test's history says about it (`smokerun history --flaky`). Pure: history entries in, oldest first, from
/// whichever store read them; one value per test that was not steady out.
///
/// A test is flaky when it failed and passed on the same code: within one run (it passed only on a retry), or
/// across runs of the same commit (both entries know their commit and had no uncommitted changes; an unknown commit is
/// never "the same"). A test
/// that failed on every run until a commit fixed it was broken, not flaky. Interrupted, skipped and unfinished runs
/// of a test say nothing about it and are left out.
package struct TestStability: Sendable, Equatable {
    /// One run of the test, as a verdict names it.
    package struct Run: Sendable, Equatable {
        package var runID: String
        package var commit: String?
        package var startedAt: Date

        /// The short commit, else the run's start time: what "fixed at" and "since" name.
        package var label: String { commit.map { String($0.prefix(7)) } ?? FireTimeFormat.utc(startedAt) }
    }

    /// A commit on which the test both failed and passed.
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
    /// Runs in which it passed or failed.
    package var runs: Int
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

    /// Every test whose history is not steady, by key.
    package static func assess(_ entries: [HistoryEntry]) -> [TestStability] {
        var observed: [String: [(run: Run, passed: Bool, retried: Bool)]] = [:]
        for entry in entries {
            // Uncommitted changes: the commit does not name the code that ran.
            let commit = entry.dirty == true ? nil : entry.commit
            let run = Run(runID: entry.runID, commit: commit, startedAt: entry.startedAt)
            let retried = Set(entry.flaky)
            for (test, status) in entry.outcomes where status == .passed || status.isFailure {
                observed[test, default: []].append((run, status == .passed, retried.contains(test)))
            }
        }
        return observed.keys.sorted().compactMap { test in
            let runs = observed[test] ?? []
            var stability = TestStability(test: test, runs: runs.count)
            stability.retried = runs.filter(\.retried).map(\.run)
            stability.sameCommit = sameCommit(runs.map { ($0.run, $0.passed) })
            let flakyCommits = Set(stability.sameCommit.map(\.commit))
            stability.breakage = breakage(
                runs.filter { $0.passed || !flakyCommits.contains($0.run.commit ?? "") }.map { ($0.run, $0.passed) })
            return stability.isFlaky || stability.breakage != nil ? stability : nil
        }
    }

    private static func sameCommit(_ runs: [(run: Run, passed: Bool)]) -> [SameCommit] {
        var byCommit: [String: SameCommit] = [:]
        var order: [String] = []
        for (run, passed) in runs {
            guard let commit = run.commit, !commit.isEmpty else { continue }
            if byCommit[commit] == nil { order.append(commit) }
            var group = byCommit[commit] ?? SameCommit(commit: commit, failed: [], passed: [])
            if passed { group.passed.append(run) } else { group.failed.append(run) }
            byCommit[commit] = group
        }
        return order.compactMap { byCommit[$0] }.filter { !$0.failed.isEmpty && !$0.passed.isEmpty }
    }

    /// The newest streak of failures: still going, or the latest one a pass ended.
    private static func breakage(_ runs: [(run: Run, passed: Bool)]) -> Breakage? {
        var streak: (runs: Int, since: Run)?
        var fixed: Breakage?
        for (run, passed) in runs {
            if passed {
                if let ended = streak { fixed = .fixed(runs: ended.runs, since: ended.since, fixedAt: run) }
                streak = nil
            } else {
                streak = (runs: (streak?.runs ?? 0) + 1, since: streak?.since ?? run)
            }
        }
        return streak.map { .ongoing(runs: $0.runs, since: $0.since) } ?? fixed
    }
}
