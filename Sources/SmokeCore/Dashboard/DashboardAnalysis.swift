import Foundation

/// What the overview answers, in one pass over a history: the tests failing now (since when, for how many runs),
/// the flakiest this month, the slowest and the ones getting slower. The pages state these rules in words.
package struct DashboardAnalysis: Sendable {
    package struct FailingNow: Sendable, Equatable {
        package var test: Int
        package var status: TestStatus
        /// The run (index) where the current failures began.
        package var sinceRun: Int
        /// Consecutive failing runs, up to the latest.
        package var runs: Int
        /// The last run before `sinceRun` where the test did not fail; nil when it never passed.
        package var lastGoodRun: Int?
    }

    /// A test the flake model (`TestStability`) calls flaky over the flake window: it passed only on a retry, or
    /// failed and passed on one commit. A test broken and then fixed on a new commit is never one.
    package struct Flaky: Sendable, Equatable {
        package var test: Int
        package var verdict: TestStability
        /// The latest runs that show it (indexes, newest first, at most `evidenceRuns`).
        package var evidence: [Int]
        package var score: Int { verdict.flakyRuns }
        /// Runs where it passed only on a retry.
        package var retryPasses: Int { verdict.retried.count }
        /// Runs where it failed on a commit it also passed on.
        package var sameCommitFailures: Int { Set(verdict.sameCommit.flatMap { $0.failed.map(\.runID) }).count }
    }

    /// A test's recent duration: the median of its last `slowWindow` timed runs, and of the ones before.
    package struct Timing: Sendable, Equatable {
        package var test: Int
        package var median: Double
        package var previousMedian: Double?
    }

    /// Runs within this many days of the latest count for flakiness.
    package static let flakeWindowDays = 30.0
    /// Timed runs per median when comparing durations.
    package static let slowWindow = 5
    /// Slower by at least this fraction…
    package static let slowerFraction = 0.25
    /// …and by at least this many seconds.
    package static let slowerSeconds = 0.5
    package static let topCount = 20
    static let evidenceRuns = 5

    package var failingNow: [FailingNow] = []
    package var flakiest: [Flaky] = []
    package var slowest: [Timing] = []
    package var slowing: [Timing] = []
    package var timings: [Timing] = []
    /// Tests that failed or were flaky at least once: each gets a page.
    package var paged: [Int] = []
    /// Each test's latest status, nil when it did not run in the complete window (`DashboardHistory.completeFrom`).
    package var latestStatus: [TestStatus?] = []
    package var failedRuns: [Int] = []
    package var flakyRuns: [Int] = []
    package var flakeWindowStart = 0

    package init(_ history: DashboardHistory) {
        let count = history.tests.count
        let runs = history.runs
        if let latest = runs.last?.startedAt {
            let start = latest.addingTimeInterval(-Self.flakeWindowDays * 86_400)
            flakeWindowStart = runs.firstIndex { $0.startedAt >= start } ?? runs.count
        }
        latestStatus = Array(repeating: nil, count: count)
        failedRuns = Array(repeating: 0, count: count)
        flakyRuns = Array(repeating: 0, count: count)
        var streakStart = Array(repeating: -1, count: count)
        var streakRuns = Array(repeating: 0, count: count)
        var lastGood = Array(repeating: -1, count: count)
        // Tests that failed or passed on a retry in the flake window: the flake model looks at these.
        var troubled = Array(repeating: false, count: count)
        let ring = Self.slowWindow * 2
        var durations = Array(repeating: Float.nan, count: count * ring)
        var timed = Array(repeating: 0, count: count)
        for (runIndex, run) in runs.enumerated() {
            if runIndex < history.completeFrom {
                // Before the complete window only failures and retry passes were read: they count, nothing else.
                for result in run.results {
                    if result.status.isFailure { failedRuns[Int(result.test)] += 1 }
                    if result.flaky { flakyRuns[Int(result.test)] += 1 }
                }
                continue
            }
            if runIndex == history.completeFrom {
                for (test, earlier) in history.earlier {
                    if let start = earlier.streakStart {
                        latestStatus[test] = .failed
                        streakStart[test] = start
                        streakRuns[test] = earlier.streakRuns
                    }
                    lastGood[test] = earlier.lastPassed ?? -1
                }
            }
            let inWindow = runIndex >= flakeWindowStart
            for result in run.results {
                let test = Int(result.test)
                let failing = result.status.isFailure
                let previous = latestStatus[test]
                if failing {
                    failedRuns[test] += 1
                    if previous?.isFailure != true { streakStart[test] = runIndex }
                    streakRuns[test] = previous?.isFailure == true ? streakRuns[test] + 1 : 1
                } else if result.status == .passed {
                    lastGood[test] = runIndex
                }
                if result.flaky { flakyRuns[test] += 1 }
                if inWindow, failing || result.flaky { troubled[test] = true }
                latestStatus[test] = result.status
                if !result.duration.isNaN {
                    durations[test * ring + timed[test] % ring] = result.duration
                    timed[test] += 1
                }
            }
        }
        for test in 0..<count {
            if failedRuns[test] > 0 || flakyRuns[test] > 0 { paged.append(test) }
            if let status = latestStatus[test], status.isFailure {
                let good = lastGood[test]
                failingNow.append(
                    FailingNow(
                        test: test, status: status, sinceRun: streakStart[test], runs: streakRuns[test],
                        lastGoodRun: good >= 0 && good < streakStart[test] ? good : nil))
            }
            let recent = Self.lastDurations(durations, test: test, ring: ring, timed: timed[test])
            guard !recent.isEmpty else { continue }
            let last = Array(recent.suffix(Self.slowWindow))
            let before = recent.count > Self.slowWindow ? Array(recent.dropLast(Self.slowWindow)) : []
            slowest.append(
                Timing(
                    test: test, median: Self.median(last),
                    previousMedian: before.count == Self.slowWindow ? Self.median(before) : nil))
        }
        flakiest = Self.flakiest(history, from: max(flakeWindowStart, history.completeFrom), troubled: troubled)
        failingNow.sort { ($0.sinceRun, history.tests[$0.test]) < ($1.sinceRun, history.tests[$1.test]) }
        flakiest.sort { ($1.score, history.tests[$0.test]) < ($0.score, history.tests[$1.test]) }
        flakiest = Array(flakiest.prefix(Self.topCount))
        timings = slowest
        slowing = slowest.filter(Self.isSlowing)
            .sorted { ($1.median - ($1.previousMedian ?? 0)) < ($0.median - ($0.previousMedian ?? 0)) }
        slowing = Array(slowing.prefix(Self.topCount))
        slowest.sort { ($1.median, history.tests[$0.test]) < ($0.median, history.tests[$1.test]) }
        slowest = Array(slowest.prefix(Self.topCount))
    }

    /// "Getting slower": the median of the last five timed runs is at least 25 % and 0.5 s above the five before.
    package static func isSlowing(_ timing: Timing) -> Bool {
        guard let previous = timing.previousMedian else { return false }
        return timing.median - previous >= slowerSeconds && timing.median >= previous * (1 + slowerFraction)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// A test's last (up to ten) durations, oldest first, out of its ring.
    private static func lastDurations(_ ring: [Float], test: Int, ring size: Int, timed: Int) -> [Double] {
        let count = min(timed, size)
        return (0..<count).map { offset in
            Double(ring[test * size + (timed - count + offset) % size])
        }
    }
}
