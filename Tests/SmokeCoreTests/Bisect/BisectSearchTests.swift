import Testing

@testable import SmokeCore

@Suite struct BisectSearchTests {
    static let candidates = (0..<20).map { "M.Suite\($0 / 4)/test\($0)" }

    /// A fake test that fails when every one of `culprits` ran before it; counts the runs and checks
    /// each set it is given keeps run order.
    final class FakeTest: @unchecked Sendable {
        let culprits: Set<String>
        var runs: [[String]] = []
        init(culprits: Set<String>) { self.culprits = culprits }
        func fails(_ before: [String]) -> Bool {
            runs.append(before)
            return culprits.isSubset(of: before)
        }
    }

    @Test(arguments: [0, 7, 18, 19])
    func oneCulpritIsFoundInLogarithmicRuns(position: Int) {
        let culprit = Self.candidates[position]
        let fake = FakeTest(culprits: [culprit])
        let outcome = BisectSearch(candidates: Self.candidates).run(fake.fails)
        #expect(outcome == .failsAfter([culprit], runs: fake.runs.count))
        // all, alone, ⌈log2 20⌉ = 5 halvings, one confirmation, one check of the culprit alone.
        #expect(fake.runs.count <= 2 + 5 + 2)
        for run in fake.runs {
            #expect(run == Self.candidates.filter(run.contains), "each run keeps the order the tests ran in")
        }
    }

    @Test func culpritsNeededTogetherAreAllNamed() {
        let needed: Set = [Self.candidates[3], Self.candidates[11], Self.candidates[16]]
        let fake = FakeTest(culprits: needed)
        let outcome = BisectSearch(candidates: Self.candidates).run(fake.fails)
        #expect(
            outcome
                == .failsAfter([Self.candidates[3], Self.candidates[11], Self.candidates[16]], runs: fake.runs.count))
        #expect(fake.runs.count <= BisectSearch.defaultRunLimit(candidates: Self.candidates.count))
    }

    @Test func aTestThatFailsWithoutPredecessorsFailsAlone() {
        let fake = FakeTest(culprits: [])
        #expect(BisectSearch(candidates: Self.candidates).run(fake.fails) == .failsAlone(runs: 2))
        #expect(fake.runs == [Self.candidates, []])
    }

    @Test func aTestThatPassesAfterEverythingDidNotReproduce() {
        let outcome = BisectSearch(candidates: Self.candidates).run { _ in false }
        #expect(outcome == .didNotReproduce(runs: 1))
    }

    @Test func aFailureSeenOnlyOnceDidNotReproduce() {
        var calls = 0
        let outcome = BisectSearch(candidates: Self.candidates).run { _ in
            calls += 1
            return calls == 1
        }
        guard case .didNotReproduce(let runs) = outcome else {
            Issue.record("expected did not reproduce, got \(outcome)")
            return
        }
        #expect(runs <= 2 + 5 + 1)
    }

    @Test func aFlakyTestNeverRunsPastTheLimit() {
        var generator = SplitMix64(seed: 11)
        var calls = 0
        let outcome = BisectSearch(candidates: Self.candidates, runLimit: 6).run { _ in
            calls += 1
            return calls == 1 || generator.next() % 2 == 0
        }
        #expect(calls <= 6)
        #expect(outcome.runs == calls)
    }

    @Test func noEarlierTestsMeansFailsAloneOrNotReproduced() {
        #expect(BisectSearch(candidates: []).run { _ in true } == .failsAlone(runs: 2))
        #expect(BisectSearch(candidates: []).run { _ in false } == .didNotReproduce(runs: 1))
    }

    @Test func theSentenceNamesTheCulprits() {
        #expect(
            BisectOutcome.failsAfter(["M.A/a"], runs: 5).sentence(for: "M.B/b")
                == "M.B/b fails when run after M.A/a (found in 5 runs)")
        #expect(
            BisectOutcome.failsAfter(["M.A/a", "M.C/c"], runs: 9).sentence(for: "M.B/b").contains(
                "after M.A/a and M.C/c"))
        #expect(BisectOutcome.failsAlone(runs: 2).sentence(for: "M.B/b").contains("fails alone"))
        #expect(BisectOutcome.didNotReproduce(runs: 1).sentence(for: "M.B/b").contains("did not reproduce"))
    }

    @Test(arguments: [0, 1, 3])
    func aStopEndsTheSearchWithTheSuspectsLeftAndOnlyFinishedRunsCounted(stopAt: Int) throws {
        let fake = FakeTest(culprits: [Self.candidates[7]])
        let outcome = try BisectSearch(candidates: Self.candidates).run { before throws -> Bool in
            if fake.runs.count == stopAt { throw BisectSearch.Stop() }
            return fake.fails(before)
        }
        guard case .interrupted(let remaining, let runs) = outcome else {
            Issue.record("expected .interrupted, got \(outcome)")
            return
        }
        #expect(runs == stopAt)
        // Until the first halving has an answer every earlier test is a suspect; after it, fewer, the culprit among
        // them.
        #expect(remaining.contains(Self.candidates[7]))
        #expect(stopAt < 3 ? remaining == Self.candidates : remaining.count < Self.candidates.count)
    }

    @Test func theInterruptedSentenceSaysTheRunsAndTheSuspects() {
        let outcome = BisectOutcome.interrupted(remaining: ["M.A/a", "M.C/c"], runs: 3)
        #expect(
            outcome.sentence(for: "M.B/b")
                == "interrupted after 3 runs: 2 earlier tests still under suspicion for M.B/b (M.A/a, M.C/c)")
    }
}
