import Foundation

/// What `smokerun schedule`, `next` and `install` need from the rest of smokerun.
///
/// PLACEHOLDER SEAM: the pipeline loader and the runner live outside Schedule/. `live` holds
/// stand-ins that fail with a clear message until the lead wires the real ones in.
package struct ScheduleEnvironment: Sendable {
    /// Reads and validates one pipeline file (`PipelineLoader`); errors name the file and key.
    package var loadPipeline: @Sendable (URL) throws -> Pipeline
    /// Runs one pipeline as `smokerun run` does, *without* taking the run lock (the scheduler
    /// holds it); on cancellation it stops the tests and writes an `interrupted` report.
    package var runPipeline: PipelineRunning
    /// The absolute output folder of a pipeline read from the given file.
    package var outputDirectory: @Sendable (Pipeline, URL) -> URL
    package var clock: any SchedulerClock
    /// Stop/reload requests: SIGINT/SIGTERM/SIGHUP in production.
    package var controlRequests: @Sendable () -> AsyncStream<SchedulerControl>
    /// `argv[0]` of this process, resolved by `ExecutableLocator` for `install`.
    package var invokedAs: String

    package init(
        loadPipeline: @escaping @Sendable (URL) throws -> Pipeline,
        runPipeline: @escaping PipelineRunning,
        outputDirectory: @escaping @Sendable (Pipeline, URL) -> URL = ScheduleEnvironment.defaultOutputDirectory,
        clock: any SchedulerClock = SystemSchedulerClock(),
        controlRequests: @escaping @Sendable () -> AsyncStream<SchedulerControl> = SignalControl.stream,
        invokedAs: String = CommandLine.arguments.first ?? "smokerun"
    ) {
        self.loadPipeline = loadPipeline
        self.runPipeline = runPipeline
        self.outputDirectory = outputDirectory
        self.clock = clock
        self.controlRequests = controlRequests
        self.invokedAs = invokedAs
    }

    /// The real world. TODO(lead): `loadPipeline` → `PipelineLoader`, `runPipeline` → the run
    /// pipeline (without its lock), `outputDirectory` → the loader's own resolution if it differs.
    package static var live: ScheduleEnvironment {
        ScheduleEnvironment(
            loadPipeline: { url in throw ScheduleEnvironmentError.notWired("the pipeline loader", url.path) },
            runPipeline: { pipeline, _ in
                RunOutcome(status: .error, message: ScheduleEnvironmentError.notWired("the runner", pipeline.name).localizedDescription)
            })
    }

    /// `output` as given when absolute; else relative to the project root, the folder that holds
    /// `Pipelines/` (or the pipeline file's own folder when it is not in one).
    package static let defaultOutputDirectory: @Sendable (Pipeline, URL) -> URL = { pipeline, file in
        if pipeline.output.hasPrefix("/") { return URL(fileURLWithPath: pipeline.output).standardizedFileURL }
        return projectRoot(of: file).appendingPathComponent(pipeline.output).standardizedFileURL
    }

    /// The folder a pipeline file's relative paths start from.
    package static func projectRoot(of pipelineFile: URL) -> URL {
        let folder = pipelineFile.standardizedFileURL.deletingLastPathComponent()
        return folder.lastPathComponent == "Pipelines" ? folder.deletingLastPathComponent() : folder
    }
}

/// A seam of `ScheduleEnvironment.live` that has not been connected yet.
package enum ScheduleEnvironmentError: LocalizedError, ExitCodeProviding {
    case notWired(String, String)

    package var exitCode: ExitCode { .infrastructure }

    package var errorDescription: String? {
        switch self {
        case .notWired(let piece, let subject): "\(subject): \(piece) is not connected to the scheduler in this build"
        }
    }
}
