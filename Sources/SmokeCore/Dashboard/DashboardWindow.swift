import Foundation

/// How much of a long history the dashboard reads in full. The pages need every test's result only in recent
/// runs (test strips, the flake window, duration medians); from older runs only failures and retry passes, and
/// where a streak failing into the window began. `cut` makes the same value out of a complete history.
package enum DashboardWindow {
    /// The first run read in full: the last `DashboardTestDetail.recentRuns` runs and the flake window, plus one so a
    /// result at the window's start has the one before it. `starts` are run start times, oldest first.
    package static func completeFrom(_ starts: [Date]) -> Int {
        guard let latest = starts.last else { return 0 }
        let flakeStart = latest.addingTimeInterval(-DashboardAnalysis.flakeWindowDays * 86_400)
        let firstInFlakeWindow = starts.firstIndex { $0 >= flakeStart } ?? starts.count
        return max(0, min(starts.count - DashboardTestDetail.recentRuns, firstInFlakeWindow) - 1)
    }

    /// Whether a result before the window is kept: a failure, or a pass on a retry.
    package static func keeps(status: TestStatus, flaky: Bool) -> Bool { status.isFailure || flaky }

    /// The failures leading into the window of a test failing at its start, walking back from `start - 1`; nil when
    /// it never ran before `start`. `failed` answers from the kept results, `status` reads the others.
    package static func earlier(
        before start: Int, failed: (Int) -> Bool, status: (Int) throws -> TestStatus?
    ) rethrows -> DashboardEarlier? {
        var found: DashboardEarlier?
        var streak = true
        var run = start - 1
        while run >= 0 {
            defer { run -= 1 }
            let read: TestStatus?
            if failed(run) { read = .failed } else { read = try status(run) }
            guard let result = read else { continue }
            var earlier = found ?? DashboardEarlier()
            defer { found = earlier }
            if streak, result.isFailure {
                earlier.streakStart = run
                earlier.streakRuns += 1
                continue
            }
            streak = false
            if result == .passed {
                earlier.lastPassed = run
                break
            }
        }
        return found
    }

    package static func cut(_ history: DashboardHistory) -> DashboardHistory {
        let start = completeFrom(history.runs.map(\.startedAt))
        guard start > 0, history.completeFrom == 0 else { return history }
        var builder = DashboardHistoryBuilder(pipeline: history.pipeline)
        for (index, run) in history.runs.enumerated() {
            let kept = index < start ? run.results.filter { keeps(status: $0.status, flaky: $0.flaky) } : run.results
            let outcomes = kept.map { result in
                DashboardHistoryBuilder.Outcome(
                    key: history.tests[Int(result.test)], status: result.status, flaky: result.flaky,
                    durationSeconds: result.durationSeconds, message: run.messages[Int(result.test)])
            }
            builder.add(run, outcomes: outcomes)
        }
        builder.completeFrom = start
        for (key, name) in history.displayNames { builder.setDisplayName(name, key: key) }
        for test in firstFailing(history, from: start) {
            let earlier = earlier(
                before: start, failed: { history.runs[$0].result(of: test)?.status.isFailure == true },
                status: { history.runs[$0].result(of: test)?.status })
            if let earlier { builder.setEarlier(earlier, key: history.tests[test]) }
        }
        return builder.history
    }

    /// The tests whose first result from run `start` on is a failure.
    static func firstFailing(_ history: DashboardHistory, from start: Int) -> [Int] {
        var first = [TestStatus?](repeating: nil, count: history.tests.count)
        for run in history.runs[start...] {
            for result in run.results where first[Int(result.test)] == nil { first[Int(result.test)] = result.status }
        }
        return first.indices.filter { first[$0]?.isFailure == true }
    }
}
