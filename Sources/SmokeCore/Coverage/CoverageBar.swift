/// A horizontal bar of Unicode blocks with eighth-cell precision, over a light-shade track.
enum CoverageBar {
    static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// Exactly `width` characters; full only when everything is covered, blank when there is nothing to cover.
    static func render(_ count: CoverageCount, width: Int) -> String {
        guard width > 0 else { return "" }
        guard count.count > 0 else { return String(repeating: " ", count: width) }
        let eighths = min(count.covered * width * 8 / count.count, width * 8)
        let full = eighths / 8
        var bar = String(repeating: "█", count: full)
        if full < width {
            let remainder = eighths % 8
            bar += remainder > 0 ? String(partials[remainder - 1]) : "░"
            bar += String(repeating: "░", count: width - full - 1)
        }
        return bar
    }
}
