import Foundation
import SmokeCore

/// The dashboard's histories from an output folder's `history.sqlite`: every run with each test's status, duration,
/// flakiness and first failure message, kept after retention removed the run's folder (such a run has no report
/// link). Read one run at a time.
package struct HistoryDatabaseDashboardSource: DashboardSource {
    package var outputDirectory: URL

    package init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }

    package func histories(pipelines: [String]?) throws -> (histories: [DashboardHistory], warnings: [String]) {
        guard let database = try HistoryStore.database(outputDirectory: outputDirectory) else { return ([], []) }
        var builders: [String: DashboardHistoryBuilder] = [:]
        try database.forEachRun { run, results in
            guard pipelines?.contains(run.pipeline) ?? true else { return }
            let outcomes = results.map { result in
                DashboardHistoryBuilder.Outcome(
                    key: result.key, status: result.status, flaky: result.flaky,
                    durationSeconds: result.durationSeconds, message: result.message)
            }
            let dashboardRun = DashboardRun(
                id: run.runID, startedAt: run.startedAt, status: run.status, durationSeconds: run.durationSeconds,
                commit: run.commit, coveragePercent: run.coverage?.lines.percent, reportPath: reportPath(of: run))
            builders[run.pipeline, default: DashboardHistoryBuilder(pipeline: run.pipeline)]
                .add(dashboardRun, outcomes: outcomes)
        }
        return (builders.keys.sorted().compactMap { builders[$0]?.history }, [])
    }

    /// The run's page while its folder is there: a plain path inside the output folder, never through a link.
    private func reportPath(of run: HistoryRun) -> String? {
        guard !run.folderRemoved else { return nil }
        let parts = run.path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        let folder = outputDirectory.appendingPathComponent(run.path, isDirectory: true)
        let page = folder.appendingPathComponent(HTMLReport.fileName)
        guard PathKind.of(page) == .file, !POSIXFile.isSymlink(folder) else { return nil }
        return run.path + "/" + HTMLReport.fileName
    }
}
