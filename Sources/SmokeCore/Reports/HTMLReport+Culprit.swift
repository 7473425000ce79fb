import Foundation

extension HTMLReport {
    /// The new failures' suspect commits, as the run's message named them; empty without them.
    static func suspects(_ report: RunReport) -> String {
        guard let suspects = report.suspects else { return "" }
        let items =
            suspects.commitLines.map { "<li><code>\(h($0))</code></li>" }
            + (suspects.more > 0 ? ["<li>…and \(suspects.more) more</li>"] : [])
        let list = items.isEmpty ? "" : "<ul>\n" + items.joined(separator: "\n") + "\n</ul>"
        return "<section id=\"suspects\"><h2>Suspects</h2>\n<p>\(h(suspects.summary))</p>\n\(list)</section>\n"
    }

    /// What the culprit finder said about the run's new failures; empty when it has not answered or did not run.
    static func culprit(_ report: RunReport) -> String {
        guard let culprit = report.culprit else { return "" }
        let tests = culprit.tests.map { "<code>\(h($0))</code>" }.joined(separator: ", ")
        return "<section id=\"culprit\"><h2>Culprit</h2>\n<p>\(tests): \(h(culprit.answer))</p></section>\n"
    }
}
