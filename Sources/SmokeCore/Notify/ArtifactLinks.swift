/// Where a reader of a message finds the run's files: the pipeline's `artifactsURL`, and the CI run.
package struct ArtifactLinks: Sendable, Equatable {
    /// `notify.artifactsURL` with `{runID}` and `{pipeline}` filled in: the published run directory.
    var artifacts: String?
    /// `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID`, on GitHub Actions.
    var ciRun: String?
    /// `notify.dashboardURL`: where the dashboard site is published.
    var dashboard: String?

    init(artifacts: String? = nil, ciRun: String? = nil, dashboard: String? = nil) {
        self.artifacts = artifacts
        self.ciRun = ciRun
        self.dashboard = dashboard
    }

    package init(report: RunReport, settings: NotifySettings, environment: [String: String]) {
        artifacts = settings.artifactsURL.map {
            $0.replacingOccurrences(of: "{runID}", with: report.runID)
                .replacingOccurrences(of: "{pipeline}", with: report.pipeline)
        }
        if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            let runID = environment["GITHUB_RUN_ID"], !server.isEmpty, !repository.isEmpty, !runID.isEmpty
        {
            ciRun = "\(server)/\(repository)/actions/runs/\(runID)"
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
