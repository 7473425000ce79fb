import Foundation
import SmokeCore
import SmokeKit

/// `smokerun schedule [PIPELINE…]`: the long-running scheduler service.
struct ScheduleCommand: Command {
    static let name = "schedule"
    static let summary = "run pipelines on their cron schedules until stopped"
    static let help = """
        Usage: smokerun schedule [PIPELINE…]

        Runs each pipeline on its cron schedule (in its timeZone) until SIGINT or SIGTERM, logging
        one line per event to standard error. PIPELINE defaults to every Pipelines/*.json.

        - Never two runs of one pipeline at once, also across processes (<output>/locks/<name>.lock).
        - A run still going when its next time comes makes that time be skipped.
        - After downtime, one catch-up run when a time was missed since the history's last run.
        - SIGINT/SIGTERM: the running run is stopped and written as interrupted; exit 0.
          A second signal stops without waiting. SIGHUP reloads the pipeline files.

        """

    private let files: [String]
    private let environment: ScheduleEnvironment

    init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments, environment: .live)
    }

    init(arguments: [String], environment: ScheduleEnvironment) throws(UsageError) {
        files = try Arguments(arguments).positionals
        self.environment = environment
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let pipelineFiles = PipelineFiles(paths: files, currentDirectory: context.currentDirectory)
        _ = try pipelineFiles.urls() // a default folder with no pipelines is a usage error, not an idle service
        _ = try AttachmentSourcePolicy.byteLimit(environment: context.environment) // refused now, not at 3 a.m.
        _ = try HistoryDetail(environment: context.environment)
        // A pipeline that is missing or invalid at start is a mistake to fix now, not a service that idles (exit 2).
        let environment = self.environment
        let loadChecked: @Sendable (URL) throws -> Pipeline = { url in
            let pipeline = try environment.loadPipeline(url)
            try environment.checkPipeline(pipeline, url)
            return pipeline
        }
        let initial = pipelineFiles.load(with: loadChecked)
        if !initial.failures.isEmpty {
            throw UsageError("schedule cannot start: " + initial.failures.map(\.message).joined(separator: "; "))
        }
        let standardError = context.standardError
        let outputDirectory: @Sendable (Pipeline) -> URL = { pipeline in
            let file =
                pipeline.sourcePath.map { URL(fileURLWithPath: $0) }
                ?? context.currentDirectory.appendingPathComponent("Pipelines/\(pipeline.name).json")
            return environment.outputDirectory(pipeline, file)
        }
        let scheduler = Scheduler(
            loadPipelines: { pipelineFiles.load(with: loadChecked) },
            runPipeline: environment.runPipeline,
            lastRun: { pipeline in
                HistoryOpening.open(outputFolder: outputDirectory(pipeline), library: context.sqlite).lastRunStart(
                    pipeline: pipeline.name)
            },
            lockFile: { pipeline in
                RunLock.fileURL(outputDirectory: outputDirectory(pipeline), pipeline: pipeline.key)
            },
            clock: environment.clock,
            log: { event, date in standardError.line(event.logLine(at: date)) })
        await scheduler.run(control: environment.controlRequests())
        return .passed
    }
}
