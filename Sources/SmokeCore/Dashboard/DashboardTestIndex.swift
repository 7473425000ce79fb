/// Every test of a pipeline in one searchable, sortable table, linking each test's page when it has one.
enum DashboardTestIndex {
    static func render(_ history: DashboardHistory, analysis: DashboardAnalysis, links: DashboardLinks) -> String {
        var medians = Array(repeating: Double?.none, count: history.tests.count)
        for timing in analysis.timings { medians[timing.test] = timing.median }
        var body = "<header class=\"banner interrupted\"><h1>\(links.h(history.pipeline)): all tests</h1>"
        body += "<p>\(ReportText.count(history.tests.count, "test")); tests that ever failed or were flaky link to "
        body += "their page.</p></header>\n"
        body += "<nav class=\"crumbs\"><a href=\"\(DashboardPaths.index)\">Overview</a></nav>\n"
        body += "<div class=\"filters\"><label for=\"filter\">Filter</label>"
        body += "<input id=\"filter\" type=\"search\" placeholder=\"test name\"></div>\n"
        body += "<table class=\"grid filterable\" id=\"tests\"><thead><tr><th>test</th><th class=\"status\">latest</th>"
        body += "<th class=\"num\">failed</th><th class=\"num\">retried</th><th class=\"num\">median</th></tr></thead>"
        body += "<tbody>\n"
        let order = history.tests.indices.sorted { history.tests[$0] < history.tests[$1] }
        for test in order {
            let status = analysis.latestStatus[test]
            let label = status.map(ReportText.label) ?? (history.completeFrom > 0 ? "not run lately" : "never ran")
            let median = medians[test]
            body += "<tr><td>\(links.test(test, depth: 1))</td><td>\(links.h(label))</td>"
            body +=
                "<td class=\"num\">\(analysis.failedRuns[test])</td><td class=\"num\">\(analysis.flakyRuns[test])</td>"
            body += "<td class=\"num\" data-v=\"\(median ?? -1)\">\(median.map(ReportText.duration) ?? "—")</td></tr>\n"
        }
        body += "</tbody></table>\n"
        return DashboardStyle.page(title: "\(history.pipeline): all tests — smokerun dashboard", body: body)
    }
}
