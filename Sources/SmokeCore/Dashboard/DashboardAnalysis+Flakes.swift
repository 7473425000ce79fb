import Foundation

extension DashboardAnalysis {
    /// The flake model's verdicts on the `troubled` tests over the flake window: the flaky ones, with their runs.
    static func flakiest(_ history: DashboardHistory, from start: Int, troubled: [Bool]) -> [Flaky] {
        guard troubled.contains(true), start < history.runs.count else { return [] }
        var observed: [Int: [TestStability.Observation]] = [:]
        var index: [String: Int] = [:]
        for runIndex in start..<history.runs.count {
            let run = history.runs[runIndex]
            index[run.id] = runIndex
            let seen = TestStability.Run(
                runID: run.id, commit: run.dirty == true ? nil : run.commit, startedAt: run.startedAt)
            for result in run.results where troubled[Int(result.test)] {
                guard result.status == .passed || result.status.isFailure else { continue }
                observed[Int(result.test), default: []].append(
                    TestStability.Observation(run: seen, passed: result.status == .passed, retried: result.flaky))
            }
        }
        return observed.keys.sorted().compactMap { test -> Flaky? in
            guard let verdict = TestStability.verdict(test: history.tests[test], observed[test] ?? []),
                verdict.isFlaky
            else { return nil }
            let runs = verdict.retried.map(\.runID) + verdict.sameCommit.flatMap { $0.failed.map(\.runID) }
            let evidence = Set(runs.compactMap { index[$0] }).sorted(by: >).prefix(evidenceRuns)
            return Flaky(test: test, verdict: verdict, evidence: Array(evidence))
        }
    }
}
