import Foundation

extension HTMLReport {
    /// What the culprit finder said about the run's new failures (`notify.findCulprit`); empty before it answered,
    /// or when it did not run.
    static func culprit(_ report: RunReport) -> String {
        guard let culprit = report.culprit else { return "" }
        let tests = culprit.tests.map { "<code>\(h($0))</code>" }.joined(separator: ", ")
        return "<section id=\"culprit\"><h2>Culprit</h2>\n<p>\(tests): \(h(culprit.answer))</p></section>\n"
    }
}
