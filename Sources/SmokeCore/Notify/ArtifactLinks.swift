/// Where a message's reader finds the run: the pipeline's `artifactsURL`, the CI run, or the report's path.
package struct ArtifactLinks: Sendable, Equatable {
    /// `notify.artifactsURL` with `{runID}` and `{pipeline}` filled in: the published run directory.
    var artifacts: String?
    var ciRun: String?
    /// `host:/abs/path/runs/<id>/index.html` (the run folder when no page was written): where the report is when
    /// nothing is published. A path, never a link.
    var reportPath: String?
    /// `notify.dashboardURL`: where the dashboard site is published.
    var dashboard: String?
}

extension ArtifactLinks {
    /// - Parameter runDirectory: the run folder's absolute path on this machine; nil when unknown.
    package init(report: RunReport, settings: NotifySettings, runDirectory: String? = nil) {
        artifacts = settings.artifactsURL.map {
            $0.replacingOccurrences(of: "{runID}", with: report.runID)
                .replacingOccurrences(of: "{pipeline}", with: report.pipeline)
        }
        ciRun = report.origin?.ciRunURL
        reportPath = runDirectory.map { folder in
            let folder = folder.hasSuffix("/") ? folder : folder + "/"
            let page = report.artifacts.contains(HTMLReport.fileName) ? folder + HTMLReport.fileName : folder
            return report.origin?.host.map { "\($0):\(page)" } ?? page
        }
        dashboard = settings.dashboardURL
    }

    /// The best single link to the whole run: the artifacts, else the CI run.
    var best: String? { artifacts ?? ciRun }

    /// A link to one file of the run directory, when the run directory is published.
    func file(_ relativePath: String) -> String? {
        guard let artifacts else { return nil }
        return (artifacts.hasSuffix("/") ? artifacts : artifacts + "/") + relativePath
    }

    /// The dashboard page of one test (by `TestResult.deviceKey`), when the site is published.
    func dashboardPage(pipeline: String, key: String) -> String? {
        guard let dashboard else { return nil }
        return (dashboard.hasSuffix("/") ? dashboard : dashboard + "/")
            + DashboardPaths.testPage(pipeline: pipeline, key: key)
    }
}
