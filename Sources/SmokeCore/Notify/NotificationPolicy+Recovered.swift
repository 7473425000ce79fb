import Foundation

/// Tests that leave an open problem one by one: each is said to have recovered in the next message sent (a reminder,
/// a new failure or the recovery), never in a message of its own, and always with its own streak.
extension NotificationPolicy {
    /// `open` after `report`: announced tests that passed in it move to `passingAgain` (keeping their streak), those
    /// that fail again move back to `failing` (the channel never heard them pass; their streak starts again here,
    /// quarantined or not); tests that did not run stay where they were.
    static func carried(_ open: NotifyState.Announcement, past report: RunReport) -> NotifyState.Announcement {
        let passing = open.passingAgain ?? [:]
        let keys = Set(open.failing).union(passing.keys)
        var statuses: [String: TestStatus] = [:]
        for test in report.tests where keys.contains(test.deviceKey) { statuses[test.deviceKey] = test.status }
        var carried = open
        let failingAgain = passing.keys.filter { statuses[$0]?.isFailure == true }
        var passingAgain = passing.filter { statuses[$0.key]?.isFailure != true }
        for key in open.failing where statuses[key] == .passed { passingAgain[key] = report.runID }
        carried.failing = (open.failing.filter { statuses[$0] != .passed } + failingAgain).sorted()
        carried.passingAgain = passingAgain.isEmpty ? nil : passingAgain
        var streaks = Dictionary(uniqueKeysWithValues: passingAgain.keys.map { ($0, open.streak(of: $0)) })
        for key in carried.failing { streaks[key] = failingAgain.contains(key) ? report.runID : open.streak(of: key) }
        carried.streaks = streaks
        return carried
    }

    /// `plan` naming the announced tests of `open` that pass again, each with its own streak; `open` is `carried`.
    static func sayingRecovered(
        _ plan: NotificationPlan, _ open: NotifyState.Announcement?, report: RunReport
    ) -> NotificationPlan {
        guard let open, let passing = open.passingAgain, !passing.isEmpty else { return plan }
        var plan = plan
        plan.recovered = passing.keys.sorted()
        for (key, run) in passing {
            plan.recoveredStreaks[key] = RecoveredStreak(
                since: open.streak(of: key), passedIn: run == report.runID ? nil : run)
        }
        return plan
    }

    /// The recovery closing `open`: the announced tests that pass now, or passed since the last message, are
    /// recovered, each with its own streak; those that still fail but a quarantine covers now are closed, never said
    /// to have recovered.
    static func recoveryPlan(
        of open: NotifyState.Announcement, report: RunReport, ages: [String: FailureAge] = [:]
    ) -> NotificationPlan {
        let failingNow = Set(report.failingTests.map(\.deviceKey))
        let covered = Set(report.failingTests.filter { report.quarantineEntry(for: $0) != nil }.map(\.deviceKey))
        var plan = NotificationPlan(kind: .recovery, ages: ages, failingSince: open.since)
        for key in open.failing where !failingNow.contains(key) {
            plan.recoveredStreaks[key] = RecoveredStreak(since: open.streak(of: key))
        }
        for (key, run) in open.passingAgain ?? [:] where !failingNow.contains(key) {
            plan.recoveredStreaks[key] = RecoveredStreak(since: open.streak(of: key), passedIn: run)
        }
        plan.recovered = plan.recoveredStreaks.keys.sorted()
        plan.quarantined = open.failing.filter { failingNow.contains($0) && covered.contains($0) }
        return plan
    }

    /// The announcement to keep once `plan`, which opens a problem, was sent for `report`: its real failures and the
    /// announced tests it did not see pass (not run, quarantined or known flaky now), each with its own streak, and
    /// the tests that pass again that `plan` did not name yet.
    static func announcement(
        of plan: NotificationPlan, report: RunReport, open: NotifyState.Announcement?, now: Date
    ) -> NotifyState.Announcement {
        let carried = open.map { Self.carried($0, past: report) }
        // An unrecovered problem keeps the start of its streak; a new one starts where its oldest failure started
        // (run IDs sort by time).
        var streaks: [String: String] = [:]
        for (key, age) in plan.ages {
            if case .stillFailing(let since, _) = age { streaks[key] = since }
        }
        let since = open?.since ?? streaks.values.min() ?? report.runID
        let real = failingIDs(report).filter { plan.ages[$0]?.isKnownFlaky != true }
        let failing = Set(real).union(carried?.failing ?? []).sorted()
        for key in failing {
            let announced = carried.flatMap { $0.failing.contains(key) ? $0.streak(of: key) : nil }
            streaks[key] = announced ?? streaks[key] ?? report.runID
        }
        let passing = (carried?.passingAgain ?? [:]).filter { !plan.recovered.contains($0.key) }
        for key in passing.keys { streaks[key] = carried?.streak(of: key) }
        return NotifyState.Announcement(
            runID: report.runID, announcedAt: now, kind: plan.kind, failing: failing,
            errors: report.errors.map(\.message), since: since,
            streaks: streaks.filter { failing.contains($0.key) || passing[$0.key] != nil },
            passingAgain: passing.isEmpty ? nil : passing)
    }
}
