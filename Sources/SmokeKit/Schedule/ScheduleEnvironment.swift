import Foundation
import SmokeCore

/// What `smokerun schedule`, `next` and `install` need from the rest of smokerun: `live` wires in the real loader
/// and runner; tests pass their own, with a test clock and scripted control requests.
package struct ScheduleEnvironment: Sendable {
    /// Reads and validates one pipeline file; errors name the file and key.
    package var loadPipeline: @Sendable (URL) throws -> Pipeline
    /// Runs one pipeline as `smokerun run` does, *without* taking the run lock (the scheduler holds it).
    package var runPipeline: PipelineRunning
    package var outputDirectory: @Sendable (Pipeline, URL) -> URL
    package var clock: any SchedulerClock
    /// Stop/reload requests: SIGINT/SIGTERM/SIGHUP in production.
    package var controlRequests: @Sendable () -> AsyncStream<SchedulerControl>
    /// `argv[0]` of this process, for `install`.
    package var invokedAs: String
    /// Checks what a loaded pipeline names on disk (`output`, `packagePath`) before it is scheduled.
    package var checkPipeline: @Sendable (Pipeline, URL) throws -> Void

    init(
        loadPipeline: @escaping @Sendable (URL) throws -> Pipeline,
        runPipeline: @escaping PipelineRunning,
        outputDirectory: @escaping @Sendable (Pipeline, URL) -> URL = ScheduleEnvironment.defaultOutputDirectory,
        clock: any SchedulerClock = SystemSchedulerClock(),
        controlRequests: @escaping @Sendable () -> AsyncStream<SchedulerControl> = {
            SignalTrap.stream([SIGINT: .stop, SIGTERM: .stop, SIGHUP: .reload])
        },
        invokedAs: String = CommandLine.arguments.first ?? "smokerun",
        checkPipeline: @escaping @Sendable (Pipeline, URL) throws -> Void = { _, _ in }
    ) {
        self.checkPipeline = checkPipeline
        self.loadPipeline = loadPipeline
        self.runPipeline = runPipeline
        self.outputDirectory = outputDirectory
        self.clock = clock
        self.controlRequests = controlRequests
        self.invokedAs = invokedAs
    }

    /// The real world: `PipelineLoader`, and `SmokeRun` as `smokerun run` uses it, inside the pipeline's lock.
    package static var live: ScheduleEnvironment {
        ScheduleEnvironment(
            loadPipeline: { url in try PipelineLoader().load(url) },
            runPipeline: { pipeline, cancellation, processGroups in
                let context = HostContext()
                var options = SmokeRun.Options()
                options.finderExecutable = CulpritFinderLauncher.ownExecutable()
                var run = SmokeRun(pipeline: pipeline, options: options, context: context, cancellation: cancellation)
                // Read at every run, so a webhook URL added to <output>/env reaches the next run without a restart.
                run.loadEnvironmentFileOrWarn()
                run.processGroups = processGroups
                run.endedLeftovers = (processGroups as? RunLock)?.endedLeftovers ?? []
                let outcome = await run.execute()
                return RunOutcome(
                    status: outcome.report.status,
                    reportPath: RunDirectory(outcome.runDirectory).report.path)
            },
            checkPipeline: { pipeline, url in
                try PipelineLoader().checkPaths(
                    pipeline, file: url.path,
                    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            })
    }

    /// `output` when absolute; else relative to the project root, the folder holding `Pipelines/` (else the file's).
    static let defaultOutputDirectory: @Sendable (Pipeline, URL) -> URL = { pipeline, file in
        var pipeline = pipeline
        pipeline.sourcePath = pipeline.sourcePath ?? file.path
        return pipeline.resolve(pipeline.output, currentDirectory: file.deletingLastPathComponent())
    }

    package static func projectRoot(of pipelineFile: URL) -> URL {
        var pipeline = Pipeline(name: "", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        pipeline.sourcePath = pipelineFile.standardizedFileURL.path
        return pipeline.projectRoot(currentDirectory: pipelineFile.deletingLastPathComponent())
    }
}
