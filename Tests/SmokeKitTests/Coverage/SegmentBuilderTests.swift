import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

@Suite struct SegmentBuilderTests {
    typealias R = CoverageRegion
    typealias S = CoverageSegment

    @Test func oneRegionStartsCountedAndEndsSkipped() {
        #expect(
            SegmentBuilder.segments(from: [R(1, 1, 3, 2, count: 5)]) == [
                S(line: 1, column: 1, count: 5, hasCount: true, isRegionEntry: true),
                S(line: 3, column: 2, count: 0, hasCount: false, isRegionEntry: false),
            ])
    }

    @Test func aNestedRegionHandsTheCountBackToItsParent() {
        let segments = SegmentBuilder.segments(from: [R(3, 5, 5, 6, count: 0), R(1, 1, 10, 2, count: 5)])
        #expect(
            segments == [
                S(line: 1, column: 1, count: 5, hasCount: true, isRegionEntry: true),
                S(line: 3, column: 5, count: 0, hasCount: true, isRegionEntry: true),
                S(line: 5, column: 6, count: 5, hasCount: true, isRegionEntry: false),
                S(line: 10, column: 2, count: 0, hasCount: false, isRegionEntry: false),
            ])
        #expect(LineCoverage.lines(from: segments).map(\.count) == [5, 5, 5, 0, 0, 5, 5, 5, 5, 5])
    }

    @Test func identicalSpansOfOneKindAddUpAndGapsAreNotEntries() {
        let segments = SegmentBuilder.segments(from: [
            R(1, 1, 2, 1, count: 2), R(1, 1, 2, 1, count: 3), R(4, 1, 5, 1, count: 1, kind: .gap),
        ])
        #expect(segments.first == S(line: 1, column: 1, count: 5, hasCount: true, isRegionEntry: true))
        #expect(
            segments.contains(S(line: 4, column: 1, count: 1, hasCount: true, isRegionEntry: false, isGapRegion: true)))
    }

    @Test func mainFileIsTheFirstThatNoExpansionPointsInto() {
        let regions = [
            R(1, 1, 1, 9, count: 1, fileID: 1, expandedFileID: 0, kind: .expansion), R(1, 1, 2, 1, count: 1, fileID: 0),
        ]
        #expect(SegmentBuilder.mainFileID(of: regions, fileCount: 2) == 1)
        #expect(SegmentBuilder.mainFileID(of: [], fileCount: 1) == nil)
    }

    @Test func functionLinesOfTheExportFollowEachFunctionsRegions() throws {
        let url = try CoverageFixtures.write(CoverageFixtures.exportV3)
        let math = try #require(try CoverageExportReader(lineDetail: true).read(url).files.first)
        #expect(math.functionLines.map(\.line) == [3, 4, 5, 7, 8, 9, 10, 11, 12])
        #expect(math.functionLines.map(\.count) == [4, 4, 4, 0, 0, 0, 0, 0, 0])
    }

    @Test func withLineDetailTheLineTotalIsTheDistinctLinesAndEachFunctionIsARecord() throws {
        let url = try CoverageFixtures.write(CoverageFixtures.exportV3)
        let math = try #require(try CoverageExportReader(lineDetail: true).read(url).files.first)
        #expect(
            math.summary.lines
                == CoverageCount(covered: math.lines.filter { $0.count > 0 }.count, count: math.lines.count))
        #expect(Set(math.lines.map(\.line)).count == math.lines.count)
        #expect(math.functions == [FunctionHit(name: "$s4Core4MathV3addyS2iF", line: 3, count: 4)])
    }

    @Test func instantiationsOfOneFunctionCountOnceWithTheBestCoverage() {
        var groups = FunctionGroups()
        let start = R.Location(line: 1, column: 1)
        groups.add([LineHit(line: 1, count: 0), LineHit(line: 2, count: 0)], file: "a", start: start)
        groups.add([LineHit(line: 1, count: 3), LineHit(line: 2, count: 0)], file: "a", start: start)
        groups.add([LineHit(line: 2, count: 1)], file: "a", start: R.Location(line: 2, column: 9))
        #expect(
            groups.lines(of: "a") == [
                LineHit(line: 1, count: 3), LineHit(line: 2, count: 0), LineHit(line: 2, count: 1),
            ])
    }
}
