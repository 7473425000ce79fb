import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct NotificationPolicyTests {
    typealias F = NotifyFixtures

    /// Runs the policy over consecutive runs (every four hours), each decision delivered.
    private func decisions(
        _ reports: [RunReport], settings: NotifySettings = NotifySettings(), delivered: Bool = true
    ) -> [NotificationDecision] {
        var state = NotifyState()
        var result: [NotificationDecision] = []
        for (index, report) in reports.enumerated() {
            let history = F.history(Array(reports[..<index]))
            let now = report.finishedAt
            let decision = NotificationPolicy.decide(
                report: report, history: history, state: state, settings: settings, now: now)
            state = NotificationPolicy.nextState(
                after: decision, report: report, state: state, announced: delivered, now: now
            )
            result.append(decision)
        }
        return result
    }

    private let a = "AppTests.CartTests/testTotal"
    private let b = "AppTests.CartTests/testDiscount"
    private let c = "AppTests.LoginTests/testLogout"

    @Test func threeFailingRunsWithTheSameFailuresSendOneMessage() {
        let runs = (0..<3).map { F.report($0, tests: F.suite(failing: [F.failing(a), F.failing(b)])) }
        let sent = decisions(runs).compactMap(\.plan)
        #expect(sent.count == 1)
        #expect(sent.first?.kind == .failure)
        #expect(sent.first?.ages == [a: .new, b: .new])
    }

    @Test func aNewFailureInTheThirdRunIsAnnouncedAsNew() throws {
        let runs = [
            F.report(0, tests: F.suite(failing: [F.failing(a), F.failing(b)])),
            F.report(1, tests: F.suite(failing: [F.failing(a), F.failing(b)])),
            F.report(2, tests: F.suite(failing: [F.failing(a), F.failing(b), F.failing(c)])),
        ]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, nil, .failure])
        let third = try #require(result[2].plan)
        #expect(third.ages[c] == .new)
        #expect(third.ages[a] == .stillFailing(since: F.runID(0), runs: 3))
        #expect(third.newCount == 1)
    }

    @Test func aPassingFourthRunSendsOneRecoveryAndThenNothing() throws {
        let failing = F.suite(failing: [F.failing(a), F.failing(b)])
        let runs =
            (0..<3).map { F.report($0, tests: failing) } + (3..<5).map { F.report($0, tests: F.suite(failing: [])) }
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, nil, nil, .recovery, nil])
        let recovery = try #require(result[3].plan)
        #expect(recovery.recovered == [b, a].sorted())
        #expect(recovery.failingSince == F.runID(0))
    }

    @Test(arguments: [
        // remindHours, kinds over five runs four hours apart with the same failure
        (24.0, [NotificationKind.failure, nil, nil, nil, nil]),
        (8.0, [.failure, nil, .reminder, nil, .reminder]),
        (4.0, [.failure, .reminder, .reminder, .reminder, .reminder]),
    ])
    func anUnchangedFailureIsRemindedEveryRemindHours(remindHours: Double, kinds: [NotificationKind?]) {
        var settings = NotifySettings()
        settings.remindHours = remindHours
        let runs = (0..<5).map { F.report($0, tests: F.suite(failing: [F.failing(a)])) }
        #expect(decisions(runs, settings: settings).map { $0.plan?.kind } == kinds)
    }

    @Test func aSuppressedRepeatSaysWhenTheReminderIsDue() {
        let runs = (0..<2).map { F.report($0, tests: F.suite(failing: [F.failing(a)])) }
        guard case .suppress(let kind, let reason) = decisions(runs)[1] else {
            Issue.record("second run was not suppressed")
            return
        }
        #expect(kind == .reminder)
        #expect(reason.contains("as announced for run \(F.runID(0))"))
        #expect(reason.contains("next reminder after"))
    }

    /// Run `index` with `failing` failing and the other tests of `a`, `b`, `c` passing.
    private func run(_ index: Int, failing: [String]) -> RunReport {
        let passing = [a, b, c].filter { !failing.contains($0) }.map { F.passing($0) }
        return F.report(index, tests: F.suite(failing: failing.map { F.failing($0) }) + passing)
    }

    /// a breaks, then b; a is fixed while b still fails; then b is fixed. a's fix is no page of its own (nothing new
    /// fails), and the recovery names both, each with its own streak, under the pipeline's.
    @Test func aTestFixedWhileAnotherFailsIsSaidToRecoverInTheNextMessage() throws {
        let runs = [run(0, failing: []), run(1, failing: [a]), run(2, failing: [a, b]), run(3, failing: [b])]
        let result = decisions(runs + [run(4, failing: [])])
        #expect(result.map { $0.plan?.kind } == [nil, .failure, .failure, nil, .recovery])
        guard case .suppress(.reminder, let reason) = result[3] else { throw CancellationError() }
        #expect(reason.contains("(\(a) pass again, said in the next message)"), "\(reason)")
        let plan = NotificationPolicy.dated(
            try #require(result[4].plan), report: run(4, failing: []), history: F.history(runs))
        #expect(plan.recovered == [a, b].sorted() && plan.failingSince == F.runID(1) && plan.failingRuns == 3)
        #expect(plan.recoveredStreaks[a] == RecoveredStreak(since: F.runID(1), passedIn: F.runID(3)))
        #expect(plan.recoveredStreaks[b] == RecoveredStreak(since: F.runID(2)))
        let slack = SlackMessage.payload(
            report: run(4, failing: []), plan: plan, links: ArtifactLinks(), listedFailures: 10)
        let text = slack.blocks.map { "\($0)" }.joined(separator: "\n")
        #expect(text.contains("The pipeline is passing again after 3 failing runs (12 h, since 2026-11-22 08:00 UTC)."))
        #expect(
            text.contains(
                "`\(a)` (failing since 2026-11-22 08:00 UTC; passing again since 2026-11-22 16:00 UTC)"),
            "\(text)")
        #expect(text.contains("`\(b)` (failing since 2026-11-22 12:00 UTC)"), "\(text)")
    }

    @Test func aFixedTestIsNamedInTheNextFailureOrReminder() throws {
        let runs = [run(0, failing: [a, b]), run(1, failing: [a]), run(2, failing: [a, c])]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, nil, .failure])
        let failure = try #require(result[2].plan)
        #expect(failure.recovered == [b] && failure.ages[c] == .new)
        #expect(failure.recoveredStreaks[b] == RecoveredStreak(since: F.runID(0), passedIn: F.runID(1)))
        #expect(NotificationWording.headline(report: runs[2], plan: failure) == "2 tests failing (1 new), 1 recovered")
        var settings = NotifySettings()
        settings.remindHours = 4
        let reminded = decisions([run(0, failing: [a, b]), run(1, failing: [a])], settings: settings)
        #expect(reminded[1].plan?.kind == .reminder && reminded[1].plan?.recovered == [b])
        // Said once: the recovery that follows names only what recovered since.
        let closed = decisions(runs + [run(3, failing: [])])
        #expect(closed[3].plan?.recovered == [a, c])
    }

    @Test func withoutRecoveryInOnAPassingRunClosesTheProblemQuietly() {
        var settings = NotifySettings()
        settings.on = [.failure]
        let failing = F.suite(failing: [F.failing(a)])
        let runs = [F.report(0, tests: failing), F.report(1, tests: F.suite(failing: [])), F.report(2, tests: failing)]
        #expect(decisions(runs, settings: settings).map { $0.plan?.kind } == [.failure, nil, .failure])
    }

    /// `on: ["recovery"]`: no failure is sent, but each is kept open, so its recovery is sent and names every test
    /// that failed in the streak, also those fixed before the end.
    @Test func withOnlyRecoveryInOnTheRecoveryOfAnUnannouncedFailureIsSent() throws {
        var settings = NotifySettings()
        settings.on = [.recovery]
        let runs = [run(0, failing: [a]), run(1, failing: [a, b]), run(2, failing: [b]), run(3, failing: [])]
        let result = decisions(runs + [run(4, failing: [])], settings: settings)
        #expect(result.map { $0.plan?.kind } == [nil, nil, nil, .recovery, nil])
        guard case .hold(let held, let reason) = result[0] else { throw CancellationError() }
        #expect(held.kind == .failure && reason.contains("does not include failure; kept open for its recovery"))
        let recovery = try #require(result[3].plan)
        #expect(recovery.recovered == [a, b].sorted() && recovery.failingSince == F.runID(0))
        #expect(recovery.recoveredStreaks[a] == RecoveredStreak(since: F.runID(0), passedIn: F.runID(2)))
        // A build failure too.
        let error = InfrastructureError(message: "build failed", command: ["swift", "build"], exitStatus: 1)
        let outage = decisions([F.report(0, tests: [], errors: [error]), run(1, failing: [])], settings: settings)
        #expect(outage.map { $0.plan?.kind } == [nil, .recovery])
    }

    /// A problem kept open while only recoveries were wanted was never announced: once failures are wanted, the next
    /// failing run announces it, not a reminder a day later.
    @Test func aHeldProblemIsAnnouncedOnceFailuresAreWanted() {
        var settings = NotifySettings()
        settings.on = [.recovery]
        var state = NotifyState()
        let first = run(0, failing: [a])
        let held = NotificationPolicy.decide(
            report: first, history: [], state: state, settings: settings, now: first.finishedAt)
        state = NotificationPolicy.nextState(
            after: held, report: first, state: state, announced: false, now: first.finishedAt)
        #expect(state.open?.held == true && state.open?.failing == [a])
        let second = run(1, failing: [a])
        let decision = NotificationPolicy.decide(
            report: second, history: F.history([first]), state: state, settings: NotifySettings(),
            now: second.finishedAt)
        #expect(decision.plan?.kind == .failure)
        #expect(decision.plan?.ages[a] == .stillFailing(since: F.runID(0), runs: 2))
    }

    @Test func alwaysAnnouncesEveryRun() {
        var settings = NotifySettings()
        settings.on = [.always]
        let failing = F.suite(failing: [F.failing(a)])
        let runs = [
            F.report(0, tests: F.suite(failing: [])), F.report(1, tests: failing), F.report(2, tests: failing),
            F.report(3, tests: F.suite(failing: [])),
        ]
        #expect(decisions(runs, settings: settings).map { $0.plan?.kind } == [.always, .failure, .reminder, .recovery])
    }

    @Test func aBuildFailureIsAnnouncedAsInfrastructureOnceThenRecovers() throws {
        let error = InfrastructureError(message: "build failed", command: ["swift", "build"], exitStatus: 1)
        let runs = [
            F.report(0, tests: [], errors: [error]), F.report(1, tests: [], errors: [error]),
            F.report(2, tests: F.suite(failing: [])),
        ]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.infrastructure, nil, .recovery])
        #expect(result[0].plan?.ages == [:])
        #expect(try #require(result[2].plan).failingSince == F.runID(0))
    }

    @Test func anInterruptedRunIsNotNews() {
        var report = F.report(0, tests: F.suite(failing: [F.failing(a)]))
        report.status = .interrupted
        let decision = NotificationPolicy.decide(
            report: report, history: [], state: NotifyState(), settings: NotifySettings(), now: report.finishedAt
        )
        #expect(decision.plan == nil)
        #expect(decision.kind == .failure)
    }

    @Test func anUndeliveredFailureIsTriedAgainOnTheNextRun() {
        let runs = (0..<2).map { F.report($0, tests: F.suite(failing: [F.failing(a)])) }
        #expect(decisions(runs, delivered: false).map { $0.plan?.kind } == [.failure, .failure])
    }

    @Test func agesSkipRunsThatCouldNotTestAndIgnoreOtherPipelines() {
        let failing = F.suite(failing: [F.failing(a)])
        let history = F.history([
            F.report(0, tests: F.suite(failing: [])),
            F.report(1, tests: failing),
            F.report(2, tests: [], errors: [InfrastructureError(message: "device missing")]),
            F.report(3, tests: F.suite(failing: []), pipeline: "other"),
        ])
        let ages = NotificationPolicy.failureAges(of: F.report(4, tests: failing), history: history)
        #expect(ages == [a: .stillFailing(since: F.runID(1), runs: 2)])
    }
}
