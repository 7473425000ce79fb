import Foundation
import SmokeCore
import SmokeKit

/// `smokerun notify [RUN] [--dry-run] [--flush] …`: sends (or prints) a run's notification, or retries the outbox.
struct NotifyCommand: Command {
    static let name = "notify"
    static let summary = "send (or print) a run's webhook notification, or flush the outbox"
    static let help = """
        Usage: smokerun notify [RUN] [--dry-run] [--flush] [--output DIR] [--pipeline FILE]

        Sends the notification for RUN (a run id under OUTPUT/runs/, a run directory, or a report.json;
        default: OUTPUT/latest) to the webhook whose URL is in the environment variable the pipeline
        names (notify.webhookURLEnvironment, default SMOKERUN_WEBHOOK_URL), or in OUTPUT/env when the
        environment does not set it, as for `run`. The URL is never printed.
        The run's own output folder (the one holding its runs/) gives the history and the report link,
        and the pipeline the run recorded gives the settings (--pipeline overrides); the first line says
        which were used.
        A message sent this way ignores notify.on and the reminder interval, and is not remembered as
        announced. For a run that is not the pipeline's newest, it says what the runs before it showed
        (a failure that began later is never its to recover from). What cannot be delivered is kept
        in OUTPUT/outbox/.

        Options:
          --dry-run        print the message body instead of sending it (no URL needed)
          --flush          retry the notifications waiting in OUTPUT/outbox/ and exit
          --output DIR     the output folder (default: the pipeline's, else .smokerun)
          --pipeline FILE  the pipeline whose notify settings apply

        Exit status: 0 sent (or printed), 2 no such run or bad settings, 3 not delivered.

        """

    typealias SettingsResolver =
        @Sendable (_ pipelinePath: String?, _ context: HostContext) throws -> NotifyPipelineReader.Result

    /// Reads `notify` and `output` from the pipeline file; defaults without one.
    static let defaultSettingsResolver: SettingsResolver = { path, context in
        guard let path else {
            return NotifyPipelineReader.Result(output: OutputLayout.defaultOutput, notify: NotifySettings())
        }
        return try NotifyPipelineReader.read(context.url(for: path))
    }

    var run: String?
    var dryRun: Bool
    var flush: Bool
    var output: String?
    var pipeline: String?
    var resolveSettings: SettingsResolver
    var notifier: Notifier

    package init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments, resolveSettings: Self.defaultSettingsResolver, notifier: Notifier())
    }

    init(arguments: [String], resolveSettings: @escaping SettingsResolver, notifier: Notifier) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "pipeline"], flags: ["dry-run", "flush"])
        guard parsed.positionals.count <= 1 else {
            throw UsageError(
                "takes at most one RUN, got \(parsed.positionals.count): \(parsed.positionals.joined(separator: " "))")
        }
        run = parsed.positionals.first
        dryRun = parsed.flag("dry-run")
        flush = parsed.flag("flush")
        if flush && (dryRun || run != nil) {
            throw UsageError("--flush sends the outbox; it takes no RUN and no --dry-run")
        }
        output = parsed.value("output")
        pipeline = parsed.value("pipeline")
        self.resolveSettings = resolveSettings
        self.notifier = notifier
    }

    func run(in context: HostContext) async throws -> ExitCode {
        var resolved = try resolveSettings(pipeline, context)
        _ = try AttachmentSourcePolicy.byteLimit(environment: context.environment)
        // SIGINT/SIGTERM end a wait between attempts at once; what is not delivered stays in the outbox.
        let cancellation = CancellationFlag()
        let trap = SignalTrap.install { _ in cancellation.cancel() }
        defer { trap.release() }
        let notifier = self.notifier.cancelled(by: cancellation)
        var outputDirectory = context.url(for: output ?? resolved.output)
        var report: RunReport?
        if !flush {
            // The run's own output folder and pipeline: its history says if a failure is new; the report link is there.
            let runDirectory = try RunDirectoryLocator.resolve(
                run, outputDirectory: outputDirectory, resolvePath: context.url(for:))
            let loaded = try RunReportFile.load(at: runDirectory)
            outputDirectory = RunDirectoryLocator.outputFolder(of: runDirectory) ?? outputDirectory
            var settingsShown = pipeline ?? "notify defaults (no pipeline)"
            if pipeline == nil, loaded.pipelineFile != nil {
                do {
                    let (file, shown) = try RecordedPipeline.file(
                        for: loaded, runDirectory: runDirectory, given: nil, context: context)
                    resolved = try resolveSettings(file.path, context)
                    settingsShown = shown
                } catch let error as RecordedPipelineError {
                    let tried = error.tried.joined(separator: ", ")
                    settingsShown = "notify defaults (the run's \(error.recorded) is not there; looked for \(tried))"
                }
            }
            let folder = context.displayPath(outputDirectory)
            context.standardError.line(
                "notify: run \(loaded.runID): history and report link from \(folder), settings from \(settingsShown)")
            report = loaded
        }
        // The webhook URL where `run` finds it: the environment, then <output>/env (the notifier's variables only).
        let file = OutputLayout(root: outputDirectory).environmentFile
        let shown = context.displayPath(file)
        let loaded = try EnvironmentFileReader().load(
            file, displayPath: shown, into: context.environment,
            allowing: RequiredVariable.fileVariables(of: resolved.notify))
        if let refusal = loaded.refusal {
            context.standardError.line("notify: warning: \(refusal.localizedDescription)")
        }
        if let warning = loaded.ignoredWarning(file: shown) {
            context.standardError.line("notify: warning: \(warning)")
        }
        var notifyContext = context
        notifyContext.environment = loaded.environment
        guard let report else { return await flushOutbox(outputDirectory, resolved, notifier, notifyContext) }

        let runHistory = HistoryOpening.open(outputFolder: outputDirectory, library: context.sqlite)
        let history = runHistory.notificationHistory(of: report)
        let key = resolved.pipeline ?? Notifier.key(of: report, projectRoot: resolved.projectRoot)
        // The runs before this one, as after a run: a known-flaky failure is never announced as new.
        let runs = resolved.notify.flakyWindowRuns
        let window = runHistory.flakeWindow(of: report, runs: runs)
        // What is open now is the newest run's news; an earlier run is planned from the runs before it.
        // Not the run itself: report.json keeps whole seconds, the history the run's exact start.
        let newest = (try? runHistory.runs(pipeline: report.pipeline))?.last {
            $0.runID != report.runID && $0.startedAt > report.startedAt
        }
        if let newest {
            context.standardError.line(
                """
                notify: run \(report.runID) is not the newest run of \(report.pipeline) (\(newest.runID) is): the \
                message says what the runs before it showed, not what is open now
                """)
        }
        let state = NotifyState.planned(
            for: report, current: NotifyStateStore(outputDirectory: outputDirectory, pipeline: key).load(),
            isNewest: newest == nil, window: window)
        let plan = NotificationPolicy.plan(
            report: report, history: history, state: state, window: window, windowRuns: runs)
        if dryRun {
            let body = Notifier.render(
                report: report, plan: plan, settings: resolved.notify, outputDirectory: outputDirectory,
                environment: notifyContext.environment, projectRoot: resolved.projectRoot)
            context.standardOutput.line(String(decoding: body, as: UTF8.self))
            let decision = NotificationPolicy.decide(
                report: report, history: history, state: state, settings: resolved.notify, now: SystemClock.now(),
                window: window)
            if let reason = decision.reason {
                context.standardError.line("notify: after a run this would not be sent: \(reason)")
            }
            return .passed
        }
        let record = await notifier.send(
            report: report, plan: plan, settings: resolved.notify, outputDirectory: outputDirectory,
            environment: notifyContext.environment, projectRoot: resolved.projectRoot, pipeline: key
        )
        context.standardError.line(Notifier.describe(record))
        if let name = record.missingVariable {
            let refusal = loaded.refusal.map { ($0, loaded.refusedNames) }
            context.standardError.line("notify: \(NotifyWarning.missingVariable(name, file: shown, refusal: refusal))")
        }
        switch record.outcome {
        case .delivered: return .passed
        case .suppressed: return .invalidInput
        default: return .infrastructure
        }
    }

    private func flushOutbox(
        _ outputDirectory: URL, _ resolved: NotifyPipelineReader.Result, _ notifier: Notifier, _ context: HostContext
    ) async -> ExitCode {
        let records = await notifier.flushOutbox(
            outputDirectory: outputDirectory, environment: context.environment, settings: resolved.notify,
            pipeline: resolved.pipeline)
        if records.isEmpty { context.standardError.line("notify: the outbox is empty") }
        for record in records { context.standardError.line(Notifier.describe(record)) }
        let waiting = Outbox(outputDirectory: outputDirectory).items()
        if !waiting.items.isEmpty {
            context.standardError.line("notify: \(waiting.items.count) notification(s) still in the outbox")
        }
        return records.allSatisfy { $0.outcome == .delivered } && waiting.items.isEmpty ? .passed : .infrastructure
    }

}
