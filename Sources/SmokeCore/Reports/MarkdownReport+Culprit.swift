import Foundation

extension MarkdownReport {
    /// "Suspects": the new failures' suspect commits, as the run's message named them; nil without them.
    static func suspectsSection(_ report: RunReport) -> String? {
        guard let suspects = report.suspects else { return nil }
        let lines = suspects.commitLines.map { "- " + MarkdownText.escape($0) }
        let more = suspects.more > 0 ? ["- …and \(suspects.more) more"] : []
        let head = ["### Suspects", "", MarkdownText.escape(suspects.summary)]
        return (head + (lines.isEmpty ? [] : [""]) + lines + more).joined(separator: "\n")
    }

    /// "Culprit": what the culprit finder said about the new failures; nil when it has not answered or did not run.
    static func culpritSection(_ report: RunReport) -> String? {
        guard let culprit = report.culprit else { return nil }
        let tests = culprit.tests.map(MarkdownText.code).joined(separator: ", ")
        return """
            ### Culprit

            \(tests): \(MarkdownText.escape(culprit.answer))
            """
    }
}
