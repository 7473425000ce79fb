import Foundation

extension Suspects {
    /// The first line: what the range is and where it comes from.
    package var headline: String {
        guard inClone else {
            return
                """
                suspects: \(range) since run \(lastPassingRun), the last in which these tests passed — the range \
                is not in this clone (shallow clone or force-push)
                """
        }
        // The run need not have passed: another test may have failed in it.
        let since = "since run \(lastPassingRun), the last in which these tests passed"
        return "suspects: \(ReportText.count(total, "commit")) \(range) \(since)"
    }

    /// The headline without its `suspects: ` lead, for a report's own heading.
    package var summary: String {
        let text = String(headline.dropFirst("suspects: ".count))
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
