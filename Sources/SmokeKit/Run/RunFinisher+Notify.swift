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

    /// The webhook, after the run's results are final; it never changes them.
    func notify(_ report: RunReport, settings: NotifySettings) async -> [NotificationRecord] {
        let delivery = cancellation.map { WebhookDelivery().cancelled(by: $0) } ?? WebhookDelivery()
        let earlier = history.notificationHistory(of: report)
        let window = history.flakeWindow(of: report, runs: settings.flakyWindowRuns)
        // A new failure's suspects: the commits since the last run in which it passed, from the project's checkout.
        let suspects = projectRoot.map {
            SuspectsReader(git: GitCheckout(folder: URL(fileURLWithPath: $0), environment: context.environment))
        }
        let records = await Notifier(delivery: delivery).notifyAfterRun(
            report: report, history: earlier, settings: settings,
            outputDirectory: outputDirectory,
            environment: notifyEnvironment ?? context.environment, projectRoot: projectRoot, pipeline: pipelineKey,
            window: window,
            suspects: { plan in
                let runs = (earlier + window).sorted { $0.startedAt < $1.startedAt }
                return suspects?.suspects(report: report, plan: plan, history: runs)
            })
        // A passing run's "nothing to send" is noise; `-v` shows it.
        for record in records where verbose || RunSummary.isWorthShowing(record) {
            context.standardError.line(Notifier.describe(record))
        }
        return records
    }
}
