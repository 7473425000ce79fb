import Foundation

/// How one pipeline's pages name and link its runs and tests. Pages sit at a depth below the site (the overview in
/// the pipeline's folder is 1, a test page 2); links to run reports go up to the site, then to the output folder.
struct DashboardLinks {
    let history: DashboardHistory
    /// Whether a test has a page.
    let paged: [Bool]
    /// From the site folder to the output folder, with a trailing `/` (empty when they are the same).
    let outputLink: String

    init(history: DashboardHistory, analysis: DashboardAnalysis, outputLink: String) {
        self.history = history
        var paged = Array(repeating: false, count: history.tests.count)
        for test in analysis.paged { paged[test] = true }
        self.paged = paged
        self.outputLink = outputLink.isEmpty || outputLink.hasSuffix("/") ? outputLink : outputLink + "/"
    }

    /// The report of run `index`, from a page at `depth`; nil when the run folder was pruned.
    func report(_ index: Int, depth: Int) -> String? {
        history.runs[index].reportPath.map { String(repeating: "../", count: depth) + outputLink + $0 }
    }

    /// The run's id, linked to its report while it exists, else marked pruned.
    func run(_ index: Int, depth: Int) -> String {
        let id = "<code>\(h(history.runs[index].id))</code>"
        guard let href = report(index, depth: depth) else { return "\(id) <span class=\"note\">(pruned)</span>" }
        return "<a href=\"\(attribute(href))\">\(id)</a>"
    }

    /// The test's key, linked to its page when it has one.
    func test(_ index: Int, depth: Int) -> String {
        let name = h(history.tests[index])
        guard paged[index] else { return name }
        let href = String(repeating: "../", count: depth - 1) + DashboardPaths.testPage(history.tests[index])
        return "<a href=\"\(attribute(href))\">\(name)</a>"
    }

    /// The run's commit, shortened to 10 characters, or "unknown".
    func commit(_ index: Int) -> String {
        guard let commit = history.runs[index].commit, !commit.isEmpty else { return "unknown" }
        return "<code title=\"\(attribute(commit))\">\(h(String(commit.prefix(10))))</code>"
    }

    func time(_ index: Int) -> String { h(ReportText.timestamp(history.runs[index].startedAt)) }

    /// One timeline cell: coloured by status, linking to the report while it exists, marked pruned otherwise.
    func cell(run index: Int, tone: String, label: String, depth: Int) -> String {
        let run = history.runs[index]
        var words = "\(run.id) · \(label) · \(ReportText.timestamp(run.startedAt))"
        if let commit = run.commit { words += " · \(commit.prefix(10))" }
        guard let href = report(index, depth: depth) else {
            let text = attribute(words + " · pruned")
            return
                "<li><span class=\"cell \(tone) pruned\" role=\"img\" title=\"\(text)\" aria-label=\"\(text)\"></span></li>"
        }
        let text = attribute(words)
        return
            "<li><a class=\"cell \(tone)\" href=\"\(attribute(href))\" title=\"\(text)\" aria-label=\"\(text)\"></a></li>"
    }

    func h(_ text: String) -> String { XMLText.escape(text) }
    func attribute(_ text: String) -> String { XMLText.escapeAttribute(text) }
}
