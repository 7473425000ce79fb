import Testing

@testable import SmokeCore

/// Where a run's seed comes from, and what `run` says when `--seed` cannot order it.
@Suite struct SeedSourceTests {
    @Test func theFlagWinsOverThePipelinesSeedAndADraw() {
        var random = OrderingSettings()
        random.mode = .random
        random.seed = 5
        #expect(SeedSource.seed(flag: 9, pipeline: random, draw: { 1 }) == 9)
        #expect(SeedSource.seed(flag: nil, pipeline: random, draw: { 1 }) == 5)
        random.seed = nil
        #expect(SeedSource.seed(flag: nil, pipeline: random, draw: { 1 }) == 1)
    }

    /// A replay of a random run against a pipeline now in declared order runs the declared order: said, not silent.
    @Test func aSeedGivenToADeclaredOrderIsSaidToOrderNothing() {
        var declared = OrderingSettings()
        declared.mode = .declared
        #expect(SeedSource.seed(flag: 9, pipeline: declared) == nil)
        let warning = SeedSource.unusedFlagWarning(flag: 9, pipeline: declared, file: "Pipelines/smoke.json")
        #expect(
            warning == """
                smokerun: warning: --seed 9 orders nothing: Pipelines/smoke.json runs its tests in declared order \
                ("ordering": {"mode": "declared"}); set "mode" to "random" there to shuffle them by a seed
                """)
        #expect(SeedSource.unusedFlagWarning(flag: nil, pipeline: declared, file: "p.json") == nil)
        var random = OrderingSettings()
        random.mode = .random
        #expect(SeedSource.unusedFlagWarning(flag: 9, pipeline: random, file: "p.json") == nil)
    }
}
