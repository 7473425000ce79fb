/// The coverage table as GitHub-flavoured Markdown, for PR comments and step summaries.
package enum CoverageMarkdown {
    package static func render(
        title: String, kind: String, rows: [CoverageTable.Row], total: CoverageSummary, trend: CoverageTrend?
    ) -> String {
        var out = "### \(title)\n\n"
        out += "**Lines \(total.lines.percentText)** (\(CoverageFormat.ratio(total.lines)))"
        if let previous = trend?.previous {
            out += " · \(CoverageFormat.change(from: previous.lines, to: total.lines)) since `\(previous.runID)`"
        }
        if let trend, trend.measured.count > 1 {
            out += " · trend \(Sparkline.render(trend.measured.map(\.percent)))"
        }
        out += "\n\n| \(kind) | Lines | Functions | Regions | Branches |\n|:--|--:|--:|--:|--:|\n"
        let table = CoverageTable(
            title: title, kind: kind, rows: rows, total: total, trend: nil, width: 80, colour: false)
        for row in table.sortedRows {
            out +=
                "| `\(row.name.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'"))` | "
            out += cells(row.summary).joined(separator: " | ") + " |\n"
        }
        out += "| **Total** | " + cells(total).map { "**\($0)**" }.joined(separator: " | ") + " |\n"
        return out
    }

    private static func cells(_ summary: CoverageSummary) -> [String] {
        [summary.lines, summary.functions, summary.regions, summary.branches].map {
            $0.count == 0 ? "n/a" : "\($0.percentText) (\(CoverageFormat.ratio($0)))"
        }
    }
}
