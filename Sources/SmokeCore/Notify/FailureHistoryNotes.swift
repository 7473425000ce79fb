import Foundation

/// What the pipeline's history says of each failing test, for the run's own output: that it is new, how long it has
/// been failing, or that it is known flaky, in the words the failure message uses.
package enum FailureHistoryNotes {
    /// The note for each failing test, by `TestResult.deviceKey`. None when the history holds no earlier run of the
    /// pipeline that ran tests: then "new" would say nothing.
    /// - Parameters:
    ///   - history: the pipeline's earlier runs with their tests' outcomes.
    ///   - window: its last `windowRuns` runs with every test's outcome (the flake model's evidence).
    package static func notes(
        of report: RunReport, history: [HistoryEntry], window: [HistoryEntry], windowRuns: Int
    ) -> [String: String] {
        let ranTests = NotificationPolicy.earlierRuns(of: report, in: history).contains {
            $0.status == .passed || $0.status == .failed
        }
        guard ranTests, report.status == .failed else { return [:] }
        let plan = NotificationPolicy.plan(
            report: report, history: history, state: NotifyState(), window: window, windowRuns: windowRuns)
        return plan.ages.mapValues { age in
            switch age {
            case .new: "new: it did not fail in the previous run"
            case .stillFailing(let since, let runs):
                NotificationWording.streak(since: since, runs: runs, plan: plan, report: report)
            case .knownFlaky(let rate): "known flaky: \(rate)"
            }
        }
    }
}
