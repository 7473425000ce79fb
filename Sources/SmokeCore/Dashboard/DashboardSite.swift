/// The whole static site, as files to write: a front page listing the pipelines, and per pipeline (in a folder of
/// its own) the overview, the index of all tests, and a page per test that ever failed or was flaky. Pure: the
/// writer decides where the files go.
package enum DashboardSite {
    /// One pipeline's history and where its output folder is, relative to the site folder (the run reports' links).
    package struct Input: Sendable {
        package var history: DashboardHistory
        package var outputLink: String

        package init(history: DashboardHistory, outputLink: String) {
            self.history = history
            self.outputLink = outputLink
        }
    }

    /// A file of the site: its path relative to the site folder, and its text.
    package struct File: Sendable, Equatable {
        package var path: String
        package var contents: String
    }

    package static func render(_ inputs: [Input]) -> [File] {
        var files: [File] = []
        var rows: [String] = []
        for input in inputs.sorted(by: { $0.history.pipeline < $1.history.pipeline }) {
            let history = input.history
            let analysis = DashboardAnalysis(history)
            let links = DashboardLinks(history: history, analysis: analysis, outputLink: input.outputLink)
            let folder = DashboardPaths.pipelineFolder(history.pipeline)
            files.append(
                File(
                    path: "\(folder)/\(DashboardPaths.index)",
                    contents: DashboardOverview.render(history, analysis: analysis, links: links)))
            files.append(
                File(
                    path: "\(folder)/\(DashboardPaths.tests)",
                    contents: DashboardTestIndex.render(history, analysis: analysis, links: links)))
            let details = DashboardTestDetail.collect(history, tests: analysis.paged)
            for test in analysis.paged {
                files.append(
                    File(
                        path: "\(folder)/\(DashboardPaths.testPage(history.tests[test]))",
                        contents: DashboardTestPage.render(
                            test: test, detail: details[test] ?? DashboardTestDetail(), analysis: analysis,
                            links: links)))
            }
            rows.append(row(history, analysis: analysis, folder: folder, links: links))
        }
        files.insert(File(path: DashboardPaths.index, contents: front(rows)), at: 0)
        return files
    }

    private static func row(
        _ history: DashboardHistory, analysis: DashboardAnalysis, folder: String, links: DashboardLinks
    ) -> String {
        let href = links.attribute("\(folder)/\(DashboardPaths.index)")
        var html = "<tr><td><a href=\"\(href)\">\(links.h(history.pipeline))</a></td>"
        guard let last = history.runs.indices.last else {
            return html + "<td>no runs yet</td><td></td><td></td></tr>\n"
        }
        let status = history.runs[last].status
        let style = StatusStyle.of(status)
        html += "<td><span class=\"st \(style.tone)\">\(style.icon.use(label: style.label))</span> "
        html += "\(links.h(style.label))</td><td>\(links.time(last))</td>"
        html += "<td class=\"num\">\(analysis.failingNow.count)</td></tr>\n"
        return html
    }

    private static func front(_ rows: [String]) -> String {
        var body = "<header class=\"banner interrupted\"><h1>smokerun dashboard</h1>"
        body += "<p>\(ReportText.count(rows.count, "pipeline"))</p></header>\n"
        body += "<table class=\"grid\"><thead><tr><th>pipeline</th><th class=\"status\">latest run</th><th>at</th>"
        body += "<th class=\"num\">failing now</th></tr></thead><tbody>\n"
        body += rows.joined() + "</tbody></table>\n"
        return DashboardStyle.page(title: "smokerun dashboard", body: body)
    }
}
