import Testing

@testable import SmokeCore

@Suite struct LineCoverageTests {
    typealias S = CoverageSegment

    @Test func regionBodyLinesTakeTheWrappedCountAndUnmappedGapsAreSkipped() {
        let segments = [
            S(line: 2, column: 1, count: 5, hasCount: true, isRegionEntry: true),
            S(line: 4, column: 2, count: 0, hasCount: false, isRegionEntry: false),
            S(line: 10, column: 1, count: 0, hasCount: true, isRegionEntry: true),
            S(line: 11, column: 2, count: 0, hasCount: false, isRegionEntry: false),
        ]
        #expect(
            LineCoverage.lines(from: segments) == [
                LineHit(line: 2, count: 5), LineHit(line: 3, count: 5), LineHit(line: 4, count: 5),
                LineHit(line: 10, count: 0), LineHit(line: 11, count: 0),
            ])
    }

    @Test func aSkippedRegionStartIsNotMappedAndTheMaxRegionCountWins() {
        let segments = [
            S(line: 1, column: 1, count: 0, hasCount: false, isRegionEntry: true),
            S(line: 2, column: 1, count: 1, hasCount: true, isRegionEntry: true),
            S(line: 2, column: 9, count: 7, hasCount: true, isRegionEntry: true),
            S(line: 2, column: 20, count: 9, hasCount: true, isRegionEntry: true, isGapRegion: true),
            S(line: 3, column: 1, count: 0, hasCount: false, isRegionEntry: false),
        ]
        #expect(LineCoverage.lines(from: segments) == [LineHit(line: 2, count: 7), LineHit(line: 3, count: 9)])
    }

    @Test func noSegmentsMeansNoLines() {
        #expect(LineCoverage.lines(from: []).isEmpty)
    }

    @Test func uncoveredRangesJoinAcrossBlankLinesAndBreakAtCoveredOnes() {
        let lines = [(3, 1), (5, 0), (6, 0), (9, 0), (10, 2), (12, 0), (20, 0)].map { LineHit(line: $0.0, count: $0.1) }
        #expect(LineCoverage.uncoveredRanges(lines) == [5...9, 12...20])
        #expect(LineCoverage.uncoveredRanges([LineHit(line: 1, count: 1)]).isEmpty)
    }
}
