/// One test's page: recent runs, duration over time, messages grouped, and where its current failures began.
enum DashboardTestPage {
    static func render(
        test: Int, detail: DashboardTestDetail, analysis: DashboardAnalysis, links: DashboardLinks
    ) -> String {
        let history = links.history
        let key = history.tests[test]
        let shown = history.displayName(of: test)
        var body =
            "<header class=\"banner \(bannerTone(analysis.latestStatus[test]))\"><h1>\(links.h(shown ?? key))</h1>\n"
        if shown != nil { body += "<p><code>\(links.h(key))</code></p>\n" }
        body += "<p>\(links.h(history.pipeline)) · failed in \(ReportText.count(analysis.failedRuns[test], "run"))"
        if analysis.flakyRuns[test] > 0 {
            body += " · passed only on a retry in \(ReportText.count(analysis.flakyRuns[test], "run"))"
        }
        body += "</p></header>\n"
        body += "<nav class=\"crumbs\"><a href=\"../\(DashboardPaths.index)\">\(links.h(history.pipeline))</a> · "
        body += "<a href=\"../\(DashboardPaths.tests)\">All tests</a></nav>\n"
        body += since(test, detail: detail, analysis: analysis, links: links)
        body += strip(detail, links: links)
        let durations = detail.recent.compactMap { item in
            item.result?.durationSeconds.map {
                DashboardChart.Point(label: history.runs[item.run].id, value: $0, note: nil)
            }
        }
        body += DashboardChart.line(
            id: "duration", title: "Duration per run", points: durations, unit: .seconds, column: "run")
        body += messages(detail, links: links)
        return DashboardStyle.page(title: "\(shown ?? key) — \(history.pipeline)", body: body)
    }

    private static func bannerTone(_ status: TestStatus?) -> String {
        guard let status else { return "interrupted" }
        return status.isFailure ? "failed" : status == .passed ? "passed" : "interrupted"
    }

    private static func since(
        _ test: Int, detail: DashboardTestDetail, analysis: DashboardAnalysis, links: DashboardLinks
    ) -> String {
        let history = links.history
        var html = "<section id=\"since\"><h2>Status</h2>\n"
        if let failing = analysis.failingNow.first(where: { $0.test == test }) {
            html += "<p><b>Failing since \(links.time(failing.sinceRun))</b> (\(links.run(failing.sinceRun, depth: 2)))"
            html += ", \(ReportText.count(failing.runs, "run")) in a row; started failing at commit "
            html += links.commit(failing.sinceRun)
            if let good = failing.lastGoodRun {
                html += ", after passing at commit \(links.commit(good)) (\(links.run(good, depth: 2)))"
            }
            html += ".</p>\n"
        } else if let status = analysis.latestStatus[test] {
            html += "<p>Latest result: \(HTMLReport.icon(status)) \(links.h(ReportText.label(status))).</p>\n"
        } else if history.completeFrom > 0 {
            let recent = ReportText.count(history.runs.count - history.completeFrom, "run")
            html += "<p>Not run in the last \(recent) (since \(links.time(history.completeFrom))).</p>\n"
        }
        // The current failures have their own start above; an earlier failure is told apart from it.
        let streak = analysis.failingNow.first { $0.test == test }?.sinceRun
        if let first = detail.firstFailedRun, first != streak {
            let before =
                streak == nil ? "Its first failure on record:" : "It also failed before this run of failures, first on"
            html +=
                "<p>\(before) \(links.time(first)) (\(links.run(first, depth: 2))), commit \(links.commit(first)).</p>\n"
        }
        return html + "</section>\n"
    }

    private static func strip(_ detail: DashboardTestDetail, links: DashboardLinks) -> String {
        var html = "<section id=\"recent\"><h2>Recent runs</h2>\n<p class=\"note\">The last "
        html += "\(ReportText.count(detail.recent.count, "run")) of the pipeline, oldest first.</p>\n"
        html += "<p class=\"legend\"><i class=\"cell passed\"></i>passed<i class=\"cell failed\"></i>failed"
        html += "<i class=\"cell passed flaky\"></i>passed only on a retry (amber bar)"
        html += "<i class=\"cell absent\"></i>not run<i class=\"cell passed pruned\"></i>report removed</p>\n"
        html += "<ol class=\"timeline\">"
        for item in detail.recent {
            guard let result = item.result else {
                html += links.cell(run: item.run, tone: "absent", label: "not run", depth: 2)
                continue
            }
            var tone = StatusStyle.of(result.status).tone
            var label = ReportText.label(result.status)
            if result.flaky { (tone, label) = (tone + " flaky", label + " on a retry") }
            html += links.cell(run: item.run, tone: tone, label: label, depth: 2)
        }
        return html + "</ol></section>\n"
    }

    private static func messages(_ detail: DashboardTestDetail, links: DashboardLinks) -> String {
        var html = "<section id=\"messages\"><h2>Failure messages</h2>\n"
        guard !detail.messages.isEmpty else {
            let none = "<p>No failure message on record (messages come from the runs whose reports remain).</p>"
            return html + none + "</section>\n"
        }
        for group in detail.messages {
            html += "<article class=\"card failed\"><p class=\"meta\">\(ReportText.count(group.runs, "run")) · "
            html += "first seen \(links.time(group.firstRun)) (\(links.run(group.firstRun, depth: 2))) · "
            html += "last seen \(links.time(group.lastRun)) (\(links.run(group.lastRun, depth: 2)))</p>"
            html += "<pre>\(links.h(group.message))</pre></article>\n"
        }
        return html + "</section>\n"
    }
}
