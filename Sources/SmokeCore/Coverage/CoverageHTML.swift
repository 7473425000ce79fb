/// The coverage table as one self-contained HTML page (no scripts, no external files).
package enum CoverageHTML {
    package static func render(
        title: String, kind: String, rows: [CoverageTable.Row], total: CoverageSummary, trend: CoverageTrend?
    ) -> String {
        let table = CoverageTable(
            title: title, kind: kind, rows: rows, total: total, trend: nil, width: 80, colour: false)
        var body = ""
        for row in table.sortedRows {
            body += tableRow(XMLText.escapeAttribute(row.name), row.summary, isTotal: false)
        }
        body += tableRow("Total", total, isTotal: true)
        var caption = "Lines \(total.lines.percentText) (\(CoverageFormat.ratio(total.lines)))"
        if let previous = trend?.previous {
            let change = CoverageFormat.change(from: previous.lines, to: total.lines)
            caption += " · \(change) since \(XMLText.escapeAttribute(previous.runID))"
        }
        if let trend, trend.measured.count > 1 {
            caption += " · trend \(Sparkline.render(trend.measured.map(\.percent)))"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(XMLText.escapeAttribute(title))</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse}td,th{padding:3px 10px;text-align:right}
            td:first-child,th:first-child{text-align:left;font-family:ui-monospace,monospace}
            tr.total{font-weight:bold;border-top:2px solid #444}
            .bar{display:inline-block;width:120px;height:10px;background:#eee;vertical-align:middle}
            .bar span{display:block;height:100%}.good{background:#2e7d32}.fair{background:#f9a825}.poor{background:#c62828}
            </style></head><body>
            <h1>\(XMLText.escapeAttribute(title))</h1>
            <p>\(caption)</p>
            <table><thead><tr><th>\(kind)</th><th colspan="2">Lines</th><th>Functions</th><th>Regions</th><th>Branches</th></tr></thead>
            <tbody>
            \(body)</tbody></table>
            </body></html>

            """
    }

    private static func tableRow(_ name: String, _ summary: CoverageSummary, isTotal: Bool) -> String {
        let lines = summary.lines
        let width = lines.count == 0 ? 0 : lines.covered * 100 / lines.count
        let shade =
            switch CoverageTable.shade(lines) {
            case .green: "good"
            case .yellow: "fair"
            default: "poor"
            }
        let cells = [summary.functions, summary.regions, summary.branches].map {
            "<td>\($0.percentText)</td>"
        }.joined()
        return
            """
            <tr\(isTotal ? " class=\"total\"" : "")><td>\(name)</td><td><span class="bar">\
            <span class="\(shade)" style="width:\(width)%"></span></span></td><td>\(lines.percentText) \
            (\(CoverageFormat.ratio(lines)))</td>\(cells)</tr>\n
            """
    }
}
