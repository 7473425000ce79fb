import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Flaky means flaky: a test that failed and passed on the same code, not one that was broken and then fixed.
@Suite struct TestStabilityTests {
    static let (c1, c2, c3) = (String(repeating: "a1", count: 20), String(repeating: "b2", count: 20), "c3c3c3c3c3")
    static let (broken, retried, alternating, failing) = ("T.Broken/test", "T.Retried/test", "T.Alt/test", "T.Now/test")

    /// Six runs: four of commit c1 (a schedule re-testing the same code), then c2 and c3.
    static let history: [HistoryEntry] = {
        let plan: [(commit: String, outcomes: [TestStatus], retried: Bool)] = [
            (c1, [.failed, .passed, .passed, .passed], false),
            (c1, [.failed, .passed, .failed, .passed], false),
            (c1, [.failed, .passed, .passed, .passed], true),
            (c1, [.failed, .passed, .failed, .passed], false),
            (c2, [.failed, .passed, .passed, .failed], false),
            (c3, [.passed, .passed, .passed, .timedOut], false),
        ]
        return plan.enumerated().map { hour, run in
            HistoryEntryFixture.run(
                hour, commit: run.commit,
                outcomes: Dictionary(uniqueKeysWithValues: zip([broken, retried, alternating, failing], run.outcomes)),
                flaky: run.retried ? [retried] : [])
        }
    }()

    private func stability(_ test: String) throws -> TestStability {
        try #require(TestStability.assess(Self.history).first { $0.test == test })
    }

    @Test func aTestBrokenForFiveRunsThenFixedIsBrokenThenFixedNotFlaky() throws {
        let broken = try stability(Self.broken)
        #expect(!broken.isFlaky && broken.flakeRate == 0)
        guard case .fixed(let runs, let since, let fixedAt)? = broken.breakage else {
            Issue.record("expected broken then fixed, got \(String(describing: broken.breakage))")
            return
        }
        #expect(runs == 5 && since.runID == "20261122T000000Z-aaaa" && fixedAt.label == "c3c3c3c")
    }

    @Test func aTestThatPassedOnlyOnARetryIsFlakyInThatRun() throws {
        let retried = try stability(Self.retried)
        #expect(retried.retried.map(\.runID) == ["20261122T020000Z-aaaa"])
        #expect(retried.flakyRuns == 1 && retried.runs == 6 && retried.breakage == nil)
    }

    @Test func aTestFailingAndPassingOnOneCommitIsFlakyWithThoseRunsAsEvidence() throws {
        let alternating = try stability(Self.alternating)
        #expect(alternating.sameCommit.map(\.commit) == [Self.c1])
        let failed = alternating.sameCommit.first?.failed.map(\.runID)
        #expect(failed == ["20261122T010000Z-aaaa", "20261122T030000Z-aaaa"])
        #expect(alternating.sameCommit.first?.passed.count == 2)
        #expect(alternating.flakyRuns == 2 && alternating.breakage == nil)
    }

    @Test func aTestFailingNowIsBrokenSinceItsFirstFailingRun() throws {
        let failing = try stability(Self.failing)
        #expect(!failing.isFlaky)
        guard case .ongoing(2, let since)? = failing.breakage else {
            Issue.record("expected broken for 2 runs, got \(String(describing: failing.breakage))")
            return
        }
        #expect(since.runID == "20261122T040000Z-aaaa" && since.commit == Self.c2)
        #expect(since.startedAt == Date(timeIntervalSince1970: 1_795_320_000))
    }

    /// A scheduled pipeline re-tests one commit: a test that passed and then fails in every run since (an expired
    /// certificate, a backend down) broke, and the pass that ends the streak fixed it; only a pass right after a lone
    /// failure on that commit shows a flake.
    @Test func failingEveryRunSinceAPassOnTheSameCommitIsBrokenUntilItPassesThere() throws {
        let statuses: [TestStatus] = [.passed, .failed, .failed, .failed, .passed]
        let runs = statuses.enumerated().map { hour, status in
            HistoryEntryFixture.run(hour, commit: Self.c1, outcomes: ["T.A/a": status])
        }
        let broke = try #require(TestStability.assess(Array(runs.prefix(4))).first)
        #expect(!broke.isFlaky && broke.sameCommit.isEmpty)
        guard case .ongoing(3, let since)? = broke.breakage else {
            Issue.record("expected broken for 3 runs, got \(String(describing: broke.breakage))")
            return
        }
        #expect(since.runID == "20261122T010000Z-aaaa")
        let fixed = try #require(TestStability.assess(runs).first)
        #expect(!fixed.isFlaky)
        guard case .fixed(3, _, let fixedAt)? = fixed.breakage else {
            Issue.record("expected broken for 3 runs, then fixed, got \(String(describing: fixed.breakage))")
            return
        }
        #expect(fixedAt.runID == "20261122T040000Z-aaaa")
        // Then one failure, and a pass right after it: that flip is a flake's.
        let flake = [TestStatus.failed, .passed].enumerated().map { offset, status in
            HistoryEntryFixture.run(5 + offset, commit: Self.c1, outcomes: ["T.A/a": status])
        }
        let flaky = try #require(TestStability.assess(runs + flake).first)
        #expect(flaky.isFlaky && flaky.flakyRuns == 4)
    }

    /// A backend down for two runs at a time, again and again, on one commit: the failures come back on the code they
    /// were "fixed" on, so it is flaky (never announced as new again), not broken and fixed at that very commit.
    @Test func aStreakThatComesBackOnTheCodeItWasFixedOnIsFlaky() throws {
        let statuses: [TestStatus] = [.passed, .failed, .failed, .passed, .failed, .failed, .passed]
        let runs = statuses.enumerated().map { hour, status in
            HistoryEntryFixture.run(hour, commit: Self.c1, outcomes: ["T.A/a": status])
        }
        let once = try #require(TestStability.assess(Array(runs.prefix(4))).first)
        #expect(!once.isFlaky)
        let back = try #require(TestStability.assess(Array(runs.prefix(5))).first)
        #expect(back.isFlaky && back.breakage == nil && back.flakyRuns == 3)
        let all = try #require(TestStability.assess(runs).first)
        #expect(all.isFlaky && all.breakage == nil && all.sameCommit.first?.failed.count == 4)
    }

    @Test func unknownOrDirtyCommitsAreNeverTheSameCode() {
        for (commit, dirty) in [(nil, nil), (Self.c1, true)] as [(String?, Bool?)] {
            let runs = [TestStatus.failed, .passed, .failed].enumerated().map { hour, status in
                HistoryEntryFixture.run(hour, commit: commit, outcomes: ["T.A/a": status], dirty: dirty)
            }
            let assessed = TestStability.assess(runs)
            #expect(assessed.map(\.isFlaky) == [false])
            #expect(assessed.first?.breakage.map { if case .ongoing(1, _) = $0 { true } else { false } } == true)
        }
    }

    @Test func historyFlakyListsRatesAndEvidenceThenTheBrokenTestsApart() {
        let text = HistoryTable.flakeRates(Self.history)
        #expect(
            text == """
                FLAKE%  FLAKY  RUNS TEST
                   33%      2     6 T.Alt/test
                                      on commit a1a1a1a: failed in runs 20261122T010000Z-aaaa, 20261122T030000Z-aaaa; \
                passed in runs 20261122T000000Z-aaaa, 20261122T020000Z-aaaa
                   17%      1     6 T.Retried/test
                                      passed only on a retry in run 20261122T020000Z-aaaa (commit a1a1a1a)

                broken, not flaky (failed in every run until fixed):
                  T.Broken/test  broken 5 runs, fixed at c3c3c3c
                  T.Now/test     broken for 2 runs since 2026-11-22T04:00:00Z (commit b2b2b2b)

                """)
    }

    /// A flaky test failing in its newest runs (its retries off, or stopped before them) is listed once, as flaky,
    /// with that streak among its evidence: never also as "broken, not flaky".
    @Test func aFlakyTestFailingNowIsListedOnceAsFlaky() {
        let retried = HistoryEntryFixture.run(
            0, commit: nil, outcomes: ["T.Flaky/test": .passed], flaky: ["T.Flaky/test"])
        let failed = HistoryEntryFixture.run(1, commit: nil, outcomes: ["T.Flaky/test": .failed])
        let text = HistoryTable.flakeRates([retried, failed])
        #expect(!text.contains("broken"), "\(text)")
        #expect(text.contains("failing in the newest run since "), "\(text)")
        #expect(text.hasPrefix("FLAKE%  FLAKY  RUNS TEST\n   50%      1     2 T.Flaky/test\n"), "\(text)")
    }

    @Test func aSteadyHistoryHasNoFlakyTestsAndNoBrokenSection() {
        let steady = (0..<3).map { HistoryEntryFixture.run($0, commit: Self.c1, outcomes: ["T.A/a": .passed]) }
        #expect(HistoryTable.flakeRates(steady) == "no flaky tests in the last 3 runs\n")
    }

    @Test func anInterruptedOrSkippedRunSaysNothingAboutTheTest() {
        let runs = [TestStatus.passed, .interrupted, .skipped, .passed].enumerated().map { hour, status in
            HistoryEntryFixture.run(hour, commit: Self.c1, outcomes: ["T.A/a": status])
        }
        #expect(TestStability.assess(runs).isEmpty)
    }

    @Test func aVerdictCarriesItsRateInWords() throws {
        let retried = try stability(Self.retried)
        #expect(retried.failedRuns == 1)
        #expect(retried.rateText == "failed 1 of the last 6 runs, passed on retry in 1")
        #expect(try stability(Self.alternating).rateText == "failed 2 of the last 6 runs")
    }

    @Test func runsOfAnotherPipelineOnOneCommitAreNotTheSameCode() {
        let runs = [TestStatus.failed, .passed].enumerated().map { hour, status in
            var entry = HistoryEntryFixture.run(hour, commit: Self.c1, outcomes: ["T.A/a": status])
            entry.pipeline = hour == 0 ? "nightly" : "smoke"
            return entry
        }
        #expect(TestStability.assess(runs).map(\.isFlaky) == [false])
    }
}
