/// The dashboard table: one row per file or module, lowest line coverage first, with bars, the total, the
/// change since the previous run and a trend. Pure.
package struct CoverageTable: Sendable {
    package struct Row: Sendable, Equatable {
        var name: String
        var summary: CoverageSummary
    }

    var title: String
    var kind: String
    var rows: [Row]
    var total: CoverageSummary
    var trend: CoverageTrend?
    /// Terminal columns; the output never exceeds it (from 60).
    var width: Int
    var colour: Bool

    package init(
        title: String, kind: String, rows: [Row], total: CoverageSummary, trend: CoverageTrend?, width: Int,
        colour: Bool
    ) {
        self.title = title
        self.kind = kind
        self.rows = rows
        self.total = total
        self.trend = trend
        self.width = width
        self.colour = colour
    }

    package static func rows(of report: CoverageReport, byModule: Bool) -> [Row] {
        byModule
            ? report.modules.map { Row(name: $0.name, summary: $0.summary) }
            : report.files.map { Row(name: $0.path, summary: $0.summary) }
    }

    /// Lowest line coverage first; ties by name.
    var sortedRows: [Row] {
        rows.sorted { left, right in
            if CoverageFormat.isLower(left.summary.lines, than: right.summary.lines) { return true }
            if CoverageFormat.isLower(right.summary.lines, than: left.summary.lines) { return false }
            return left.name < right.name
        }
    }

    /// Wide terminals get function, region and branch columns.
    var isWide: Bool { width >= 120 }

    package func render() -> String {
        let sorted = sortedRows
        let countsWidth = max(
            7, (sorted.map(\.summary.lines) + [total.lines]).map { CoverageFormat.ratio($0).count }.max() ?? 0)
        let extrasWidth = isWide ? 3 * 11 : 0
        let fixed = 2 + 1 + 6 + 2 + countsWidth + extrasWidth
        let longestName = max((sorted.map(\.name.count).max() ?? 0), kind.count, 5)
        let available = width - fixed
        // A 20-cell bar on narrow terminals (names cut from the left); wide ones give spare room to the bar.
        let barWidth = isWide ? min(max(available - longestName, 20), 40) : 20
        let nameWidth = max(available - barWidth, 12)

        var out: [String] = []
        out.append(style(title, .bold))
        var header =
            CoverageFormat.padRight(kind, nameWidth) + "  " + CoverageFormat.padRight("Lines", barWidth) + " "
            + CoverageFormat.padLeft("%", 6) + "  " + CoverageFormat.padLeft("Covered", countsWidth)
        if isWide {
            header += ["Functions", "Regions", "Branches"].map { "  " + CoverageFormat.padLeft($0, 9) }.joined()
        }
        out.append(style(trimmed(header), .dim))
        for row in sorted {
            out.append(
                line(
                    CoverageFormat.truncatedLeft(row.name, width: nameWidth), row.summary, nameWidth, barWidth,
                    countsWidth))
        }
        let ruleWidth = min(width, nameWidth + fixed + barWidth)
        out.append(style(String(repeating: "─", count: ruleWidth), .dim))
        out.append(line("TOTAL", total, nameWidth, barWidth, countsWidth, bold: true))
        out.append("")
        out.append(contentsOf: summaryLines())
        if let trend { out.append(contentsOf: trendLines(trend)) }
        return out.joined(separator: "\n") + "\n"
    }

    private func line(
        _ name: String, _ summary: CoverageSummary, _ nameWidth: Int, _ barWidth: Int, _ countsWidth: Int,
        bold: Bool = false
    ) -> String {
        let lines = summary.lines
        let shade = Self.shade(lines)
        let paddedName = CoverageFormat.padRight(name, nameWidth)
        let shownName = bold ? style(paddedName, .bold) : paddedName
        let bar = style(CoverageBar.render(lines, width: barWidth), shade)
        let percent = style(CoverageFormat.padLeft(lines.percentText, 6), shade)
        let ratio = CoverageFormat.padLeft(CoverageFormat.ratio(lines), countsWidth)
        var text = "\(shownName)  \(bar) \(percent)  \(ratio)"
        if isWide {
            for count in [summary.functions, summary.regions, summary.branches] {
                text += "  " + CoverageFormat.padLeft(count.percentText, 9)
            }
        }
        return trimmed(text)
    }

    private func summaryLines() -> [String] {
        let parts = [
            ("Lines", total.lines), ("Functions", total.functions), ("Regions", total.regions),
            ("Branches", total.branches),
        ]
        .map { "\($0.0) \($0.1.percentText) (\(CoverageFormat.ratio($0.1)))" }
        let joined = parts.joined(separator: "  ")
        if joined.count <= width { return [joined] }
        return [parts[0...1].joined(separator: "  "), parts[2...3].joined(separator: "  ")]
    }

    private func trendLines(_ trend: CoverageTrend) -> [String] {
        var out: [String] = []
        if let previous = trend.previous {
            let current = trend.points.last?.lines ?? total.lines
            let change = CoverageFormat.change(from: previous.lines, to: current)
            let arrow = change.hasPrefix("+") ? "▲" : (change.hasPrefix("−") ? "▼" : "=")
            let shade: Style = arrow == "▲" ? .green : (arrow == "▼" ? .red : .dim)
            let text =
                """
                Change: \(style("\(arrow) \(change)", shade)) since \(previous.runID) \
                (\(previous.lines.percentText))
                """
            out.append(text)
        } else if trend.points.last.map({ $0.lines.count == 0 }) == true {
            out.append("Change: none (this run measured nothing)")
        } else {
            out.append("Change: no earlier run with coverage")
        }
        let measured = trend.measured
        if measured.count > 1 {
            let low = measured.min { CoverageFormat.isLower($0, than: $1) }!
            let high = measured.max { CoverageFormat.isLower($0, than: $1) }!
            out.append(
                """
                Trend (\(measured.count) runs): \(Sparkline.render(measured.map(\.percent)))  \
                low \(low.percentText), high \(high.percentText)
                """
            )
        }
        return out
    }

    private func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case plain = ""
    }

    private func style(_ text: String, _ style: Style) -> String {
        guard colour, style != .plain, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }

    /// Green from 80%, yellow from 50%, red below; nothing to cover stays plain.
    static func shade(_ count: CoverageCount) -> Style {
        guard count.count > 0 else { return .plain }
        if count.covered * 10 >= count.count * 8 { return .green }
        if count.covered * 2 >= count.count { return .yellow }
        return .red
    }
}
