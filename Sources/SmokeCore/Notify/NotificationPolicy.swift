import Foundation

/// Decides whether a finished run is news (Documentation/Design.md §10): pure, over the run, the earlier runs and
/// what was last announced. The caller sends, then stores `nextState`.
package enum NotificationPolicy {
    /// `history`: earlier runs of this pipeline, oldest first (others ignored); `window`: earlier runs with every
    /// test's outcome, at least the newest `notify.flakyWindowRuns - 1` (the flake model's evidence).
    package static func decide(
        report: RunReport, history: [HistoryEntry], state: NotifyState, settings: NotifySettings, now: Date,
        window: [HistoryEntry] = []
    ) -> NotificationDecision {
        let decision = decision(
            report: report, history: history, state: state, settings: settings, now: now, window: window)
        guard case .send(let plan) = decision else { return decision }
        return .send(dated(plan, report: report, history: history))
    }

    private static func decision(
        report: RunReport, history: [HistoryEntry], state: NotifyState, settings: NotifySettings, now: Date,
        window: [HistoryEntry]
    ) -> NotificationDecision {
        let always = settings.on.contains(.always)
        let onFailure = always || settings.on.contains(.failure)
        switch report.status {
        case .interrupted:
            return .suppress(kind: .failure, reason: "run \(report.runID) was interrupted; nothing to announce")
        case .incomplete:
            return .suppress(
                kind: .failure,
                reason:
                    "run \(report.runID) is incomplete (\(report.totals.unfinished) tests without a result); nothing to announce"
            )
        case .passed:
            guard let open = state.open else {
                if always { return .send(NotificationPlan(kind: .always)) }
                return .suppress(kind: .always, reason: "run \(report.runID) passed and no failure is open")
            }
            // A run without a test says nothing of the announced ones: they stay open.
            if report.tests.isEmpty {
                if always { return .send(NotificationPlan(kind: .always)) }
                let reason = "run \(report.runID) ran no tests; what was announced for \(open.runID) stays open"
                return .suppress(kind: .always, reason: reason)
            }
            return recovery(of: open, report: report, settings: settings, window: window)
        case .failed, .error:
            let isInfrastructure = report.status == .error
            guard onFailure else {
                let reason = "run \(report.runID) \(report.status.rawValue), but notify.on does not include failure"
                guard settings.on.contains(.recovery) else {
                    return .suppress(kind: isInfrastructure ? .infrastructure : .failure, reason: reason)
                }
                // Whoever asked only for recoveries still hears the recovery of a failure no message announced.
                var announcing = settings
                announcing.on.append(.failure)
                let wanted = decision(
                    report: report, history: history, state: state, settings: announcing, now: now, window: window)
                guard case .send(var plan) = wanted, plan.kind != .recovery else { return wanted }
                guard plan.kind.opensProblem, !plan.isFlakyOnly else {
                    return .suppress(kind: plan.kind, reason: reason)
                }
                // Tests that pass again are said by the next message that is sent: the recovery.
                plan.recovered = []
                plan.recoveredStreaks = [:]
                return .hold(plan, reason: "\(reason); kept open for its recovery")
            }
            let failing = failingIDs(report)
            let ages = judgedAges(of: report, history: history, window: window, windowRuns: settings.flakyWindowRuns)
            let real = failing.filter { ages[$0]?.isKnownFlaky != true }
            if !isInfrastructure, real.isEmpty {
                // A problem that was open is over: its tests pass or are known flaky now, and tests ran.
                if let open = state.open {
                    // Its known-flaky failures go with it: the message must not say every test passes.
                    return recovery(of: open, report: report, settings: settings, window: window, failing: ages)
                }
                return flakyOnly(report: report, ages: ages, state: state, settings: settings, now: now)
            }
            // Announced tests that pass again are said in the next message that is sent, never in one of their own.
            // An infrastructure error says them too: it may come between the failures it does not end.
            let moved = state.open.map { carried($0, past: report) }
            let fresh = sayingRecovered(
                NotificationPlan(kind: isInfrastructure ? .infrastructure : .failure, ages: ages), moved, report: report
            )
            guard let open = state.open, open.kind.opensProblem, open.held != true,
                sameProblem(open, report, failing: real)
            else {
                return .send(fresh)
            }
            let remindAfter = open.announcedAt.addingTimeInterval(settings.remindHours * 3600)
            if now >= remindAfter || always {
                let reminder = NotificationPlan(kind: isInfrastructure ? .infrastructure : .reminder, ages: ages)
                return .send(sayingRecovered(reminder, moved, report: report))
            }
            let what = isInfrastructure ? "infrastructure error" : "failing tests"
            let passing = (moved?.passingAgain ?? [:]).keys.sorted()
            let recovered =
                passing.isEmpty ? "" : " (\(passing.joined(separator: ", ")) pass again, said in the next message)"
            return .suppress(
                kind: isInfrastructure ? .infrastructure : .reminder,
                reason:
                    "same \(what) as announced for run \(open.runID)\(recovered); next reminder after \(iso(remindAfter))"
            )
        }
    }

    /// The recovery of `open`: sent when `notify.on` wants it. A problem the channel was told about is always closed,
    /// also when the flake model now calls its tests flaky (this run's pass included): the message says so.
    private static func recovery(
        of open: NotifyState.Announcement, report: RunReport, settings: NotifySettings, window: [HistoryEntry],
        failing ages: [String: FailureAge] = [:]
    ) -> NotificationDecision {
        guard settings.on.contains(.always) || settings.on.contains(.recovery) else {
            return .suppress(
                kind: .recovery, reason: "run \(report.runID) recovered, but notify.on does not include recovery")
        }
        var plan = recoveryPlan(of: open, report: report, ages: ages)
        let flakes = KnownFlakes.judge(
            plan.recovered, report: report, window: window, windowRuns: settings.flakyWindowRuns, known: false)
        plan.looksFlaky = flakes.verdicts.mapValues(\.rateText)
        return .send(plan)
    }

    /// A run whose failing tests are all known flaky: `notify.flaky` says whether it is worth a message.
    private static func flakyOnly(
        report: RunReport, ages: [String: FailureAge], state: NotifyState, settings: NotifySettings, now: Date
    ) -> NotificationDecision {
        let names = ages.keys.sorted().joined(separator: ", ")
        switch settings.flaky {
        case .silent:
            return .suppress(kind: .failure, reason: "only known-flaky tests failed (\(names)); notify.flaky is silent")
        case .digest:
            if let last = state.flakyAnnouncedAt {
                let next = last.addingTimeInterval(settings.remindHours * 3600)
                if now < next {
                    return .suppress(
                        kind: .failure,
                        reason:
                            "only known-flaky tests failed (\(names)); notify.flaky is digest: next message after \(iso(next))"
                    )
                }
            }
        case .announce: break
        }
        return .send(NotificationPlan(kind: .failure, ages: ages))
    }

    /// The runs of `report`'s pipeline that started before it, oldest first: the policy's history.
    package static func earlierRuns(of report: RunReport, in entries: [HistoryEntry]) -> [HistoryEntry] {
        entries.filter { $0.pipeline == report.pipeline && $0.runID != report.runID && $0.startedAt < report.startedAt }
            .sorted { ($0.startedAt, $0.runID) < ($1.startedAt, $1.runID) }
    }

    /// The message plan for a run, whatever the policy would decide (`notify RUN`); `window` (the runs before it, up
    /// to `windowRuns`) marks its known-flaky failures as after a run.
    package static func plan(
        report: RunReport, history: [HistoryEntry], state: NotifyState, window: [HistoryEntry] = [],
        windowRuns: Int = 0
    ) -> NotificationPlan {
        var plan = dated(undated(report, history, state), report: report, history: history)
        let flakes = KnownFlakes.judge(failingIDs(report), report: report, window: window, windowRuns: windowRuns)
        for (key, verdict) in flakes.verdicts { plan.ages[key] = .knownFlaky(rate: verdict.rateText) }
        return plan
    }

    private static func undated(
        _ report: RunReport, _ history: [HistoryEntry], _ state: NotifyState
    ) -> NotificationPlan {
        switch report.status {
        case .passed:
            guard let open = state.open else { return NotificationPlan(kind: .always) }
            return recoveryPlan(of: open, report: report)
        case .failed: return NotificationPlan(kind: .failure, ages: failureAges(of: report, history: history))
        case .error: return NotificationPlan(kind: .infrastructure)
        case .interrupted, .incomplete:
            return NotificationPlan(kind: .always, ages: failureAges(of: report, history: history))
        }
    }

    /// `plan` with the time and commit each streak began at, and a recovery's count of failing runs, from the
    /// history lines of the runs it names.
    static func dated(_ plan: NotificationPlan, report: RunReport, history: [HistoryEntry]) -> NotificationPlan {
        let earlier = earlierRuns(of: report, in: history)
        var named = Set(
            plan.ages.values.compactMap { age -> String? in
                if case .stillFailing(let since, _) = age { return since }
                return nil
            })
        if let since = plan.failingSince { named.insert(since) }
        for streak in plan.recoveredStreaks.values {
            named.formUnion([streak.since, streak.passedIn].compactMap { $0 })
        }
        var plan = plan
        for entry in earlier where named.contains(entry.runID) {
            plan.streakStarts[entry.runID] = StreakStart(
                startedAt: entry.startedAt, commit: entry.commit, dirty: entry.dirty)
        }
        if let since = plan.failingSince, let start = plan.streakStarts[since] {
            let streak = earlier.filter { $0.startedAt >= start.startedAt }
            plan.failingRuns = streak.filter { $0.status == .failed || $0.status == .error }.count
            plan.erroredRuns = streak.filter { $0.status == .error }.count
        }
        return plan
    }

    /// The state to store once `decision` for `report` was delivered or queued (`announced`), or not.
    package static func nextState(
        after decision: NotificationDecision, report: RunReport, state: NotifyState, announced: Bool, now: Date
    ) -> NotifyState {
        switch decision {
        case .suppress(let kind, _):
            // A passing run ends the problem even when its recovery was not wanted; one without a test ends nothing.
            if (report.status == .passed && !report.tests.isEmpty) || kind == .recovery {
                return NotifyState(flakyAnnouncedAt: state.flakyAnnouncedAt)
            }
            // A run not worth a message still moves the announced tests that pass again aside, for the next one.
            guard let open = state.open else { return state }
            return NotifyState(open: carried(open, past: report), flakyAnnouncedAt: state.flakyAnnouncedAt)
        case .send(let plan):
            guard announced else { return state }
            // A recovery closes the problem; the known-flaky failures it names were said too.
            if plan.kind == .recovery {
                return NotifyState(flakyAnnouncedAt: plan.ages.isEmpty ? state.flakyAnnouncedAt : now)
            }
            if plan.isFlakyOnly { return NotifyState(open: state.open, flakyAnnouncedAt: now) }
            guard plan.kind.opensProblem else {
                // `always`'s message for a run without a test says nothing of the announced ones: they stay open.
                let open = report.tests.isEmpty ? state.open : nil
                return NotifyState(open: open, flakyAnnouncedAt: state.flakyAnnouncedAt)
            }
            return opened(plan, report: report, state: state, now: now)
        case .hold(let plan, _):
            var next = opened(plan, report: report, state: state, now: now)
            next.open?.held = true
            return next
        }
    }

    /// The state once `plan`, which opens a problem, was sent (or held) for `report`.
    private static func opened(
        _ plan: NotificationPlan, report: RunReport, state: NotifyState, now: Date
    ) -> NotifyState {
        // What the channel was told of tests outlives a run that tested nothing (an infrastructure error).
        var next = announcement(of: plan, report: report, open: state.open, now: now)
        next.since = state.open?.since ?? next.since
        return NotifyState(open: next, flakyAnnouncedAt: state.flakyAnnouncedAt)
    }

    /// Each failing test's age with the flake model's verdict over it: what a failure message says of each.
    static func judgedAges(
        of report: RunReport, history: [HistoryEntry], window: [HistoryEntry], windowRuns: Int
    ) -> [String: FailureAge] {
        let flakes = KnownFlakes.judge(failingIDs(report), report: report, window: window, windowRuns: windowRuns)
        var ages = failureAges(of: report, history: history)
        for (key, verdict) in flakes.verdicts { ages[key] = .knownFlaky(rate: verdict.rateText) }
        return ages
    }

    /// Each failing test's age by key: new, or failing in every earlier run that ran tests since run X.
    static func failureAges(of report: RunReport, history: [HistoryEntry]) -> [String: FailureAge] {
        let earlier = history.filter {
            $0.pipeline == report.pipeline && $0.runID != report.runID
                && ($0.status == .passed || $0.status == .failed)
        }
        var ages: [String: FailureAge] = [:]
        for key in failingIDs(report) {
            var since: String?
            var runs = 1
            // Newest first, to a run where it did not fail. One that did not run it (a filter) says nothing; one recorded
            // in part (past the history's test limit) kept every failing test, so one it lacks did not fail.
            for entry in earlier.reversed() {
                guard let outcome = entry.outcomes[key] else {
                    if entry.outcomes.count >= entry.totals.tests { continue } else { break }
                }
                guard outcome.isFailure else { break }
                since = entry.runID
                runs += 1
            }
            ages[key] = since.map { .stillFailing(since: $0, runs: runs) } ?? .new
        }
        return ages
    }

    /// The failing tests' keys, quarantined ones left out: a test failing on two devices is two problems, two streaks.
    static func failingIDs(_ report: RunReport) -> [String] {
        let quarantined = Set(report.quarantine?.tests ?? [])
        return Array(Set(report.failingTests.map(\.deviceKey)).subtracting(quarantined)).sorted()
    }

    /// Whether the run shows nothing beyond the open problem: no failing test that was not announced (known-flaky ones
    /// aside; fewer is the same problem, its fixed tests said later), or the same errors.
    private static func sameProblem(_ open: NotifyState.Announcement, _ report: RunReport, failing: [String]) -> Bool {
        if report.status == .error {
            return open.kind == .infrastructure && open.errors == report.errors.map(\.message)
        }
        return open.kind != .infrastructure && Set(failing).isSubset(of: open.failing)
    }

    private static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
