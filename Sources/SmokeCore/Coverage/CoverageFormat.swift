/// How coverage numbers read everywhere smokerun prints them.
package enum CoverageFormat {
    package static func ratio(_ count: CoverageCount) -> String { "\(count.covered)/\(count.count)" }

    /// Orders by covered fraction, exactly (cross-multiplied); nothing-to-cover sorts as complete.
    static func isLower(_ left: CoverageCount, than right: CoverageCount) -> Bool {
        let leftCount = max(left.count, 0)
        let rightCount = max(right.count, 0)
        let leftCovered = leftCount == 0 ? 1 : left.covered
        let rightCovered = rightCount == 0 ? 1 : right.covered
        return leftCovered.multipliedFullWidth(by: max(rightCount, 1))
            < rightCovered.multipliedFullWidth(by: max(leftCount, 1))
    }

    /// Change in percentage points between two counts: "+2.5 pts", "−0.4 pts", "±0.0 pts".
    static func change(from previous: CoverageCount, to current: CoverageCount) -> String {
        let delta = current.percent - previous.percent
        let tenths = Int(clampingRounded: abs(delta) * 10)
        let sign = tenths == 0 ? "±" : (delta > 0 ? "+" : "−")
        return "\(sign)\(tenths / 10).\(tenths % 10) pts"
    }

    /// Left-truncates `text` to `width` characters with a leading "…", so paths keep their file name.
    static func truncatedLeft(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.suffix(max(width, 0))) }
        return "…" + text.suffix(width - 1)
    }

    static func padRight(_ text: String, _ width: Int) -> String { TextColumns.pad(text, width) }

    static func padLeft(_ text: String, _ width: Int) -> String { TextColumns.pad(text, width, right: true) }
}
