import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

@Suite struct CoverageWritersTests {
    let report = CoverageFixtures.report
    let details = CoverageFixtures.details

    @Test func lcovHasDistinctLinesAndLlvmSummaryCounts() {
        assertCoverageSnapshot(LcovWriter.render(report, details: details, root: "/pkg"), named: "coverage.lcov")
    }

    @Test func coberturaCarriesSummaryRatesAndLineHits() {
        let xml = CoberturaWriter.render(
            report, details: details, root: "/pkg & co", timestamp: Date(timeIntervalSince1970: 1_700_000_000))
        assertCoverageSnapshot(xml, named: "cobertura.xml")
    }

    @Test func jsonHasTheDesignedShape() throws {
        let data = try CoverageCollector.json(report)
        assertCoverageSnapshot(String(decoding: data, as: UTF8.self), named: "coverage.json")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["totals", "modules", "files"])
        let totals = try #require(object["totals"] as? [String: [String: Any]])
        #expect(Set(totals.keys) == ["lines", "functions", "regions", "branches"])
        #expect(Set(totals["lines"]!.keys) == ["covered", "count", "percent"])
        #expect(try JSONCoding.decoder().decode(CoverageReport.self, from: data) == report)
    }

    @Test func markdownAndHTMLListLowestFirst() {
        let rows = CoverageTable.rows(of: report, byModule: false)
        let trend = CoverageTrend(points: [
            .init(runID: "r1", lines: CoverageFixtures.count(15, 150)), .init(runID: "r2", lines: report.totals.lines),
        ])
        assertCoverageSnapshot(
            CoverageMarkdown.render(
                title: "Coverage · r2", kind: "File", rows: rows, total: report.totals, trend: trend),
            named: "coverage.md")
        assertCoverageSnapshot(
            CoverageHTML.render(title: "Coverage · r2", kind: "File", rows: rows, total: report.totals, trend: trend),
            named: "coverage.html")
    }

    @Test func lcovReaderReadsBackWhatTheWriterWrote() {
        let records = LcovReader.lines(in: LcovWriter.render(report, details: details, root: "/pkg"))
        #expect(
            records.first { $0.path == "/pkg/Sources/Core/Math.swift" }?.lines
                == details["Sources/Core/Math.swift"]?.lines)
        #expect(records.count == report.files.count)
    }

    @Test(arguments: [(0, 0, "1"), (7, 10, "0.7000"), (1, 3, "0.3333"), (10, 10, "1.0000"), (1, 20_000, "0.0000")])
    func coberturaRatesAreFlooredToFourDecimals(covered: Int, count: Int, expected: String) {
        #expect(CoberturaWriter.rate(CoverageCount(covered: covered, count: count)) == expected)
    }

    @Test func reportTotalsAreSumsAndEmptyFilesDoNotDragThem() {
        #expect(report.totals.lines == CoverageFixtures.count(21, 151))
        #expect(report.modules.map(\.name) == ["App", "Core", "Networking"])
        #expect(report.modules.first { $0.name == "Core" }?.lines == CoverageFixtures.count(6, 9))
        #expect(report.modules.first { $0.name == "Core" }?.files == 2)
    }
}
