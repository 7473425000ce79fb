import Testing

@testable import SmokeCore

@Suite struct CoverageGateTests {
    @Test(arguments: [
        ("70", 7, 10, true), ("70", 699, 1000, false), ("70.0", 7, 10, true), ("70.1", 701, 1000, true),
        ("70.1", 700, 1000, false), ("33.33", 1, 3, true), ("33.34", 1, 3, false), ("100", 10, 10, true),
        ("100", 9999, 10000, false), ("0", 0, 10, true), ("80", 0, 0, false), ("0", 0, 0, false),
        ("72.5%", 29, 40, true),
    ])
    func exactlyTheMinimumPasses(text: String, covered: Int, count: Int, passes: Bool) throws {
        let gate = try #require(CoverageGate(text))
        #expect(gate.passes(CoverageCount(covered: covered, count: count)) == passes)
    }

    @Test(arguments: ["", "abc", "-1", "100.1", "1e2", ".", "101"])
    func rejectsWhatIsNotAPercentage(text: String) {
        #expect(CoverageGate(text) == nil)
    }

    @Test func pipelineMinimumIsTakenAsWritten() throws {
        let gate = try #require(CoverageGate(70.1))
        #expect(gate.passes(CoverageCount(covered: 701, count: 1000)))
        #expect(!gate.passes(CoverageCount(covered: 700, count: 1000)))
        #expect(try #require(CoverageGate(80.0)).text == "80")
        // Swift spells a tiny minimum `1e-05`: the gate still stands.
        #expect(try #require(CoverageGate(0.00001)).text == "0.00001")
        #expect(try #require(CoverageGate(0.00001)).passes(CoverageCount(covered: 1, count: 10)))
        #expect(!(try #require(CoverageGate(0.00001)).passes(CoverageCount(covered: 0, count: 10))))
    }

    @Test func failureMessageNamesCountsAndMinimum() throws {
        let gate = try #require(CoverageGate("70"))
        #expect(
            gate.failureMessage(CoverageCount(covered: 699, count: 1000))
                == "line coverage 69.9% (699/1000) is below the minimum of 70%")
        // Nothing measured is not 100%: it says so instead of passing.
        let none = CoverageCount(covered: 0, count: 0)
        #expect(!gate.passes(none))
        #expect(gate.failureMessage(none).hasPrefix("nothing was measured: the included files have no executable line"))
        let zero = CoverageSummary(lines: none, functions: none, regions: none, branches: none)
        #expect(
            RunSummary.coverageLine(zero)
                == "coverage: nothing measured (the included files have no executable line; see coverage.include)")
    }
}
