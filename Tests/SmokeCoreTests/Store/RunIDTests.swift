import Foundation
import Testing

@testable import SmokeCore

@Suite struct RunIDTests {
    @Test func formatsUTCSecondsThenSuffix() {
        let date = Date(timeIntervalSince1970: 1_795_320_000)
        #expect(RunID.make(date: date, suffix: "3f9a") == "20261122T040000Z-3f9a")
    }

    @Test func sortsByTime() {
        let early = RunID.make(date: Date(timeIntervalSince1970: 1_795_320_000), suffix: "ffff")
        let late = RunID.make(date: Date(timeIntervalSince1970: 1_795_320_001), suffix: "0000")
        #expect(early < late)
    }

    @Test func dropsAnythingButHexFromTheSuffix() {
        let id = RunID.make(date: Date(timeIntervalSince1970: 0), suffix: "../AB/zz")
        #expect(id == "19700101T000000Z-ab")
        #expect(RunID.isValid(id))
    }

    @Test func randomSuffixIsFourHexDigits() {
        var generator = SplitMixForTests(state: 7)
        let suffix = RunID.randomSuffix(using: &generator)
        #expect(suffix.count == 4 && suffix.allSatisfy(\.isHexDigit))
    }

    @Test(arguments: ["", ".", "..", "../x", "a/b", "x\u{0}", "é", String(repeating: "a", count: 200)])
    func rejectsIdsThatAreNotOneSafeComponent(id: String) {
        #expect(!RunID.isValid(id))
    }

    @Test(arguments: [
        ("20261122T040000Z-3f9a", true), ("20261122T040000Z", true), ("19700101T000000Z-ab", true),
        ("Documents", false), ("20261122T040000Z-", false), ("20261122T040000Z-3F9A", false),
        ("20261122T040000Z-3f9g", false), ("20261122040000Z-3f9a", false), ("20261122T040000Z3f9a", false),
        ("..", false), ("2026112xT040000Z-3f9a", false), ("", false),
    ])
    func onlyWhatMakeWritesIsAMadeRunID(id: String, isMade: Bool) {
        #expect(RunID.isMade(id) == isMade)
    }

    @Test func everyMadeIDIsMade() {
        var generator = SplitMixForTests(state: 3)
        for second in stride(from: 0, to: 4_000_000_000, by: 97_654_321) {
            let id = RunID.make(
                date: Date(timeIntervalSince1970: TimeInterval(second)),
                suffix: RunID.randomSuffix(using: &generator))
            #expect(RunID.isMade(id), "\(id)")
        }
    }
}

/// A tiny deterministic generator so the test does not depend on system randomness.
struct SplitMixForTests: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
