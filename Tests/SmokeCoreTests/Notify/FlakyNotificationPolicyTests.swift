import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Scripted histories of many runs through the policy and the flake model, each decision delivered: a known-flaky
/// test never pages as new, a broken-then-fixed one gets its failure and its recovery.
@Suite struct FlakyNotificationPolicyTests {
    typealias F = NotifyFixtures
    static let flaky = "AppTests.SyncTests/testMerge"
    static let broken = "AppTests.CartTests/testTotal"
    static let sameCommit = String(repeating: "ab", count: 20)

    /// One scripted run: which tests fail at the end, which pass only on a retry, and the commit.
    struct Step {
        var failing: [String] = []
        var retried: [String] = []
        var commit = FlakyNotificationPolicyTests.sameCommit
    }

    struct Outcome {
        var decisions: [NotificationDecision]
        var reports: [RunReport]
        var sent: [(run: Int, plan: NotificationPlan)] {
            decisions.enumerated().compactMap { index, decision in decision.plan.map { (index, $0) } }
        }
    }

    static func play(_ steps: [Step], settings: NotifySettings = NotifySettings()) -> Outcome {
        var state = NotifyState()
        var reports: [RunReport] = []
        var decisions: [NotificationDecision] = []
        for (index, step) in steps.enumerated() {
            let tests =
                (0..<4).map { F.passing("AppTests.CheckoutTests/testStep\($0)") }
                + [flaky, broken].map { id in
                    step.failing.contains(id) ? F.failing(id) : F.passing(id, flaky: step.retried.contains(id))
                }
            var report = F.report(index, tests: tests)
            report.origin = RunOrigin(host: "buildbox", commit: step.commit, branch: "main", dirty: false)
            let history = F.history(reports)
            let decision = NotificationPolicy.decide(
                report: report, history: history, state: state, settings: settings, now: report.finishedAt,
                window: history)
            state = NotificationPolicy.nextState(
                after: decision, report: report, state: state, announced: true, now: report.finishedAt)
            decisions.append(decision)
            reports.append(report)
        }
        return Outcome(decisions: decisions, reports: reports)
    }

    /// A test failing one run in three on code that does not change, over `count` runs.
    static func oneInThree(_ count: Int) -> [Step] {
        (0..<count).map { $0 % 3 == 2 ? Step(failing: [flaky]) : Step() }
    }

    @Test func aTestFailingOneRunInThreeIsNewOnceThenNeverAgain() {
        var settings = NotifySettings()
        settings.flaky = .announce
        let outcome = Self.play(Self.oneInThree(30), settings: settings)
        let sent = outcome.sent
        // Its first failure is news (nothing said it was flaky yet); every later one is marked known flaky.
        #expect(sent.first?.run == 2 && sent.first?.plan.ages == [Self.flaky: .new])
        #expect(sent.dropFirst(2).allSatisfy { $0.plan.newCount == 0 && $0.plan.isFlakyOnly })
        #expect(sent.map(\.run) == [2, 3, 5, 8, 11, 14, 17, 20, 23, 26, 29])
        // The channel was told of the first failure: the pass after it closes it, saying it looks flaky; a known-flaky
        // failure opens nothing, so no later pass sends a recovery.
        #expect(sent.filter { $0.plan.kind == .recovery }.map(\.run) == [3])
        #expect(sent[1].plan.looksFlaky == [Self.flaky: "failed 1 of the last 4 runs"])
        #expect(sent.last?.plan.ages[Self.flaky] == .knownFlaky(rate: "failed 10 of the last 30 runs"))
    }

    @Test func theDefaultDigestSendsAtMostOneFlakyMessagePerReminderInterval() {
        let sent = Self.play(Self.oneInThree(30)).sent
        // Runs are four hours apart: a failure every twelve hours, at most one message a day.
        #expect(sent.map(\.run) == [2, 3, 5, 11, 17, 23, 29])
        #expect(sent.dropFirst(2).allSatisfy { $0.plan.isFlakyOnly })
    }

    @Test func silentSendsNothingAfterTheFirstFailure() {
        var settings = NotifySettings()
        settings.flaky = .silent
        let outcome = Self.play(Self.oneInThree(30), settings: settings)
        #expect(outcome.sent.map(\.run) == [2, 3])
        guard case .suppress(.failure, let reason) = outcome.decisions[5] else {
            Issue.record("run 5: \(outcome.decisions[5])")
            return
        }
        #expect(reason == "only known-flaky tests failed (\(Self.flaky)); notify.flaky is silent")
    }

    @Test func theRateCountsFailuresAndRetryPassesOverTheWindow() {
        var settings = NotifySettings()
        settings.flaky = .announce
        settings.flakyWindowRuns = 12
        // Passed on a retry in runs 1, 4 and 7; failed at the end in run 9; the message is run 11's.
        var steps = (0..<12).map { _ in Step() }
        for run in [1, 4, 7] { steps[run].retried = [Self.flaky] }
        steps[9].failing = [Self.flaky]
        steps[11].failing = [Self.flaky]
        let outcome = Self.play(steps, settings: settings)
        #expect(outcome.sent.map(\.run) == [9, 11])
        let last = outcome.sent.last?.plan
        #expect(last?.ages[Self.flaky] == .knownFlaky(rate: "failed 5 of the last 12 runs, passed on retry in 3"))
        #expect(
            NotificationWording.headline(report: outcome.reports[11], plan: last ?? NotificationPlan(kind: .failure))
                == "1 test failing, known flaky")
    }

    /// A real failure is fixed while a once-flaky test fails every attempt: the recovery says what still fails (never
    /// "all tests pass" for a failed run), and three such runs in a row make the flaky test broken, announced as news.
    @Test func aRecoveryBesideAFailingFlakyTestSaysSoAndARepeatedFailurePages() throws {
        var steps = [Step(retried: [Self.flaky]), Step(failing: [Self.broken]), Step(failing: [Self.broken])]
        steps += (0..<3).map { _ in Step(failing: [Self.flaky], commit: F.commit(3)) }
        let outcome = Self.play(steps)
        let recovery = try #require(outcome.decisions[3].plan, "\(outcome.decisions)")
        #expect(recovery.kind == .recovery && recovery.recovered == [Self.broken])
        #expect(recovery.ages[Self.flaky]?.isKnownFlaky == true)
        #expect(
            NotificationWording.headline(report: outcome.reports[3], plan: recovery)
                == "recovered; 1 test failing, known flaky")
        let slack = SlackMessage.payload(
            report: outcome.reports[3], plan: recovery, links: ArtifactLinks(), listedFailures: 10)
        #expect(slack.text.contains("recovered; 1 test failing") && !slack.text.contains("all tests pass"))
        #expect(outcome.decisions[4].plan == nil)
        let paged = try #require(outcome.decisions[5].plan, "\(outcome.decisions)")
        #expect(paged.kind == .failure && paged.ages[Self.flaky]?.isKnownFlaky == false, "\(paged.ages)")
    }

    /// A failure announced as new (it failed its retry too) that passes in the next run on the same commit: the
    /// channel was told of it, so it is closed, with the flake model's word on it; a failure never announced is not.
    @Test func anAnnouncedFailureThatPassesOnTheSameCommitIsClosedAsLooksFlaky() throws {
        let outcome = Self.play([Step(), Step(failing: [Self.broken]), Step()])
        #expect(outcome.sent.map(\.run) == [1, 2], "\(outcome.decisions)")
        let recovery = try #require(outcome.decisions[2].plan)
        #expect(recovery.kind == .recovery && recovery.recovered == [Self.broken])
        #expect(recovery.looksFlaky == [Self.broken: "failed 1 of the last 3 runs"])
        let slack = SlackMessage.payload(
            report: outcome.reports[2], plan: recovery, links: ArtifactLinks(), listedFailures: 10)
        #expect(slack.text.contains("recovered, all tests pass"))
        let said = "*Recovered:* `\(Self.broken)` (looks flaky: failed 1 of the last 3 runs)"
        #expect(
            slack.blocks.contains { if case .section(let text) = $0 { text.contains(said) } else { false } },
            "\(slack.blocks)")
        var silent = NotifySettings()
        silent.flaky = .silent
        let steps = [Step(), Step(failing: [Self.flaky]), Step(), Step(failing: [Self.flaky]), Step()]
        // Run 3's failure is known flaky: never announced, so run 4 has nothing to close.
        #expect(Self.play(steps, settings: silent).sent.map(\.run) == [1, 2])
    }

    @Test func aTestBrokenForRunsThenFixedOnANewCommitGetsItsFailureAndRecovery() {
        // Passing on commits c0-c2, failing four runs on commit c3, fixed by commit c7.
        let steps = (0..<10).map { run in
            Step(failing: (3...6).contains(run) ? [Self.broken] : [], commit: F.commit((3...6).contains(run) ? 3 : run))
        }
        let outcome = Self.play(steps)
        let sent = outcome.sent
        #expect(sent.map(\.run) == [3, 7])
        #expect(sent.first?.plan.kind == .failure && sent.first?.plan.ages == [Self.broken: .new])
        #expect(sent.last?.plan.kind == .recovery && sent.last?.plan.recovered == [Self.broken])
        // Never in a flaky list: the model calls it broken, fixed at c7.
        let verdicts = TestStability.assess(F.history(outcome.reports))
        let verdict = verdicts.first { $0.test == Self.broken }
        #expect(verdict?.isFlaky == false)
        #expect(verdict?.breakage.map { if case .fixed(4, _, _) = $0 { true } else { false } } == true)
        #expect(!HistoryTable.flakeRates(F.history(outcome.reports)).contains("FLAKE%"))
    }

    /// A schedule re-tests one commit: a test that passed and then fails in every run since (its backend went away)
    /// broke; it is not "known flaky". Fixed by a commit, it recovers; broken again by a later one, it is news again.
    @Test func aTestThatBreaksOnAnUnchangedCommitIsAnnouncedRecoveredAndAnnouncedAgain() {
        let commits = [0, 0, 0, 0, 4, 4, 6, 7]
        let steps = commits.enumerated().map { run, commit in
            Step(failing: [1, 2, 3, 6, 7].contains(run) ? [Self.broken] : [], commit: F.commit(commit))
        }
        let outcome = Self.play(steps)
        let sent = outcome.sent
        #expect(sent.map(\.run) == [1, 4, 6], "\(outcome.decisions)")
        #expect(sent.first?.plan.ages == [Self.broken: .new])
        #expect(sent.dropFirst().first?.plan.kind == .recovery)
        #expect(sent.last?.plan.ages == [Self.broken: .new])
        #expect(!HistoryTable.flakeRates(F.history(outcome.reports)).contains("FLAKE%"))
    }

    /// The backend is down for three runs of one commit, then back: the failure and its recovery are both posted, and
    /// the outage leaves nothing that makes a later commit's break "known flaky".
    @Test func anOutageOnAnUnchangedCommitIsAnnouncedAndRecovered() {
        let commits = [0, 0, 0, 0, 0, 5, 6]
        let steps = commits.enumerated().map { run, commit in
            Step(failing: [1, 2, 3, 6].contains(run) ? [Self.broken] : [], commit: F.commit(commit))
        }
        let sent = Self.play(steps).sent
        #expect(sent.map(\.run) == [1, 4, 6])
        #expect(sent.dropFirst().first?.plan.kind == .recovery)
        #expect(sent.last?.plan.ages == [Self.broken: .new])
    }

    @Test func aRealFailureBesideAKnownFlakyOneIsNewAndOnlyItOpensTheProblem() {
        var steps = Self.oneInThree(6)
        // A new commit breaks a test, while the flaky one fails again.
        steps.append(Step(failing: [Self.flaky, Self.broken], commit: F.commit(6)))
        steps.append(Step(failing: [Self.broken], commit: F.commit(6)))
        steps.append(Step(commit: F.commit(8)))
        let outcome = Self.play(steps)
        let mixed = outcome.decisions[6].plan
        #expect(mixed?.ages == [Self.broken: .new, Self.flaky: .knownFlaky(rate: "failed 3 of the last 7 runs")])
        #expect(
            NotificationWording.headline(report: outcome.reports[6], plan: mixed ?? NotificationPlan(kind: .failure))
                == "2 tests failing (1 new, 1 known flaky)")
        // Run 7: the same real problem without the flaky test: nothing new. Run 8: a new commit fixed the real failure.
        #expect(outcome.decisions[7].plan == nil)
        #expect(outcome.decisions[8].plan?.kind == .recovery)
        #expect(outcome.decisions[8].plan?.recovered == [Self.broken])
    }

    /// `notify RUN` plans its message outside the policy's decision: given the same runs, a known-flaky failure is
    /// marked flaky there too, never new.
    @Test func theMessagePlanOfNotifyRunMarksAKnownFlakeAsAfterARun() throws {
        let played = Self.play(Self.oneInThree(9))
        let last = try #require(played.reports.last)
        let earlier = Array(played.reports.dropLast())
        let history = F.history(earlier)
        let plan = NotificationPolicy.plan(
            report: last, history: history, state: NotifyState(), window: history,
            windowRuns: NotifySettings().flakyWindowRuns)
        #expect(plan.ages[Self.flaky]?.isKnownFlaky == true)
        #expect(plan.ages[Self.flaky]?.isNew == false)
        let blind = NotificationPolicy.plan(report: last, history: history, state: NotifyState())
        #expect(blind.ages[Self.flaky]?.isKnownFlaky != true)
    }
}
