import Testing

@testable import SmokeCore

/// The search over a table "commit → what the tests do there", counting every probe.
@Suite struct CulpritSearchTests {
    /// c0 is the last good commit; c1…c9 the range, c9 the failing run's commit.
    static let good = CulpritCommit(hash: "c0000000000", subject: "Start", author: "Ada")
    static let range = (1...9).map { CulpritCommit(hash: "c\($0)000000000", subject: "Change \($0)", author: "Bo") }

    /// A table of commit → outcome, and the probes the search made.
    final class Table {
        enum Outcome {
            case passes, fails, doesNotBuild
            case flaky(failures: Int)
        }
        var outcomes: [String: Outcome]
        var probed: [String] = []
        var stopAfter: Int?
        init(_ outcomes: [String: Outcome], stopAfter: Int? = nil) {
            self.outcomes = outcomes
            self.stopAfter = stopAfter
        }

        func probe(_ commit: CulpritCommit, _ repeats: Int) throws -> CulpritSearch.Trial {
            if let stopAfter, probed.count == stopAfter { throw CulpritSearch.Stop(.interrupted) }
            probed.append(commit.short)
            switch outcomes[commit.hash] ?? .passes {
            case .passes: return .ran(runs: repeats, failures: 0)
            case .fails: return .ran(runs: repeats, failures: repeats)
            case .doesNotBuild: return .doesNotBuild
            case .flaky(let failures): return .ran(runs: repeats, failures: min(failures, repeats))
            }
        }
    }

    /// Commits from the `first` broken one (1-based) on fail.
    static func breaking(at first: Int) -> [String: Table.Outcome] {
        Dictionary(uniqueKeysWithValues: range.enumerated().map { ($1.hash, $0 + 1 >= first ? .fails : .passes) })
    }

    static func search(_ table: Table, repeats: Int = 1, stepLimit: Int? = nil) throws -> CulpritVerdict {
        try CulpritSearch(good: good, commits: range, failingRun: "R9", repeats: repeats, stepLimit: stepLimit)
            .run(table.probe)
    }

    @Test func theSixthOfNineCommitsIsFoundInAtMostFiveTestRuns() throws {
        let table = Table(Self.breaking(at: 6))
        let verdict = try Self.search(table)
        #expect(verdict.culprit == Self.range[5])
        #expect(verdict.testRuns <= 5)
        #expect(table.probed.count <= 5)
        #expect(table.probed.first == Self.good.short)
        #expect(verdict.sentence.hasPrefix("first failing commit: c600000 'Change 6' (Bo) — found in"))
    }

    @Test(arguments: 1...9) func everyBreakingPositionIsFoundWithinTheBound(position: Int) throws {
        let table = Table(Self.breaking(at: position))
        let verdict = try Self.search(table)
        #expect(verdict.culprit == Self.range[position - 1])
        // The last good commit, then ⌈log2 9⌉ = 4 halvings at most.
        #expect(table.probed.count <= 5)
    }

    @Test func theFailingCommitItselfIsBlamedWithItsRunAsEvidence() throws {
        let verdict = try Self.search(Table(Self.breaking(at: 9)))
        #expect(verdict.culprit == Self.range[8])
        #expect(verdict.sentence.contains("c900000 failed in run R9"))
    }

    @Test func aFailureAtTheLastPassingCommitIsNotBlamedOnTheRange() throws {
        var outcomes = Self.breaking(at: 1)
        outcomes[Self.good.hash] = .fails
        let table = Table(outcomes)
        let verdict = try Self.search(table)
        #expect(
            verdict
                == .failsAtGood(Self.good, steps: [CulpritStep(commit: Self.good.hash, result: .failed, testRuns: 1)]))
        #expect(table.probed == [Self.good.short])
        #expect(verdict.sentence.contains("the failure is not from this range (environment or flake)"))
    }

    @Test func aCommitThatDoesNotBuildIsSkippedAndTheSearchGoesOn() throws {
        var outcomes = Self.breaking(at: 6)
        outcomes[Self.range[3].hash] = .doesNotBuild // the first halving's pick
        let table = Table(outcomes)
        let verdict = try Self.search(table)
        #expect(verdict.culprit == Self.range[5])
        #expect(table.probed.contains("c400000"))
        #expect(verdict.steps.contains(CulpritStep(commit: Self.range[3].hash, result: .doesNotBuild, testRuns: 0)))
    }

    @Test func aBreakHiddenBehindCommitsThatDoNotBuildNamesTheFirstOfThem() throws {
        var outcomes = Self.breaking(at: 6)
        outcomes[Self.range[4].hash] = .doesNotBuild // 5th does not build, 6th breaks
        let verdict = try Self.search(Table(outcomes))
        #expect(verdict.culprit == nil)
        guard case .unbuildable(let first, let upTo, _) = verdict else {
            Issue.record("expected unbuildable, got \(verdict)")
            return
        }
        #expect(first == Self.range[4])
        #expect(upTo == Self.range[5])
        #expect(
            verdict.sentence.hasPrefix("commit c500000 does not build — culprit is c500000 or later (up to c600000)"))
    }

    @Test func anExhaustedBudgetSaysWhereTheCulpritStillIs() throws {
        let table = Table(Self.breaking(at: 6))
        let verdict = try Self.search(table, stepLimit: 2)
        #expect(table.probed.count == 2)
        guard case .unfinished(.runBudget, let lastPassing, let firstFailing, let candidates, _) = verdict else {
            Issue.record("expected unfinished, got \(verdict)")
            return
        }
        #expect(lastPassing == Self.range[3])
        #expect(firstFailing == Self.range[8])
        #expect(candidates == 5)
        #expect(
            verdict.sentence.hasPrefix(
                "run budget used up after 2 test runs: the culprit is after c400000 up to c900000"))
    }

    @Test func aStopEndsTheSearchWithWhatIsKnown() throws {
        let table = Table(Self.breaking(at: 6), stopAfter: 2)
        let verdict = try Self.search(table)
        guard case .unfinished(.interrupted, let lastPassing, _, _, let steps) = verdict else {
            Issue.record("expected interrupted, got \(verdict)")
            return
        }
        #expect(lastPassing == Self.range[3])
        #expect(steps.map(\.result) == [.passed, .passed, .failed])
    }

    @Test func aFlakyTestCountsAsFailingOnlyWhenItFailsEveryRepeat() throws {
        // Before the break the test fails one run in three; from the 6th commit on, every run.
        var outcomes = Self.breaking(at: 6).mapValues { outcome -> Table.Outcome in
            if case .fails = outcome { return .fails }
            return .flaky(failures: 1)
        }
        outcomes[Self.good.hash] = .flaky(failures: 1)
        let verdict = try Self.search(Table(outcomes), repeats: 3)
        #expect(verdict.culprit == Self.range[5])
        #expect(verdict.steps.allSatisfy { $0.testRuns == 3 || $0.run != nil })
        #expect(verdict.testRuns <= 15)
    }

    @Test func aFlakyTestIsRefusedWithTheReasonWhenRepeatsAreOff() {
        var stability = TestStability(test: "M.T/a", runs: 10)
        stability.failedRuns = 2
        stability.retried = [TestStability.Run(runID: "R1", commit: "c1", startedAt: .init(timeIntervalSince1970: 0))]
        let refused = CulpritFlakes.decide(tests: ["M.T/a"], stability: [stability], flakyRepeats: 1)
        #expect(refused == .refuse(test: "M.T/a", reason: "flaky in 1 of 10 runs, culprit.flakyRepeats is 1"))
        #expect(CulpritFlakes.decide(tests: ["M.T/a"], stability: [stability], flakyRepeats: 3) == .repeats(3))
        #expect(CulpritFlakes.decide(tests: ["M.T/b"], stability: [stability], flakyRepeats: 1) == .repeats(1))
    }

    @Test func aRangeNotInTheCloneIsSaidAsSuch() {
        let verdict = CulpritVerdict.rangeNotInClone(range: "c000000..c900000", missing: ["c0000000000"])
        #expect(verdict.sentence.hasPrefix("the range c000000..c900000 is not in this clone (c000000 missing"))
    }

    /// A search that could not start or go on says so in its answer (a follow-up sends it), with no steps.
    @Test func anErrorIsAnAnswerToo() {
        let verdict = CulpritVerdict.stoppedOnError("no earlier run of M.T/a passed")
        #expect(
            verdict.sentence
                == "the search stopped on an error, nothing is known of the culprit: no earlier run of M.T/a passed")
        #expect(verdict.steps.isEmpty && verdict.culprit == nil)
    }
}
