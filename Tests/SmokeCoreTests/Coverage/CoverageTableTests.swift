import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct CoverageTableTests {
    let report = CoverageFixtures.report
    let trend = CoverageTrend(points: [
        .init(runID: "20261121T000000Z-aaaa", lines: CoverageFixtures.count(10, 151)),
        .init(runID: "20261121T040000Z-bbbb", lines: CoverageFixtures.count(18, 151)),
        .init(runID: "20261121T080000Z-cccc", lines: CoverageFixtures.count(16, 151)),
        .init(runID: "20261122T040000Z-3f9a", lines: CoverageFixtures.count(21, 151)),
    ])

    func table(width: Int, byModule: Bool = false, colour: Bool = false, trend: CoverageTrend? = nil) -> CoverageTable {
        CoverageTable(
            title: "Coverage · 20261122T040000Z-3f9a", kind: byModule ? "Module" : "File",
            rows: CoverageTable.rows(of: report, byModule: byModule), total: report.totals, trend: trend, width: width,
            colour: colour
        )
    }

    @Test(arguments: [80, 140])
    func filesTableFitsTheWidth(width: Int) {
        let text = table(width: width, trend: trend).render()
        assertCoverageSnapshot(text, named: "table-files-\(width).txt")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= width })
    }

    @Test func modulesTableWithoutHistory() {
        assertCoverageSnapshot(table(width: 80, byModule: true).render(), named: "table-modules-80.txt")
    }

    @Test func rowsAreLowestFirstAndFilesWithoutLinesLast() {
        #expect(
            table(width: 80).sortedRows.map(\.name) == [
                "Sources/Networking/Very/Deeply/Nested/Folder/Structure/HTTPClientRetryPolicy.swift",
                "Sources/Core/Math.swift", "Sources/App/Main.swift", "Sources/Core/Constants.swift",
            ])
    }

    @Test func colourOnlyWhenAsked() {
        #expect(!table(width: 80).render().contains("\u{1B}["))
        let coloured = table(width: 80, colour: true, trend: trend).render()
        #expect(coloured.contains("\u{1B}[31m")) // the red row
        #expect(coloured.contains("\u{1B}[32m▲"))
    }

    @Test func longPathsAreCutFromTheLeft() {
        #expect(CoverageFormat.truncatedLeft("Sources/A/B/File.swift", width: 10) == "…ile.swift")
        #expect(CoverageFormat.truncatedLeft("short", width: 10) == "short")
    }

    @Test(arguments: [
        (0, 10, "░░░░░░░░░░"), (5, 10, "█████░░░░░"), (10, 10, "██████████"), (1, 3, "███▎░░░░░░"),
        (0, 0, "          "),
    ])
    func barsUseEighthBlocks(covered: Int, count: Int, expected: String) {
        #expect(CoverageBar.render(CoverageCount(covered: covered, count: count), width: 10) == expected)
    }

    @Test func percentIsFlooredSoItNeverOverstates() {
        #expect(CoverageCount(covered: 6999, count: 10000).percentText == "69.9%")
        #expect(CoverageCount(covered: 2, count: 3).percentText == "66.6%")
        #expect(CoverageCount(covered: 0, count: 0).percentText == "n/a")
    }
}
