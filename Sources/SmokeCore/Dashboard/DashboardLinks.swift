import Foundation

/// How one pipeline's pages name and link its runs and tests. Pages sit at a depth below the site (overview 1,
/// test page 2); links to run reports go up to the site, then to the output folder.
struct DashboardLinks {
    let history: DashboardHistory
    /// From the site folder to the output folder, with a trailing `/` (empty when they are the same).
    let outputLink: String

    /// Each run's start, timeline words and report links, and each paged test's page: made once, used on every page.
    private let times: [String]
    private let pages: [String?]
    private let cellIDs: [String]
    private let cellTails: [String]
    private let reportLinks: [[String?]]

    init(history: DashboardHistory, analysis: DashboardAnalysis, outputLink: String) {
        self.history = history
        var pages = [String?](repeating: nil, count: history.tests.count)
        for test in analysis.paged {
            pages[test] = DashboardPaths.testPage(history.tests[test])
        }
        self.pages = pages
        let times = history.runs.map { Self.utc($0.startedAt) }
        self.times = times
        let outputLink = outputLink.isEmpty || outputLink.hasSuffix("/") ? outputLink : outputLink + "/"
        self.outputLink = outputLink
        cellIDs = history.runs.map { XMLText.escapeAttribute($0.id) }
        cellTails = history.runs.indices.map { index in
            var tail = " · \(times[index])"
            if let commit = history.runs[index].commit { tail += " · \(commit.prefix(10))" }
            if history.runs[index].reportPath == nil { tail += " · pruned" }
            return XMLText.escapeAttribute(tail)
        }
        reportLinks = (0...2).map { depth in
            history.runs.map { run in
                run.reportPath.map { XMLText.escapeAttribute(String(repeating: "../", count: depth) + outputLink + $0) }
            }
        }
    }

    /// `2026-11-22 04:00:00 UTC`, as `ReportText.timestamp` writes it, without a `Calendar` per call.
    static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let civil = CivilDate(dayNumber: days)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d UTC", civil.year, civil.month, civil.day, time / 3600,
            time / 60 % 60, time % 60)
    }

    /// The link to run `index`'s report from a page at `depth`, escaped for an attribute; nil once pruned.
    func reportLink(_ index: Int, depth: Int) -> String? {
        if depth < reportLinks.count { return reportLinks[depth][index] }
        return history.runs[index].reportPath.map {
            attribute(String(repeating: "../", count: depth) + outputLink + $0)
        }
    }

    func run(_ index: Int, depth: Int) -> String {
        let id = "<code>\(h(history.runs[index].id))</code>"
        guard let href = reportLink(index, depth: depth) else { return "\(id) <span class=\"note\">(pruned)</span>" }
        return "<a href=\"\(href)\">\(id)</a>"
    }

    func test(_ index: Int, depth: Int) -> String {
        let key = h(history.tests[index])
        let shown = history.displayName(of: index)
        let name = shown.map(h) ?? key
        let beside = shown == nil ? "" : " <code class=\"note\">\(key)</code>"
        guard let page = pages[index] else { return name + beside }
        let href = String(repeating: "../", count: depth - 1) + page
        return "<a href=\"\(attribute(href))\">\(name)</a>\(beside)"
    }

    func commit(_ index: Int) -> String {
        guard let commit = history.runs[index].commit, !commit.isEmpty else { return "unknown" }
        return "<code title=\"\(attribute(commit))\">\(h(String(commit.prefix(10))))</code>"
    }

    func time(_ index: Int) -> String { times[index] }

    /// One timeline cell, coloured by status; its title is its accessible name, since the cell has no text.
    func cell(run index: Int, tone: String, label: String, depth: Int) -> String {
        let text = cellIDs[index] + " · " + attribute(label) + cellTails[index]
        guard let href = reportLink(index, depth: depth) else {
            return "<li><span class=\"cell \(tone) pruned\" role=\"img\" title=\"\(text)\"></span></li>"
        }
        return "<li><a class=\"cell \(tone)\" href=\"\(href)\" title=\"\(text)\"></a></li>"
    }

    func h(_ text: String) -> String { XMLText.escape(text) }
    func attribute(_ text: String) -> String { XMLText.escapeAttribute(text) }
}
