import Foundation

extension Suspects {
    /// The first line: what the range is and where it comes from.
    package var headline: String {
        guard inClone else {
            return
                """
                suspects: \(range) since the last passing run \(lastPassingRun) — the range is not in this clone \
                (shallow clone or force-push)
                """
        }
        return "suspects: \(ReportText.count(total, "commit")) \(range) since the last passing run \(lastPassingRun)"
    }

    /// The headline without its `suspects: ` lead, for a report's own heading.
    package var summary: String {
        let text = String(headline.dropFirst("suspects: ".count))
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
