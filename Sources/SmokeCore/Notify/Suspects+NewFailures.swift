import Foundation

extension Suspects {
    /// The keys (`TestResult.deviceKey`) of the tests `ages` calls newly failing, sorted.
    static func newFailures(among ages: [String: FailureAge]) -> [String] {
        ages.filter { $0.value.isNew }.map(\.key).sorted()
    }

    /// The keys of `report`'s new failures, sorted: its failing tests that did not fail in the pipeline's previous run
    /// (`history`) and are not known flaky in `window` — the ones a failure message announces, and whose suspect
    /// commits the reports name whether or not a message is sent.
    package static func newFailures(
        of report: RunReport, history: [HistoryEntry], window: [HistoryEntry], windowRuns: Int
    ) -> [String] {
        newFailures(
            among: NotificationPolicy.judgedAges(of: report, history: history, window: window, windowRuns: windowRuns))
    }
}

extension NotificationPlan {
    /// The keys of the tests it announces as newly failing, sorted.
    package var newFailures: [String] { Suspects.newFailures(among: ages) }
}
