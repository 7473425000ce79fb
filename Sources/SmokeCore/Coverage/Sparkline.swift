/// A one-line trend: each value becomes one of eight block heights between the series' min and max.
enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Empty for no values; a flat middle line when every value is the same.
    static func render(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high - low > 1e-9 else { return String(repeating: blocks[3], count: values.count) }
        return String(
            values.map { value in
                let level = Int(clampingRounded: (value - low) / (high - low) * Double(blocks.count - 1))
                return blocks[min(max(level, 0), blocks.count - 1)]
            })
    }
}
