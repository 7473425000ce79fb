/// The whole static site as files: a front page, and per pipeline its overview, test index and test pages. Pure.
package enum DashboardSite {
    /// One pipeline's history, and its output folder relative to the site folder (for run report links).
    package struct Input: Sendable {
        package var history: DashboardHistory
        package var outputLink: String

        package init(history: DashboardHistory, outputLink: String) {
            self.history = history
            self.outputLink = outputLink
        }
    }

    package struct File: Sendable, Equatable {
        package var path: String
        package var contents: String
    }

    package enum Page: Sendable, Equatable {
        case front
        case overview(at: Int)
        case tests(at: Int)
        case test(Int, at: Int)
    }

    /// The site worked out; its pages render in any order and on any thread, so a writer can parallelise.
    package struct Plan: Sendable {
        fileprivate struct Pipeline: Sendable {
            var history: DashboardHistory
            var analysis: DashboardAnalysis
            var links: DashboardLinks
            var details: [Int: DashboardTestDetail]
            var folder: String
        }

        fileprivate var pipelines: [Pipeline] = []
        package fileprivate(set) var pages: [Page] = [.front]

        package func path(of page: Page) -> String {
            switch page {
            case .front: DashboardPaths.index
            case .overview(let at): "\(pipelines[at].folder)/\(DashboardPaths.index)"
            case .tests(let at): "\(pipelines[at].folder)/\(DashboardPaths.tests)"
            case .test(let test, let at):
                "\(pipelines[at].folder)/\(DashboardPaths.testPage(pipelines[at].history.tests[test]))"
            }
        }

        package func render(_ page: Page) -> File {
            let contents: String
            switch page {
            case .front where pipelines.count == 1:
                contents = DashboardSite.onlyPipeline(pipelines[0].history, folder: pipelines[0].folder)
            case .front:
                contents = DashboardSite.front(
                    pipelines.map {
                        DashboardSite.row($0.history, analysis: $0.analysis, folder: $0.folder, links: $0.links)
                    })
            case .overview(let at):
                let pipeline = pipelines[at]
                contents = DashboardOverview.render(
                    pipeline.history, analysis: pipeline.analysis, links: pipeline.links)
            case .tests(let at):
                let pipeline = pipelines[at]
                contents = DashboardTestIndex.render(
                    pipeline.history, analysis: pipeline.analysis, links: pipeline.links)
            case .test(let test, let at):
                let pipeline = pipelines[at]
                contents = DashboardTestPage.render(
                    test: test, detail: pipeline.details[test] ?? DashboardTestDetail(), analysis: pipeline.analysis,
                    links: pipeline.links)
            }
            return File(path: path(of: page), contents: contents)
        }
    }

    /// The front page, then per pipeline (by name) its overview, its index and its test pages.
    package static func plan(_ inputs: [Input]) -> Plan {
        var plan = Plan()
        for input in inputs.sorted(by: { $0.history.pipeline < $1.history.pipeline }) {
            let history = input.history
            let analysis = DashboardAnalysis(history)
            let at = plan.pipelines.count
            plan.pipelines.append(
                Plan.Pipeline(
                    history: history, analysis: analysis,
                    links: DashboardLinks(history: history, analysis: analysis, outputLink: input.outputLink),
                    details: DashboardTestDetail.collect(history, tests: analysis.paged),
                    folder: DashboardPaths.pipelineFolder(history.pipeline)))
            plan.pages += [.overview(at: at), .tests(at: at)] + analysis.paged.map { .test($0, at: at) }
        }
        return plan
    }

    package static func render(_ inputs: [Input]) -> [File] {
        let plan = plan(inputs)
        return plan.pages.map(plan.render)
    }

    fileprivate static func row(
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

    /// The front page of a one-pipeline site: straight on to its overview (a table of one row says nothing).
    fileprivate static func onlyPipeline(_ history: DashboardHistory, folder: String) -> String {
        let href = XMLText.escape("\(folder)/\(DashboardPaths.index)")
        let body = """
            <header class="banner interrupted"><h1>smokerun dashboard</h1></header>
            <p>The one pipeline: <a href="\(href)">\(XMLText.escape(history.pipeline))</a>.</p>

            """
        return DashboardStyle.page(
            title: "smokerun dashboard", body: body, head: "<meta http-equiv=\"refresh\" content=\"0; url=\(href)\">\n")
    }

    fileprivate static func front(_ rows: [String]) -> String {
        var body = "<header class=\"banner interrupted\"><h1>smokerun dashboard</h1>"
        body += "<p>\(ReportText.count(rows.count, "pipeline"))</p></header>\n"
        body += "<table class=\"grid\"><thead><tr><th>pipeline</th><th class=\"status\">latest run</th><th>at</th>"
        body += "<th class=\"num\">failing now</th></tr></thead><tbody>\n"
        body += rows.joined() + "</tbody></table>\n"
        return DashboardStyle.page(title: "smokerun dashboard", body: body)
    }
}
