import Foundation
import SmokeCore

/// The run's webhook message and what a run that could not send one says.
extension RunFinisher {
    /// One warning per variable a wanted notification did not find: every run says so until it is set. A variable
    /// in a refused file is said to be there and not used, never missing.
    func missingVariableWarnings(_ records: [NotificationRecord]) -> [InfrastructureError] {
        let file = displayPath(OutputLayout(root: outputDirectory).environmentFile)
        var seen: Set<String> = []
        return records.compactMap(\.missingVariable).filter { seen.insert($0).inserted }.map { name in
            InfrastructureError(
                message: NotifyWarning.missingVariable(name, file: file, refusal: environmentFileRefusal),
                severity: .warning)
        }
    }

    /// The webhook, after the run's results are final; it never changes them. Then, for a new failure whose suspect
    /// commits the checkout holds, the culprit finder when `notify.findCulprit` asks for it. Returns what was sent
    /// and the suspects the message named, for the reports.
    func notify(_ report: RunReport, settings: NotifySettings) async -> (
        records: [NotificationRecord], suspects: Suspects?
    ) {
        let delivery = cancellation.map { WebhookDelivery().cancelled(by: $0) } ?? WebhookDelivery()
        let earlier = history.notificationHistory(of: report)
        let window = history.flakeWindow(of: report, runs: settings.flakyWindowRuns)
        // A new failure's suspects: the commits since the last run in which it passed, from the project's checkout.
        let reader = projectRoot.map {
            SuspectsReader(git: GitCheckout(folder: URL(fileURLWithPath: $0), environment: context.environment))
        }
        var found: (tests: [String], suspects: Suspects)?
        let records = await Notifier(delivery: delivery).notifyAfterRun(
            report: report, history: earlier, settings: settings,
            outputDirectory: outputDirectory,
            environment: notifyEnvironment ?? context.environment, projectRoot: projectRoot, pipeline: pipelineKey,
            window: window,
            suspects: { plan in
                let runs = (earlier + window).sorted { $0.startedAt < $1.startedAt }
                let suspects = reader?.suspects(report: report, plan: plan, history: runs)
                if let suspects { found = (Suspects.newFailures(in: plan), suspects) }
                return suspects
            })
        // A passing run's "nothing to send" is noise; `-v` shows it.
        for record in records where verbose || RunSummary.isWorthShowing(record) {
            context.standardError.line(Notifier.describe(record))
        }
        if settings.findCulprit, let found, found.suspects.inClone, found.suspects.total > 0 {
            startFinder(report, tests: found.tests)
        }
        return (records, found?.suspects)
    }

    /// Starts `smokerun culprit` for `tests`, apart from the run; says where its answer will be.
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
