import Foundation
import SmokeCore

/// The end of every run (`run`, `schedule`, `merge`, `parse`): coverage, reports and history, webhook, summary,
/// retention, and the outcome for the exit status; each step on unless its settings say otherwise.
package struct RunFinisher: Sendable {
    /// What the person or CI job sees at the end.
    package enum Summary: Sendable {
        /// Failures, errors, GitHub annotations, the totals line, coverage and the report page (`run`, `merge`).
        case run
        /// The run folder only: `parse` prints its own totals as it reads.
        case reportFolder
    }

    package var outputDirectory: URL
    package var history: any RunHistory
    package var pipelineName: String
    /// Whose notification state and outbox this run's are.
    package var pipelineKey: PipelineKey
    var quarantine: [QuarantineEntry] = []
    var autoQuarantine: AutoQuarantineSettings?
    package var formats: [ReportFormat]
    /// Coverage from the draft's profiles with the driver that knows the tools; nil: none.
    var coverage: (settings: CoverageSettings, driver: any TestDriver, pipeline: Pipeline)?
    /// The webhook; nil: none (`--no-notify`, a shard, `parse`).
    package var notify: NotifySettings?
    /// How many earlier runs judge a failure flaky rather than new (`notify.flakyWindowRuns`), notified or not.
    var flakyWindowRuns = NotifySettings().flakyWindowRuns
    var finder: CulpritFinderLauncher?
    /// Old runs to remove afterwards; nil: none.
    package var retention: RetentionSettings?
    var pipelineFile: PipelineFileRecord?
    /// Regenerate `<output>/site/` at the end (`dashboard.enabled`).
    var dashboard = false
    /// What source links in failure locations are relative to.
    package var projectRoot: String?
    package var summary = Summary.run
    /// `--strict`: exit 3 when smokerun's counts disagree with the frameworks' own.
    package var strict = false
    /// `-v`: also the lines that say nothing happened.
    package var verbose = false
    package var isShard = false // A shard's coverage is part of a run's: no minimum applies to it.
    package var context: HostContext
    /// The notifier's environment: the context's plus `<output>/env`'s; nil: the context's.
    var notifyEnvironment: [String: String]?
    /// Why `<output>/env` was refused, and the notifier variables in it (there, not used).
    var environmentFileRefusal: (error: EnvironmentFileError, names: [String])?
    var fileWriter: FileWriter = .system
    /// Set by SIGINT/SIGTERM: the webhook stops waiting to retry and queues the message.
    package var cancellation: CancellationFlag?

    init(
        pipeline: Pipeline, options: SmokeRun.Options, outputDirectory: URL, history: any RunHistory,
        context: HostContext
    ) {
        self.outputDirectory = outputDirectory
        self.history = history
        pipelineName = pipeline.name
        pipelineKey = pipeline.key
        quarantine = pipeline.quarantine
        autoQuarantine = pipeline.autoQuarantine
        formats = pipeline.reports
        coverage = pipeline.coverage.enabled ? (pipeline.coverage, context.drivers.make(for: pipeline), pipeline) : nil
        // A shard is part of a run: `smokerun merge` sends the one notification for all shards.
        notify = options.notify && options.shard == nil ? pipeline.notify : nil
        flakyWindowRuns = pipeline.notify.flakyWindowRuns
        retention = pipeline.retention
        pipelineFile = PipelineFileRecord(pipeline, currentDirectory: context.currentDirectory)
        projectRoot = pipeline.projectRoot(currentDirectory: context.currentDirectory).path
        strict = options.strict
        verbose = options.verbose
        isShard = options.shard != nil
        dashboard = pipeline.dashboard.enabled && !isShard
        self.context = context
    }

    /// The finisher of reports read from saved output (`parse`): reports only, appended to the folder's history.
    package init(
        outputDirectory: URL, pipelineName: String, formats: [ReportFormat], strict: Bool, context: HostContext
    ) {
        self.outputDirectory = outputDirectory
        history = HistoryOpening.open(outputFolder: outputDirectory, library: context.sqlite)
        self.pipelineName = pipelineName
        pipelineKey = PipelineKey(name: pipelineName, file: nil)
        self.formats = formats
        self.strict = strict
        summary = .reportFolder
        self.context = context
    }

    package func finish(_ draft: RunDraft) async -> SmokeRun.Outcome {
        var report = draft.report
        let folder = draft.folder
        if report.pipelineFile == nil, let file = pipelineFile {
            (report.pipelineFile, report.pipelineHash) = (file.path, file.hash)
        }
        var coverageBelowMinimum = false
        var lostNotification = false
        let unwritten = coverage == nil ? [] : ProfileWriteErrors.find(in: folder.consoleLog, profiles: folder.profiles)
        if let coverage, report.status == .interrupted || draft.profiles.isEmpty || !unwritten.isEmpty {
            // A run whose build failed ran no test to measure: its own error says why.
            if !report.tests.isEmpty {
                let minimum = isShard ? nil : coverage.settings.minimumLines
                report.errors.append(
                    CoverageGaps.notMeasured(status: report.status, minimumLines: minimum, unwritten: unwritten))
                if report.errors.last?.isNote == false { report.status = .error }
            }
        } else if let coverage {
            let measured = report
            (report, coverageBelowMinimum) = await BlockingWork.run {
                var withCoverage = measured
                let below = collectCoverage(coverage, draft: draft, into: &withCoverage)
                return (withCoverage, below)
            }
        }
        draft.releaseTestBinaries?()
        if !isShard, report.status == .failed || report.status == .passed { applyQuarantine(to: &report) }
        let earlier = readEarlierRuns(of: report)
        let failures = failureHistory(of: report, earlier: earlier)
        report.suspects = suspects(of: report, failures: failures, earlier: earlier)
        let store = RunStore(outputDirectory: outputDirectory, writer: fileWriter, history: history)
        var written = true
        let errorsBefore = report.errors.count
        do {
            report = try store.finish(
                report, in: folder, formats: formats, consoleLog: draft.consoleLog,
                environment: context.environment, projectRoot: projectRoot)
            let adopter = OrphanRunAdopter(store: store, projectRoot: projectRoot)
            for note in adopter.adopt() { context.standardError.line("smokerun: note: \(note)") }
        } catch {
            // Results that did not all reach the disk: an infrastructure failure, never `passed` with a missing report.
            written = false
            report.status = .error
            report.errors.append(
                InfrastructureError(message: "the run's results were not all written: \(error.localizedDescription)"))
            correctReports(report, in: folder, store: store)
            // Rewritten as `error` (a history that could not be written leaves the reports whole): said where they are,
            // when report.json, whose presence says the folder is complete, and the page are both there.
            written = [ReportFormat.json, .html].allSatisfy {
                formats.contains($0) && PathKind.of(folder.file(store.fileName(for: $0))) == .file
            }
        }
        // The webhook once the reports are in place, so a message names a run that exists.
        if let notify, let earlier {
            report.notifications = await self.notify(report, settings: notify, earlier: earlier)
            report.errors += missingVariableWarnings(report.notifications)
            // A message neither delivered nor queued is lost: said, and the exit is a failed write's. The run's status
            // stays what its tests made it (every report, the history, a message sent again agree).
            let resend = written && formats.contains(.json) ? report.runID : nil
            for why in report.notifications.compactMap(\.notQueued) {
                lostNotification = true
                let lost = NotifyWarning.lost(why, resend: resend)
                context.standardError.line("smokerun: error: \(lost)")
                if summary == .run, context.environment["GITHUB_ACTIONS"] == "true" {
                    context.standardOutput.line(GitHubAnnotations.smokerun(lost))
                }
            }
            // report.json records what was sent.
            if written, formats.contains(.json), !report.notifications.isEmpty {
                do {
                    try store.writeReports(report, in: folder, formats: [.json])
                } catch {
                    context.standardError.line(
                        "smokerun: warning: report.json does not record the notification: \(error.localizedDescription)"
                    )
                }
            }
        }
        switch summary {
        case .run:
            printSummary(report, folder: folder, written: written, notes: failures?.notes ?? [:])
        case .reportFolder:
            // `run`'s summary shows errors; a parse shows those finishing added (missing SQLite, history not written).
            for error in report.errors.dropFirst(errorsBefore) {
                context.standardError.line("smokerun: \(error.isNote ? "note" : "error"): \(error.message)")
            }
            context.standardOutput.line("report: \(folder.url.path)")
        }
        if let retention { prune(after: report, settings: retention) }
        if dashboard { writeDashboard() }
        let failure = Self.failure(of: report, coverageBelowMinimum: coverageBelowMinimum, strict: strict)
        return SmokeRun.Outcome(
            report: report, runDirectory: folder.url, failure: lostNotification ? .infrastructure : failure)
    }

    /// After a failed finish: reports already written say the old status, so each is removed (freeing space on a
    /// full disk) and written again as `error`; one that cannot be rewritten stays removed, never stale.
    private func correctReports(_ report: RunReport, in folder: RunDirectory, store: RunStore) {
        let file = { (format: ReportFormat) in folder.file(store.fileName(for: format)) }
        let present = formats.filter { PathKind.of(file($0)) == .file }
        // report.json goes first and comes back last, as always: its presence says the folder is complete.
        let ordered = present.filter { $0 != .json } + present.filter { $0 == .json }
        for format in ordered.reversed() { POSIXFile.remove(file(format)) }
        for format in ordered where (try? store.writeReports(report, in: folder, formats: [format])) == nil {
            POSIXFile.remove(file(format))
        }
    }

    /// The kind of trouble a finished report means for the exit status (nil: none); `parse --summary-only` asks it too.
    package static func failure(of report: RunReport, coverageBelowMinimum: Bool, strict: Bool) -> ErrorKind? {
        var failure: ErrorKind?
        switch report.status {
        case .passed: failure = coverageBelowMinimum ? .coverageBelowMinimum : nil
        case .failed, .interrupted: failure = .testsFailed
        case .error, .incomplete: failure = .infrastructure
        }
        // A framework that left no totals (`unverified`) disagrees with nothing: only counts that differ fail `--strict`.
        if strict, report.reconciliation?.disagrees == true, failure == nil || failure == .testsFailed {
            failure = .infrastructure
        }
        return failure
    }

    package func displayPath(_ url: URL) -> String { context.displayPath(url) }

    package func now() -> Date { context.clock.now }

    /// Collects coverage from the profiles, passing or failing (Documentation/Design.md §9); true when line coverage
    /// is below the minimum. A missing or broken tool is an infrastructure error.
    private func collectCoverage(
        _ coverage: (settings: CoverageSettings, driver: any TestDriver, pipeline: Pipeline), draft: RunDraft,
        into report: inout RunReport
    ) -> Bool {
        let runDirectory = draft.folder.url
        do {
            let tools = try coverage.driver.coverageTools(environment: context.environment, runner: context.runner)
            let root = coverage.driver.coverageRoot(of: coverage.pipeline, currentDirectory: context.currentDirectory)
            // The compiler records the package's real path: a project reached through a link is both.
            let scope = CoverageScope(
                root: root.path, include: coverage.settings.include, realRoot: POSIXFile.realPath(root.path))
            let collection = try CoverageCollector(tools: tools, runner: context.runner).collect(
                profiles: draft.profiles, binaries: draft.testBinaries, scope: scope, runDirectory: runDirectory)
            report.coverage = collection.summary
            report.errors += CoverageGaps.notes(skippedProfiles: collection.skippedProfiles, tests: report.tests)
            // So `smokerun merge` can merge this run's profile with other shards' and export it again.
            try? CoverageInputs(testBinaries: draft.testBinaries.map(\.path)).write(in: runDirectory)
            // Most of a run's size; coverage.profdata holds them merged.
            CoverageCollector.removeRawProfiles(in: runDirectory)
            // A shard covers part of the code by design; `smokerun merge` applies the gate to the whole run.
            // Decided on counts, as `smokerun coverage --min-lines` decides: 66.6% (6/9) is below 66.7%, and says so.
            if !isShard, let minimum = coverage.settings.minimumLines, let gate = CoverageGate(minimum) {
                let passes = gate.passes(collection.summary.lines)
                report.coverage?.minimumLines = gate.text
                report.coverage?.linesBelowMinimum = !passes
                if !passes {
                    context.standardError.line("smokerun: \(gate.failureMessage(collection.summary.lines))")
                    return true
                }
            }
        } catch {
            report.errors.append(InfrastructureError(message: "coverage: \(error.localizedDescription)"))
            if report.status != .interrupted { report.status = .error }
        }
        return false
    }

    /// Applies the pipeline's `retention` to the output folder; a failure is a warning, never the run's.
    private func prune(after report: RunReport, settings retention: RetentionSettings) {
        let pipelinePath = RetentionPolicy.pipelineIdentity(projectRoot: projectRoot, pipelineFile: report.pipelineFile)
        let outcome = RunPruner(outputDirectory: outputDirectory, history: history).prune(
            pipeline: report.pipeline, pipelinePath: pipelinePath, settings: retention, now: now(),
            current: report.runID)
        let err = context.standardError
        if !outcome.removed.isEmpty {
            let days = Int(exactly: retention.days).map(String.init) ?? String(retention.days)
            err.line(
                "retention: removed \(ReportText.count(outcome.removed.count, "old run")) (keeps \(retention.runs) runs, \(days) days)"
            )
        }
        if outcome.historyRunsDeleted > 0 {
            let days = Int(exactly: retention.historyDays).map(String.init) ?? String(retention.historyDays)
            err.line(
                "retention: deleted \(ReportText.count(outcome.historyRunsDeleted, "run")) older than \(days) days from the history (retention.historyDays)"
            )
        }
        for failure in outcome.failures { err.line("retention: warning: \(failure)") }
    }

    /// The dashboard site, after retention so removed runs show as pruned; a failure is a warning, never the run's.
    private func writeDashboard() {
        let site = OutputLayout(root: outputDirectory).site
        do {
            let origin = try DashboardGenerator.Origin(outputDirectory: outputDirectory, history: history)
            let result = try DashboardGenerator(siteDirectory: site).generate(from: [origin], pipelines: nil)
            for warning in result.warnings { context.standardError.line(warning) }
            context.standardOutput.line("dashboard: \(displayPath(site.appendingPathComponent(DashboardPaths.index)))")
        } catch {
            context.standardError.line(
                "smokerun: warning: the dashboard was not written: \(error.localizedDescription)")
        }
    }
}
