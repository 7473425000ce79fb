import Foundation

/// Finds the first commit of a range at which the named tests fail: a binary search over first-parent
/// commits, skipping those that do not build (as `git bisect skip` does). Pure: the only effect is `probe`.
///
/// The last good commit is checked first (a failure there is not from the range); the failing commit is
/// known to fail from its run and is not run again.
package struct CulpritSearch: Sendable {
    package enum Trial: Sendable, Equatable {
        /// The tests ran `runs` times and failed in `failures` of them.
        case ran(runs: Int, failures: Int)
        case doesNotBuild
    }

    /// Thrown by `probe` to end the search where it is: SIGINT/SIGTERM or the time budget.
    package struct Stop: Error, Equatable {
        package var reason: CulpritVerdict.StopReason
        package init(_ reason: CulpritVerdict.StopReason) { self.reason = reason }
    }

    var good: CulpritCommit
    /// The range's first-parent commits after `good`, oldest first; the last is the failing run's commit.
    var commits: [CulpritCommit]
    /// The run that failed at the last commit: the evidence that it fails.
    var failingRun: String
    /// Runs per commit: more than 1 for a flaky test, which then fails at a commit only when it failed every time.
    var repeats: Int
    package var stepLimit: Int

    package init(
        good: CulpritCommit, commits: [CulpritCommit], failingRun: String, repeats: Int = 1, stepLimit: Int? = nil
    ) {
        self.good = good
        self.commits = commits
        self.failingRun = failingRun
        self.repeats = max(1, repeats)
        self.stepLimit = stepLimit ?? Self.defaultStepLimit(commits: commits.count)
    }

    /// The last good commit, ⌈log2 n⌉ halvings, and room for two commits that do not build.
    package static func defaultStepLimit(commits: Int) -> Int {
        1 + ceilLog2(max(commits, 1)) + 2
    }

    /// ⌈log2 value⌉, for a value of at least 1.
    static func ceilLog2(_ value: Int) -> Int { Int.bitWidth - (value - 1).leadingZeroBitCount }

    /// Runs the search; a `Stop` that `probe` throws ends it with what is known, any other error with that error.
    package func run(_ probe: (CulpritCommit, Int) throws -> Trial) throws -> CulpritVerdict {
        guard let bad = commits.last else {
            return .failsAtGood(good, steps: [])
        }
        var steps: [CulpritStep] = []
        // Indexes into `commits`: the newest known to pass (-1: `good`) and the oldest known to fail.
        var low = -1
        var high = commits.count - 1
        var skipped: Set<Int> = []
        let recorded = CulpritStep(commit: bad.hash, result: .failed, testRuns: 0, run: failingRun)
        func unfinished(_ reason: CulpritVerdict.StopReason) -> CulpritVerdict {
            .unfinished(
                reason: reason, lastPassing: low >= 0 ? commits[low] : good, firstFailing: commits[high],
                candidates: high - low, steps: steps + [recorded])
        }
        func attempt(_ commit: CulpritCommit) throws -> CulpritStep.Result? {
            guard steps.count < stepLimit else { return nil }
            let trial = try probe(commit, repeats)
            let result: CulpritStep.Result
            switch trial {
            case .doesNotBuild:
                steps.append(CulpritStep(commit: commit.hash, result: .doesNotBuild, testRuns: 0))
                return .doesNotBuild
            case .ran(let runs, let failures):
                // A flaky test fails now and then anywhere: only a failure every time puts the break before it.
                result = runs > 0 && failures == runs ? .failed : .passed
                steps.append(CulpritStep(commit: commit.hash, result: result, testRuns: runs))
            }
            return result
        }
        do {
            guard let atGood = try attempt(good) else { return unfinished(.runBudget) }
            // A good commit that no longer builds proves nothing: its run's pass stands as the evidence.
            if atGood == .failed { return .failsAtGood(good, steps: steps) }
            while true {
                let between = Array((low + 1)..<high)
                if between.isEmpty {
                    return .firstFailing(commits[high], steps: high == commits.count - 1 ? steps + [recorded] : steps)
                }
                let open = between.filter { !skipped.contains($0) }
                if open.isEmpty {
                    let evidence = high == commits.count - 1 ? steps + [recorded] : steps
                    return .unbuildable(first: commits[between[0]], upTo: commits[high], steps: evidence)
                }
                let middle = (low + high) / 2
                let pick = open.min { abs($0 - middle) < abs($1 - middle) }!
                guard let result = try attempt(commits[pick]) else { return unfinished(.runBudget) }
                switch result {
                case .passed: low = pick
                case .failed: high = pick
                case .doesNotBuild: skipped.insert(pick)
                }
            }
        } catch let stop as Stop {
            return unfinished(stop.reason)
        }
    }
}
