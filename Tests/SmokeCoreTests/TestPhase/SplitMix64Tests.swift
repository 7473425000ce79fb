import Testing

@testable import SmokeCore

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        // Published outputs of the reference C implementation for seed 1234567.
        var generator = SplitMix64(seed: 1_234_567)
        let values = (0..<5).map { _ in generator.next() }
        #expect(
            values == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ])
    }

    @Test func sameSeedGivesSameShuffle() {
        let items = Array(0..<50)
        #expect(items.seededShuffle(seed: 42) == items.seededShuffle(seed: 42))
        #expect(items.seededShuffle(seed: 42).sorted() == items)
    }

    @Test func differentSeedsGiveDifferentShuffles() {
        let items = Array(0..<50)
        #expect(items.seededShuffle(seed: 42) != items.seededShuffle(seed: 43))
    }

    @Test func boundedValuesStayInRange() {
        var generator = SplitMix64(seed: 7)
        for bound in [1, 2, 3, 10, 1000] as [UInt64] {
            for _ in 0..<100 { #expect(generator.next(below: bound) < bound) }
        }
    }
}
