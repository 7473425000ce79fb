/// The overview's lists of tests: failing now, flakiest, slowest and getting slower, each with its rule in words.
enum DashboardOverviewLists {
    /// The most failing tests the overview lists; the rest are counted and left to the tests page.
    static let failingShown = 200

    static func failing(_ analysis: DashboardAnalysis, links: DashboardLinks) -> String {
        var html = "<section id=\"failing\"><h2>Failing now (\(analysis.failingNow.count))</h2>\n"
        guard !analysis.failingNow.isEmpty else { return html + "<p>No test failed in its latest run.</p></section>\n" }
        html += "<p class=\"rule\">Tests whose latest result is a failure; since the first run of their current "
        html += "run of failures, and the commit that run tested (after the last passing run's commit).</p>\n"
        html += "<table class=\"grid\"><thead><tr><th>test</th><th class=\"status\">status</th><th>failing since</th>"
        html += "<th>since commit</th><th class=\"num\">runs</th></tr></thead><tbody>\n"
        for item in analysis.failingNow.prefix(failingShown) {
            var commit = links.commit(item.sinceRun)
            if let good = item.lastGoodRun {
                commit += " <span class=\"note\">(last pass \(links.commit(good)))</span>"
            }
            html += "<tr class=\"failed\"><td>\(links.test(item.test, depth: 1))</td>"
            html += "<td>\(HTMLReport.icon(item.status)) \(links.h(ReportText.label(item.status)))</td>"
            html += "<td>\(links.time(item.sinceRun)) · \(links.run(item.sinceRun, depth: 1))</td>"
            html += "<td>\(commit)</td><td class=\"num\">\(item.runs)</td></tr>\n"
        }
        html += "</tbody></table>"
        let rest = analysis.failingNow.count - failingShown
        if rest > 0 {
            html += "\n<p class=\"note\">…and \(rest) more failing now, the longest failing first above; every test "
            html += "is on <a href=\"\(DashboardPaths.tests)\">All tests</a>.</p>\n"
        }
        return html + "</section>\n"
    }

    static func flaky(_ analysis: DashboardAnalysis, links: DashboardLinks) -> String {
        let days = Int(DashboardAnalysis.flakeWindowDays)
        var html = "<section id=\"flaky\"><h2>Flakiest in the last \(days) days</h2>\n"
        html += "<p class=\"rule\">Flaky: the test failed and passed on the same code, in one run (it passed only on "
        html +=
            "a retry) or in runs of one commit, in the last \(days) days. Score: those runs. A test that failed until "
        html += "a new commit fixed it was broken, not flaky, and is not listed.</p>\n"
        guard !analysis.flakiest.isEmpty else { return html + "<p>No flaky test.</p></section>\n" }
        html += "<table class=\"grid\"><thead><tr><th>test</th><th class=\"num\">score</th>"
        html += "<th class=\"num\">passed on retry</th><th class=\"num\">failed on a passing commit</th>"
        html += "<th class=\"num\">rate</th><th>evidence (latest runs)</th>"
        html += "</tr></thead><tbody>\n"
        for item in analysis.flakiest {
            let evidence = item.evidence.map { links.run($0, depth: 1) }.joined(separator: " ")
            html += "<tr><td>\(links.test(item.test, depth: 1))</td><td class=\"num\">\(item.score)</td>"
            let rate = "\(Int((item.verdict.flakeRate * 100).rounded())) %"
            html += "<td class=\"num\">\(item.retryPasses)</td><td class=\"num\">\(item.sameCommitFailures)</td>"
            html += "<td class=\"num\" title=\"\(links.h(item.verdict.rateText))\">\(rate)</td>"
            html += "<td>\(evidence)</td></tr>\n"
        }
        return html + "</tbody></table></section>\n"
    }

    /// The quarantined tests, from the newest run's record.
    static func quarantined(_ record: QuarantineRecord?, links: DashboardLinks) -> String {
        guard let record, !(record.active.isEmpty && record.expired.isEmpty) else { return "" }
        var html = "<section id=\"quarantine\"><h2>Quarantined</h2>\n"
        html += "<p class=\"rule\">These tests run and are reported; their failures neither fail a run nor page, "
        html += "until the entry expires. As the newest run recorded them.</p>\n"
        html += "<table class=\"grid\"><thead><tr><th>test</th><th>reason</th><th>owner</th><th>until</th>"
        html += "<th>newest run</th></tr></thead><tbody>\n"
        let rows = record.active.map { ($0, false) } + record.expired.map { ($0, true) }
        for (entry, expired) in rows {
            let state =
                expired
                ? "expired, ignored" : record.tests.contains { entry.matches($0) } ? "failed, quarantined" : "—"
            let reason = entry.automatic ? "automatic: \(entry.reason)" : entry.reason
            html += "<tr><td><code>\(links.h(entry.test))</code></td><td>\(links.h(reason))</td>"
            html += "<td>\(links.h(entry.owner))</td><td>\(links.h(FireTimeFormat.utc(entry.expires)))</td>"
            html += "<td>\(state)</td></tr>\n"
        }
        return html + "</tbody></table></section>\n"
    }

    static func slow(_ analysis: DashboardAnalysis, links: DashboardLinks) -> String {
        let window = DashboardAnalysis.slowWindow
        var html = "<section id=\"slowest\"><h2>Slowest tests</h2>\n"
        html += "<p class=\"rule\">By the median of each test's last \(window) timed runs.</p>\n"
        html += table(analysis.slowest, links: links) + "</section>\n"
        let percent = Int(DashboardAnalysis.slowerFraction * 100)
        html += "<section id=\"slower\"><h2>Getting slower</h2>\n<p class=\"rule\">The median of the last \(window) "
        html += "timed runs is at least \(percent) % and \(ReportText.duration(DashboardAnalysis.slowerSeconds)) "
        html += "above the median of the \(window) before.</p>\n"
        guard !analysis.slowing.isEmpty else { return html + "<p>No test is getting slower.</p></section>\n" }
        return html + table(analysis.slowing, links: links) + "</section>\n"
    }

    private static func table(_ timings: [DashboardAnalysis.Timing], links: DashboardLinks) -> String {
        var html = "<table class=\"grid\"><thead><tr><th>test</th><th class=\"num\">median</th>"
        html += "<th class=\"num\">before</th></tr></thead><tbody>\n"
        for item in timings {
            let before = item.previousMedian.map(ReportText.duration) ?? "—"
            html += "<tr><td>\(links.test(item.test, depth: 1))</td>"
            html += "<td class=\"num\">\(ReportText.duration(item.median))</td><td class=\"num\">\(before)</td></tr>\n"
        }
        return html + "</tbody></table>"
    }
}
