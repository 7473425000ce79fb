import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The Markdown and HTML coverage pages, lowest coverage first (CoverageMarkdown, CoverageHTML).
@Suite struct CoverageMarkdownTests {
    let report = CoverageFixtures.report

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
}
