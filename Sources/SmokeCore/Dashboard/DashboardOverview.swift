import Foundation

/// A pipeline's overview page: the run timeline, charts over time and the test lists, each bounded so a year of
/// runs of thousands of tests stays a small page.
enum DashboardOverview {
    static let timelineRuns = 100
    static let chartDays = 180
    static let coverageRuns = 100

    static func render(_ history: DashboardHistory, analysis: DashboardAnalysis, links: DashboardLinks) -> String {
        var body = banner(history, links: links)
        body += "<nav class=\"crumbs\"><a href=\"../\(DashboardPaths.index)\">All pipelines</a> · "
        body += "<a href=\"\(DashboardPaths.tests)\">All tests (\(history.tests.count))</a></nav>\n"
        body += timeline(history, links: links) + charts(history)
        body += DashboardOverviewLists.failing(analysis, links: links)
        body += DashboardOverviewLists.flaky(analysis, links: links)
        body += DashboardOverviewLists.quarantined(history.quarantine, links: links)
        body += DashboardOverviewLists.slow(analysis, links: links)
        return DashboardStyle.page(title: "\(history.pipeline) — smokerun dashboard", body: body)
    }

    private static func banner(_ history: DashboardHistory, links: DashboardLinks) -> String {
        guard let last = history.runs.indices.last else {
            return
                "<header class=\"banner interrupted\"><h1>\(links.h(history.pipeline))</h1><p>No runs yet.</p></header>\n"
        }
        let status = history.runs[last].status
        let style = StatusStyle.of(status)
        var html = "<header class=\"banner \(status.rawValue)\">\n"
        html += "<h1>\(style.icon.use(label: style.label)) \(links.h(history.pipeline)) \(links.h(style.label))</h1>\n"
        let first = links.time(0)
        html += "<p>\(ReportText.count(history.runs.count, "run")) from \(first) to \(links.time(last)) · "
        html += "latest \(links.run(last, depth: 1)) · commit \(links.commit(last))</p>\n</header>\n"
        return html
    }

    private static func timeline(_ history: DashboardHistory, links: DashboardLinks) -> String {
        let shown = Array(history.runs.indices.suffix(timelineRuns))
        var html = "<section id=\"runs\"><h2>Runs</h2>\n"
        if shown.count < history.runs.count {
            html += "<p class=\"note\">The last \(shown.count) of \(history.runs.count) runs, oldest first.</p>\n"
        }
        html += "<p class=\"legend\"><i class=\"cell passed\"></i>passed<i class=\"cell failed\"></i>failed"
        html += "<i class=\"cell error\"></i>error<i class=\"cell neutral\"></i>interrupted or incomplete"
        html += "<i class=\"cell passed pruned\"></i>pruned (its report was removed)</p>\n"
        html += "<ol class=\"timeline\">"
        for index in shown {
            let status = history.runs[index].status
            html += links.cell(run: index, tone: status.rawValue, label: StatusStyle.of(status).label, depth: 1)
        }
        html += "</ol>\n<details><summary>The runs as a table</summary><table class=\"grid\"><thead><tr>"
        html += "<th>run</th><th class=\"status\">status</th><th>started</th><th class=\"num\">duration</th>"
        html += "<th class=\"num\">failed</th><th>commit</th></tr></thead><tbody>\n"
        for index in shown.reversed() {
            let run = history.runs[index]
            let failed = run.results.reduce(0) { $0 + ($1.status.isFailure ? 1 : 0) }
            html += "<tr><td>\(links.run(index, depth: 1))</td><td>\(links.h(StatusStyle.of(run.status).label))</td>"
            html += "<td>\(links.time(index))</td><td class=\"num\">\(ReportText.duration(run.durationSeconds))</td>"
            html += "<td class=\"num\">\(failed)</td><td>\(links.commit(index))</td></tr>\n"
        }
        return html + "</tbody></table></details></section>\n"
    }

    private static func charts(_ history: DashboardHistory) -> String {
        var byDay: [(day: Int, runs: [DashboardRun])] = []
        for run in history.runs {
            let day = Int((run.startedAt.timeIntervalSince1970 / 86_400).rounded(.down))
            if byDay.last?.day == day { byDay[byDay.count - 1].runs.append(run) } else { byDay.append((day, [run])) }
        }
        let days = byDay.suffix(chartDays)
        let passRate = days.map { day in
            let passed = day.runs.filter { $0.status == .passed }.count
            return DashboardChart.Point(
                label: label(day: day.day), value: Double(passed) * 100 / Double(day.runs.count),
                note: "\(passed) of \(ReportText.count(day.runs.count, "run")) passed")
        }
        let duration = days.map { day in
            DashboardChart.Point(
                label: label(day: day.day), value: DashboardAnalysis.median(day.runs.map(\.durationSeconds)),
                note: "median of \(ReportText.count(day.runs.count, "run"))")
        }
        let covered = history.runs.filter { $0.coveragePercent != nil }.suffix(coverageRuns)
        let coverage = covered.map { run in
            let modules = run.moduleCoverage.sorted { $0.key < $1.key }
                .map { "\($0.key) \(ReportText.percent($0.value))" }
            return DashboardChart.Point(
                label: run.id, value: run.coveragePercent ?? 0,
                note: modules.isEmpty ? nil : modules.joined(separator: ", "))
        }
        var html = "<section id=\"trends\"><h2>Over time</h2><div class=\"charts\">\n"
        html += DashboardChart.line(
            id: "pass-rate", title: "Runs passed per day", points: passRate, unit: .percent, column: "day")
        html += DashboardChart.line(
            id: "duration", title: "Run duration per day (median)", points: duration, unit: .seconds, column: "day")
        html += DashboardChart.line(
            id: "coverage", title: "Line coverage per run", points: Array(coverage), unit: .percent, column: "run")
        return html + "</div></section>\n"
    }

    /// `2026-11-22` for a day counted from 1970-01-01 (UTC).
    static func label(day: Int) -> String {
        String(ReportText.timestamp(Date(timeIntervalSince1970: Double(day) * 86_400)).prefix(10))
    }
}
