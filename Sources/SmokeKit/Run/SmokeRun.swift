import Foundation
import SmokeCore

/// One smoke run of one pipeline, start to finish: the driver, attachments, coverage, reports,
/// history and the webhook. Shared by `smokerun run` and the scheduler.
package struct SmokeRun: Sendable {
    package struct Options: Sendable {
        package var seed: UInt64?
        package var output: String?
        package var retries: Int?
        package var notify = true
        /// `-v`: also the lines that say nothing happened (a notification not sent).
        package var verbose = false
        /// Run one slice of the suite (`--shard K/N`).
        package var shard: ShardRecord?
        /// Exit 3 when the counts disagree with the frameworks' own totals (`--strict`).
        package var strict = false
        /// How many test batches run at once (`--workers`), over the pipeline's `ordering.workers`.
        package var workers: WorkerCount?

        package init() {}
    }

    package struct Outcome: Sendable {
        var report: RunReport
        var runDirectory: URL
        /// What went wrong, for the exit status; `nil` when the run passed.
        package var failure: ErrorKind?
    }

    var pipeline: Pipeline
    var options: Options
    var context: HostContext
    package var cancellation: CancellationFlag
    package var now: @Sendable () -> Date = { Date() }
    /// Records the run's test process groups (the run lock), so a later run can end leftovers on macOS.
    package var processGroups: (any ProcessGroupRecording)?
    /// Every byte the run writes into its output folder goes through it; tests fail it like a full disk.
    var fileWriter: FileWriter = .system
    /// How xcodebuild runs read their result bundles; tests pass a fake.
    /// The machine's active processors, what `workers: "auto"` resolves to; tests pass their own.
    var processors = ProcessInfo.processInfo.activeProcessorCount
    var resultBundleReader: @Sendable (any CommandRunning, [String: String]) -> any ResultBundleReading =
        ResultBundleReaderChoice.standard

    package init(pipeline: Pipeline, options: Options, context: HostContext, cancellation: CancellationFlag) {
        var pipeline = pipeline
        if let retries = options.retries { pipeline.retries.failed = retries }
        if let workers = options.workers { pipeline.ordering.workers = workers }
        self.pipeline = pipeline
        self.options = options
        self.context = context
        self.cancellation = cancellation
    }

    package var outputDirectory: URL {
        if let output = options.output { return context.url(for: output) }
        return pipeline.resolve(pipeline.output, currentDirectory: context.currentDirectory)
    }

    package func execute() async -> Outcome {
        let err = context.standardError
        let startedAt = now()
        let seed = SeedSource.seed(flag: options.seed, pipeline: pipeline.ordering)
        let ordering = OrderingRecord(mode: pipeline.ordering.mode, isolation: pipeline.ordering.isolation, seed: seed)
        // Read and hashed once, at the start: the report names the configuration that ran, even if the file
        // is edited during a long run.
        let pipelineFile = pipelineFileRecord
        if let seed {
            // First, before anything can fail: the seed is what makes this run replayable.
            let replay =
                ReplayCommand.text(pipelineFile: pipelineFile?.path, seed: seed).map { " (replay: \($0))" } ?? ""
            err.line("smokerun: seed \(seed)\(replay)")
        } else {
            err.line("smokerun: declared order")
        }
        let runID = RunID.make(date: startedAt, suffix: RunID.randomSuffix())
        let store = RunStore(outputDirectory: outputDirectory, writer: fileWriter)
        var runDirectory = outputDirectory.appendingPathComponent(RunStore.relativePath(runID: runID))
        var errors: [InfrastructureError] = []
        var driverResult = DriverResult(device: HostDevice.resolve(pipeline.device, environment: context.environment))
        // A pipeline pinning several devices runs the test phase once on each (xcodebuild only).
        var deviceParts: [DeviceRuns.Part] = []
        do {
            runDirectory = try store.createRunDirectory(runID: runID)
            try FileManager.default.createDirectory(
                at: RunDirectory(runDirectory).profiles, withIntermediateDirectories: true)
            let console = try ConsoleLog(url: RunDirectory(runDirectory).consoleLog, writer: fileWriter)
            var limits = RunLimits(
                testSeconds: pipeline.timeouts.testSeconds,
                runDeadline: startedAt.addingTimeInterval(pipeline.timeouts.runSeconds), cancellation: cancellation)
            limits.processGroups = processGroups
            limits.graceSeconds = pipeline.timeouts.graceSeconds
            let progress = ProgressPrinter(
                output: err, githubActions: context.environment["GITHUB_ACTIONS"] == "true",
                style: TerminalStyle(output: err, environment: context.environment))
            var runContext = RunContext(
                pipeline: pipeline, seed: seed, runDirectory: runDirectory, currentDirectory: context.currentDirectory,
                environment: context.environment, runner: context.runner, limits: limits, console: console,
                progress: { test, position, total in progress.finished(test, position: position, total: total) },
                status: { progress.status($0) })
            runContext.workers = pipeline.ordering.workers.resolved(processors: processors)
            if let shard = options.shard { runContext.shard = shard }
            // Shards and workers are balanced by the durations the history recorded.
            if options.shard != nil || runContext.workers > 1 { runContext.durations = shardDurations() }
            switch pipeline.driver {
            case .swiftpm(let settings):
                let driver = SwiftPMDriver(settings: settings, context: runContext)
                driverResult = await BlockingWork.run { driver.run() }
            case .xcodebuild(let settings):
                let reader = resultBundleReader(context.runner, context.environment)
                let context = runContext
                let parts = await BlockingWork.run {
                    DeviceRuns.run(context: context) { one, folder in
                        var driver = XcodebuildDriver(settings: settings, context: one, reader: reader)
                        driver.deviceFolder = folder
                        return driver.run()
                    }
                }
                deviceParts = parts
                driverResult = DeviceRuns.join(parts, fallback: driverResult)
            }
            progress.clear()
            if let failure = console.failure {
                errors.append(
                    InfrastructureError(message: "console.log is incomplete: \(failure.localizedDescription)"))
            }
        } catch {
            errors.append(
                InfrastructureError(
                    message: "cannot prepare the run directory \(runDirectory.path): \(error.localizedDescription)"))
        }
        errors += driverResult.errors

        var tests: [TestResult] = []
        for group in DeviceRuns.groups(driverResult, deviceParts) {
            var groupTests = group.tests
            // Only files the run itself produced (under its own directory) are copied: a test cannot smuggle others in.
            let sources = AttachmentSourcePolicy(allowedFolders: [runDirectory]).filter(group.attachments)
            errors += sources.refused
            errors += AttachmentStore(writer: fileWriter).attach(sources.allowed, to: &groupTests, in: runDirectory)
            tests += groupTests
        }

        let finishedAt = now()
        var report = RunReport(
            pipeline: pipeline.name, runID: runID, status: .passed, startedAt: startedAt, finishedAt: finishedAt,
            seed: seed, ordering: ordering, environment: pipeline.environment, device: driverResult.device,
            toolchain: driverResult.toolchain, tests: tests, errors: errors)
        report.shard = options.shard
        (report.pipelineFile, report.pipelineHash) = (pipelineFile?.path, pipelineFile?.hash)
        report.status =
            driverResult.interrupted || cancellation.isCancelled
            ? .interrupted : RunReport.status(of: tests, errors: errors)
        // The console is a log too: what the frameworks said in it, checked after the status is decided (a
        // disagreement is listed and warned about, never turns a passing run into an error; `--strict` fails it).
        let console = RunDirectory(runDirectory).consoleLog
        report.inputs = [
            InputRecord(
                path: RunDirectory.consoleLogName, format: LogFormat.console.rawValue,
                unrecognizedLines: driverResult.unrecognizedLines)
        ]
        // Only where the tests' results were read from that console (SwiftPM). An xcodebuild run's results come
        // from its result bundles (its console holds xcodebuild's own retelling of every invocation): they are
        // checked against the bundles' own summary counts instead.
        if case .swiftpm = pipeline.driver {
            report.reconciliation = Reconciliation.compare(
                LogParser.frameworkCounts(of: console, named: RunDirectory.consoleLogName), with: tests)
        } else {
            report.reconciliation = Reconciliation.compare(bundles: driverResult.bundles)
        }
        for warning in report.listDisagreements() { err.line(warning) }
        return await finish(report, runDirectory: runDirectory, driverResult: driverResult)
    }

    /// The durations the pipeline's history recorded, newest per test; none when there is no history yet.
    private func shardDurations() -> [String: Double] {
        let history = (try? HistoryStore.read(outputDirectory: outputDirectory, pipeline: pipeline.name)) ?? []
        return ShardPlanner.durations(from: history)
    }

    /// The pipeline file as the report records it; nil for a pipeline not read from a file.
    var pipelineFileRecord: PipelineFileRecord? {
        PipelineFileRecord(pipeline, currentDirectory: context.currentDirectory)
    }
}
