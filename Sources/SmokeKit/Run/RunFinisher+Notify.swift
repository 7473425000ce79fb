import Foundation
import SmokeCore

extension RunFinisher {
    /// One warning per variable a wanted notification lacks, on every run until set; one in a refused file is
    /// "there, not used", never missing.
    func missingVariableWarnings(_ records: [NotificationRecord]) -> [InfrastructureError] {
        let file = displayPath(OutputLayout(root: outputDirectory).environmentFile)
        var seen: Set<String> = []
        return records.compactMap(\.missingVariable).filter { seen.insert($0).inserted }.map { name in
            InfrastructureError(
                message: NotifyWarning.missingVariable(name, file: file, refusal: environmentFileRefusal),
                severity: .warning)
        }
    }

    /// Earlier runs for the notification policy, suspects and failure notes: outcomes (`history`) and the last
    /// `flakyWindowRuns` with every test's (`window`), oldest first; nil when none is wanted.
    func readEarlierRuns(of report: RunReport) -> (history: [HistoryEntry], window: [HistoryEntry])? {
        let failing = report.status == .failed || report.status == .error
        guard notify != nil || (failing && !isShard && summary == .run) else { return nil }
        return (history.notificationHistory(of: report), history.flakeWindow(of: report, runs: flakyWindowRuns))
    }

    /// The history of the failing tests, read once for suspects and output; nil without earlier runs or failures.
    func failureHistory(
        of report: RunReport, earlier: (history: [HistoryEntry], window: [HistoryEntry])?
    ) -> FailureHistory? {
        guard let earlier, !isShard, report.status == .failed || report.status == .error else { return nil }
        return FailureHistory(of: report, history: earlier.history, window: earlier.window, windowRuns: flakyWindowRuns)
    }

    /// A new failure's suspects: commits since its last passing run. Read for every failing run, notified or not.
    func suspects(
        of report: RunReport, failures: FailureHistory?, earlier: (history: [HistoryEntry], window: [HistoryEntry])?
    ) -> Suspects? {
        guard let failures, let earlier, let projectRoot, report.origin?.commit != nil else { return nil }
        let tests = failures.newFailures
        guard !tests.isEmpty else { return nil }
        let runs = (earlier.history + earlier.window).sorted { $0.startedAt < $1.startedAt }
        let git = GitCheckout(folder: URL(fileURLWithPath: projectRoot), environment: context.environment)
        return SuspectsReader(git: git).suspects(report: report, tests: tests, history: runs)
    }

    /// The webhook, once the results are final (it never changes them); then, for a new failure with suspects, the
    /// culprit finder when `notify.findCulprit` asks. Returns what was sent.
    func notify(
        _ report: RunReport, settings: NotifySettings, earlier: (history: [HistoryEntry], window: [HistoryEntry])
    ) async -> [NotificationRecord] {
        let delivery = cancellation.map { WebhookDelivery().cancelled(by: $0) } ?? WebhookDelivery()
        var announced: [String] = []
        let records = await Notifier(delivery: delivery).notifyAfterRun(
            report: report, history: earlier.history, settings: settings,
            outputDirectory: outputDirectory,
            environment: notifyEnvironment ?? context.environment, projectRoot: projectRoot, pipeline: pipelineKey,
            window: earlier.window,
            suspects: { plan in
                announced = plan.newFailures
                return report.suspects
            })
        // A passing run's "nothing to send" is noise; `-v` shows it.
        for record in records where verbose || RunSummary.isWorthShowing(record) {
            context.standardError.line(Notifier.describe(record))
        }
        if settings.findCulprit, !announced.isEmpty, let suspects = report.suspects, suspects.inClone,
            suspects.total > 0
        {
            startFinder(report, tests: announced)
        }
        return records
    }

    /// Starts `smokerun culprit` for `tests` apart from the run; says where its answer will be.
    private func startFinder(_ report: RunReport, tests: [String]) {
        guard let finder, cancellation?.isCancelled != true else { return }
        let log = OutputLayout(root: outputDirectory).run(report.runID)
            .appendingPathComponent(RunDirectory.culpritFolderName).appendingPathComponent("finder.log")
        do {
            try finder.launch(
                runID: report.runID, tests: tests, outputDirectory: outputDirectory, log: log,
                currentDirectory: context.currentDirectory, environment: context.environment)
            context.standardError.line(
                "smokerun: looking for the culprit of \(tests.joined(separator: ", ")) apart from the run; log: "
                    + displayPath(log))
        } catch {
            context.standardError.line(
                "smokerun: warning: the culprit finder did not start: \(error.localizedDescription)")
        }
    }
}
