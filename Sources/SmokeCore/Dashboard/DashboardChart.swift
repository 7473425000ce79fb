import Foundation

/// Inline SVG line charts (no script, font or network), with the numbers in a table for screen readers.
enum DashboardChart {
    struct Point {
        var label: String
        var value: Double
        var note: String?
    }

    enum Unit {
        case percent, seconds

        func text(_ value: Double) -> String {
            switch self {
            case .percent: ReportText.percent(value)
            case .seconds: ReportText.duration(value)
            }
        }
    }

    private static let width = 640.0
    private static let height = 160.0
    private static let left = 92.0
    private static let bottom = 26.0
    private static let top = 8.0

    /// A `<figure>` with the chart and its table; `id` must be unique in the page.
    static func line(id: String, title: String, points: [Point], unit: Unit, column: String) -> String {
        guard !points.isEmpty else {
            return
                "<figure class=\"chart\"><figcaption>\(h(title))</figcaption><p class=\"note\">No data yet.</p></figure>\n"
        }
        let maxValue: Double
        switch unit {
        case .percent: maxValue = 100
        case .seconds: maxValue = max(points.map(\.value).max() ?? 0, 0.001) * 1.1
        }
        let plotWidth = width - left - 8
        let plotHeight = height - top - bottom
        let step = points.count > 1 ? plotWidth / Double(points.count - 1) : 0
        func x(_ index: Int) -> String { format(left + (points.count > 1 ? step * Double(index) : plotWidth / 2)) }
        func y(_ value: Double) -> String {
            format(top + plotHeight - plotHeight * min(max(value, 0), maxValue) / maxValue)
        }
        var svg =
            """
            <svg class="plot" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="\(id)-title">\
            <title id="\(id)-title">\(h(title))</title>
            """
        svg +=
            """
            <line class="axis" x1="\(Int(left))" y1="\(y(0))" x2="\(Int(width - 8))" y2="\(y(0))"/>\
            <line class="grid" x1="\(Int(left))" y1="\(y(maxValue / 2))" x2="\(Int(width - 8))" y2="\(y(maxValue / 2))"/>\
            <text x="\(Int(left - 4))" y="\(y(maxValue))" text-anchor="end" dominant-baseline="hanging">\
            \(h(unit.text(maxValue)))</text>\
            <text x="\(Int(left - 4))" y="\(y(0))" text-anchor="end">\(h(unit.text(0)))</text>\
            <text x="\(Int(left))" y="\(Int(height - 4))">\(h(points[0].label))</text>\
            <text x="\(Int(width - 8))" y="\(Int(height - 4))" text-anchor="end">\(h(points[points.count - 1].label))\
            </text>
            """
        var path = ""
        var circles = ""
        var rows = [String]()
        rows.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            let (cx, cy) = (x(index), y(point.value))
            path += index == 0 ? "\(cx),\(cy)" : " \(cx),\(cy)"
            let label = h(point.label)
            let value = h(unit.text(point.value))
            let note = point.note.map(h) ?? ""
            let tip = note.isEmpty ? "\(label) · \(value)" : "\(label) · \(value) · \(note)"
            circles += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"3\"><title>\(tip)</title></circle>"
            rows.append("<tr><td>\(label)</td><td>\(value)</td><td>\(note)</td></tr>")
        }
        svg += "<polyline points=\"\(path)\"/>" + circles + "</svg>"
        var table = "<details><summary>\(h(title)): the numbers</summary>"
        table +=
            "<table class=\"grid\"><thead><tr><th>\(h(column))</th><th>value</th><th>details</th></tr></thead><tbody>"
        table += rows.reversed().joined() + "</tbody></table></details>"
        return "<figure class=\"chart\"><figcaption>\(h(title))</figcaption>\(svg)\(table)</figure>\n"
    }

    /// A coordinate with one decimal (`12.5`), in integer arithmetic (see Documentation/Performance.md).
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    private static func h(_ text: String) -> String { XMLText.escape(text) }
}
