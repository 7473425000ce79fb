import Testing

@testable import SmokeCore

/// A seed a run printed must replay the same order with every later version of smokerun: people
/// paste last month's `--seed` to reproduce an order-dependent failure. The expected orders below
/// were computed once by SplitMix64 + `seededShuffle` + `TestOrdering.batches` and must NEVER
/// change; a failure here means old seeds no longer reproduce their runs. Do not re-record.
@Suite struct SeedOrderGoldenTests {
    static let tests: [TestCase] = [
        "App.AlphaTests/testA", "App.AlphaTests/testB", "App.BetaTests/testA", "App.BetaTests/testB",
        "App.BetaTests/testC", "App.GammaTests/testA", "App.DeltaTests/testA", "App.DeltaTests/testB",
        "App.EpsilonTests/testA", "App.ZetaTests/testA",
    ].map { TestCase(id: $0, framework: .xctest) }

    static func order(seed: UInt64, isolation: Isolation) -> [String] {
        TestOrdering.batches(tests, mode: .random, isolation: isolation, seed: seed).flatMap { $0.tests.map(\.id) }
    }

    @Test func theSameSeedGivesTheSameOrderOfSeparateTests() {
        #expect(
            Self.order(seed: 42, isolation: .test) == [
                "App.EpsilonTests/testA", "App.BetaTests/testB", "App.DeltaTests/testA",
                "App.GammaTests/testA", "App.BetaTests/testC", "App.AlphaTests/testA",
                "App.ZetaTests/testA", "App.BetaTests/testA", "App.AlphaTests/testB",
                "App.DeltaTests/testB",
            ])
        #expect(
            Self.order(seed: 18_446_744_073_709_551_557, isolation: .test) == [
                "App.AlphaTests/testB", "App.BetaTests/testC", "App.DeltaTests/testA",
                "App.DeltaTests/testB", "App.ZetaTests/testA", "App.BetaTests/testA",
                "App.GammaTests/testA", "App.BetaTests/testB", "App.AlphaTests/testA",
                "App.EpsilonTests/testA",
            ])
    }

    @Test func theSameSeedGivesTheSameOrderOfSuites() {
        #expect(
            Self.order(seed: 42, isolation: .suite) == [
                "App.GammaTests/testA", "App.ZetaTests/testA", "App.DeltaTests/testA",
                "App.DeltaTests/testB", "App.BetaTests/testB", "App.BetaTests/testC",
                "App.BetaTests/testA", "App.AlphaTests/testB", "App.AlphaTests/testA",
                "App.EpsilonTests/testA",
            ])
        #expect(
            Self.order(seed: 7_305_192_734_003, isolation: .suite) == [
                "App.EpsilonTests/testA", "App.ZetaTests/testA", "App.GammaTests/testA",
                "App.DeltaTests/testB", "App.DeltaTests/testA", "App.BetaTests/testC",
                "App.BetaTests/testB", "App.BetaTests/testA", "App.AlphaTests/testB",
                "App.AlphaTests/testA",
            ])
    }

    /// SplitMix64's published reference outputs for seed 1234567 (Vigna's splitmix64.c): the generator
    /// is the specified one, so a seed replays on every platform, not only with this code.
    @Test func theGeneratorItselfIsPinned() {
        var generator = SplitMix64(seed: 1_234_567)
        #expect(
            (0..<3).map { _ in generator.next() } == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            ])
    }
}
