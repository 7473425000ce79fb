import Foundation

extension MarkdownReport {
    /// "Culprit": what the culprit finder said about the run's new failures (`notify.findCulprit`); nil before it
    /// answered, or when it did not run.
    static func culpritSection(_ report: RunReport) -> String? {
        guard let culprit = report.culprit else { return nil }
        let tests = culprit.tests.map(MarkdownText.code).joined(separator: ", ")
        return """
            ### Culprit

            \(tests): \(MarkdownText.escape(culprit.answer))
            """
    }
}
