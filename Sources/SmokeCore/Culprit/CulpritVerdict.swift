import Foundation

/// What the culprit search found, with the steps that prove it.
package enum CulpritVerdict: Sendable, Equatable {
    /// The named tests fail at `commit` and passed at the commit before it (or at the last good commit).
    case firstFailing(CulpritCommit, steps: [CulpritStep])
    /// They fail at the last passing run's commit too: the failure did not come from this range.
    case failsAtGood(CulpritCommit, steps: [CulpritStep])
    /// Every commit after the last one seen passing up to `upTo` failed to build: the culprit is among them.
    case unbuildable(first: CulpritCommit, upTo: CulpritCommit, steps: [CulpritStep])
    /// The clone does not hold the range (shallow clone, force-push, commits not fetched).
    case rangeNotInClone(range: String, missing: [String])
    /// A flaky test that the search will not run: its verdict could not be trusted.
    case refusedFlaky(test: String, reason: String)
    /// The search could not start or go on (no passing run, git or the toolchain failed): its message.
    case stoppedOnError(String)
    /// The run or time budget ran out (or SIGINT/SIGTERM): the culprit lies after `lastPassing`, up to `firstFailing`.
    case unfinished(
        reason: StopReason, lastPassing: CulpritCommit, firstFailing: CulpritCommit, candidates: Int,
        steps: [CulpritStep])

    package enum StopReason: String, Sendable, Equatable, Codable {
        case runBudget, timeBudget, interrupted
    }

    package var steps: [CulpritStep] {
        switch self {
        case .firstFailing(_, let steps), .failsAtGood(_, let steps), .unbuildable(_, _, let steps),
            .unfinished(_, _, _, _, let steps):
            steps
        case .rangeNotInClone, .refusedFlaky, .stoppedOnError: []
        }
    }

    /// Test runs of the search, every repetition counted.
    package var testRuns: Int { steps.map(\.testRuns).reduce(0, +) }

    package var culprit: CulpritCommit? {
        if case .firstFailing(let commit, _) = self { return commit }
        return nil
    }

    /// The answer in one sentence: what the command prints and the follow-up message says.
    package var sentence: String {
        let runs = ReportText.count(testRuns, "test run")
        let evidence = steps.map(\.text).joined(separator: ", ")
        switch self {
        case .firstFailing(let commit, _):
            return "first failing commit: \(commit.label) — found in \(runs) (evidence: \(evidence))"
        case .failsAtGood(let commit, _):
            return
                """
                fails at the last passing commit \(commit.label) too — the failure is not from this range \
                (environment or flake) (evidence: \(evidence))
                """
        case .unbuildable(let first, let upTo, _):
            let tail = first.hash == upTo.hash ? "" : " (up to \(upTo.short))"
            return
                """
                commit \(first.short) does not build — culprit is \(first.short) or later\(tail); \(runs) \
                (evidence: \(evidence))
                """
        case .rangeNotInClone(let range, let missing):
            return
                """
                the range \(range) is not in this clone (\(missing.map(CulpritCommit.short).joined(separator: ", ")) \
                missing: a shallow clone or a force-push); fetch the history (git fetch --unshallow) and try again
                """
        case .refusedFlaky(let test, let reason):
            return "\(test) is flaky (\(reason)): a search over its results could not be trusted; not searched"
        case .stoppedOnError(let message):
            return "the search stopped on an error, nothing is known of the culprit: \(message)"
        case .unfinished(let reason, let lastPassing, let firstFailing, let candidates, _):
            let why =
                switch reason {
                case .runBudget: "run budget used up"
                case .timeBudget: "time budget (culprit.maxMinutes) used up"
                case .interrupted: "interrupted"
                }
            let left = ReportText.count(candidates, "commit")
            return
                """
                \(why) after \(runs): the culprit is after \(lastPassing.short) up to \(firstFailing.short) (\(left) still under \
                suspicion)\(evidence.isEmpty ? "" : " (evidence: \(evidence))")
                """
        }
    }
}
