import Foundation

extension NotifyState {
    /// The state a message for `report` is planned against (`smokerun notify RUN`): `current` when `report` is its
    /// pipeline's newest run and the open problem began before it; else what the runs before it (`window`, with every
    /// test's outcome) show: the failing tests of the last one that ran tests, each with the start of its streak. A
    /// problem that began after a run is never that run's to recover from.
    package static func planned(
        for report: RunReport, current: NotifyState, isNewest: Bool, window: [HistoryEntry]
    ) -> NotifyState {
        if isNewest, current.open.map({ $0.since <= report.runID && $0.runID <= report.runID }) ?? true {
            return current
        }
        let earlier = NotificationPolicy.earlierRuns(of: report, in: window)
        let tested = earlier.filter { $0.status == .passed || $0.status == .failed }
        guard let last = tested.last, last.status == .failed else { return NotifyState() }
        let failing = last.outcomes.filter { $0.value.isFailure }.keys.sorted()
        var streaks: [String: String] = [:]
        for key in failing {
            // Newest first, while the test failed.
            streaks[key] = tested.reversed().prefix { $0.outcomes[key]?.isFailure == true }.last?.runID ?? last.runID
        }
        // The pipeline's streak: every run back to the last passing one failed or could not run its tests.
        let since = earlier.reversed().prefix { $0.status == .failed || $0.status == .error }.last?.runID ?? last.runID
        return NotifyState(
            open: Announcement(
                runID: last.runID, announcedAt: last.finishedAt, kind: .failure, failing: failing, errors: [],
                since: since, streaks: streaks))
    }
}
