import Foundation
import SmokeCore
import SmokeKit

extension CulpritCommand {
    /// `--follow-up`: the answer to the pipeline's webhook (URL from the environment, then `<output>/env`), then into
    /// RUN's reports with how the message went. Neither failing changes the exit status: the answer is printed.
    static func sendFollowUp(
        _ followUp: CulpritFollowUp, pipeline: Pipeline, runDirectory: URL, outputDirectory: URL, context: HostContext
    ) async {
        let err = context.standardError
        let file = OutputLayout(root: outputDirectory).environmentFile
        var environment = context.environment
        do {
            let loaded = try EnvironmentFileReader().load(
                file, displayPath: context.displayPath(file), into: context.environment,
                allowing: RequiredVariable.fileVariables(of: pipeline.notify))
            if let refusal = loaded.refusal { err.line("culprit: warning: \(refusal.localizedDescription)") }
            environment = loaded.environment
        } catch {
            err.line("culprit: warning: \(error.localizedDescription)")
        }
        let record = await Notifier().sendCulprit(followUp, settings: pipeline.notify, environment: environment)
        err.line("culprit: follow-up \(Notifier.describe(record))")
        do {
            var report = try RunReportFile.load(at: runDirectory)
            report.culprit = followUp.finding(notification: record)
            // summary.md and index.html say it too; junit.xml has no place for it.
            try RunStore(outputDirectory: outputDirectory).rewriteReports(
                report, in: runDirectory, formats: pipeline.reports.filter { $0 != .junit }, environment: environment,
                projectRoot: pipeline.projectRoot(currentDirectory: context.currentDirectory).path)
        } catch {
            err.line("culprit: warning: report.json does not record the answer: \(error.localizedDescription)")
        }
    }
}
