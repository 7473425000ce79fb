import Foundation

/// What the pipeline's history says of a run's failing tests, read once: each test's age (new, failing since when,
/// known flaky) and the new failures whose suspect commits are named.
package struct FailureHistory: Sendable {
    /// The ages by `TestResult.deviceKey`, with the time and commit each streak began at.
    let plan: NotificationPlan
    private let report: RunReport
    /// An earlier run of the pipeline ran tests: before one, "new" says nothing.
    private let ranBefore: Bool

    /// `window` is the last `windowRuns` runs with every test's outcome (the flake model's evidence).
    package init(of report: RunReport, history: [HistoryEntry], window: [HistoryEntry], windowRuns: Int) {
        let ages = NotificationPolicy.judgedAges(of: report, history: history, window: window, windowRuns: windowRuns)
        plan = NotificationPolicy.dated(NotificationPlan(kind: .failure, ages: ages), report: report, history: history)
        self.report = report
        ranBefore = NotificationPolicy.earlierRuns(of: report, in: history).contains {
            $0.status == .passed || $0.status == .failed
        }
    }

    package var newFailures: [String] { plan.newFailures }

    /// The note for each failing test of a failed run, for its output; none on the pipeline's first run.
    package var notes: [String: String] {
        guard ranBefore, report.status == .failed else { return [:] }
        return plan.ages.mapValues { age in
            switch age {
            case .new: "new: it did not fail in the previous run that ran it"
            case .stillFailing(let since, let runs):
                NotificationWording.streak(since: since, runs: runs, plan: plan, report: report)
            case .knownFlaky(let rate): "known flaky: \(rate)"
            }
        }
    }
}

extension NotificationPlan {
    /// The keys of the tests it announces as newly failing, sorted.
    package var newFailures: [String] { ages.filter { $0.value.isNew }.map(\.key).sorted() }
}
