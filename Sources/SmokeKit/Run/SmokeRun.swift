import Foundation
import SmokeCore

/// One smoke run of one pipeline, start to finish; shared by `smokerun run` and the scheduler.
package struct SmokeRun: Sendable {
    package struct Options: Sendable {
        package var seed: UInt64?
        package var output: String?
        package var retries: Int?
        package var notify = true
        /// `-v`: also the lines that say nothing happened.
        package var verbose = false
        /// `--shard K/N`: run one slice of the suite.
        package var shard: ShardRecord?
        /// `--strict`: exit 3 when the counts disagree with the frameworks' own totals.
        package var strict = false
        /// `--workers`: test batches at once, over the pipeline's `ordering.workers`.
        package var workers: WorkerCount?
        /// smokerun's binary, started as `smokerun culprit` for `notify.findCulprit`; nil: no finder.
        package var finderExecutable: URL?

        package init() {}
    }

    package struct Outcome: Sendable {
        package var report: RunReport
        package var runDirectory: URL
        /// What went wrong, for the exit status; nil when the run passed.
        package var failure: ErrorKind?
    }

    var pipeline: Pipeline
    var options: Options
    var context: HostContext
    package var cancellation: CancellationFlag
    /// Records the run's test process groups (the run lock), so a later run can end leftovers on macOS.
    package var processGroups: (any ProcessGroupRecording)?
    /// What a killed earlier run left running and was ended before this one (`RunLock.endedLeftovers`): a note each.
    package var endedLeftovers: [String] = []
    var fileWriter: FileWriter = .system
    /// Active processors, what `workers: "auto"` resolves to; tests pass their own.
    var processors = ProcessInfo.processInfo.activeProcessorCount
    /// `<output>/env` as found, for report.json.
    private(set) var environmentFile: EnvironmentFileRecord?
    /// The environment plus `<output>/env`: for the notifier only, never the test processes (a test printing its
    /// environment must not put a secret into console.log) nor smokerun's settings. Nil: the context's.
    private(set) var notifyEnvironment: [String: String]?
    /// Why `<output>/env` was not used; the run goes on without it and says so.
    package private(set) var environmentFileProblem: EnvironmentFileError?
    /// The notifier's variables in a file refused for its mode: there, but not used.
    private(set) var refusedVariables: [String] = []
    /// The one warning about variables in `<output>/env` the notifier does not name.
    package private(set) var environmentFileWarning: String?

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

    package var history: any RunHistory {
        HistoryOpening.open(outputFolder: outputDirectory, library: context.sqlite)
    }

    /// Reads `<output>/env` for notifications (the process environment wins): malformed throws (`run` exits 2), a
    /// refused one is a warning and the run goes on without it.
    package mutating func loadEnvironmentFile(reader: EnvironmentFileReader = EnvironmentFileReader())
        throws(EnvironmentFileError)
    {
        let file = OutputLayout(root: outputDirectory).environmentFile
        let shown = finisher.displayPath(file)
        let loaded = try reader.load(
            file, displayPath: shown, into: context.environment,
            allowing: RequiredVariable.fileVariables(of: pipeline.notify))
        notifyEnvironment = loaded.environment
        environmentFile = loaded.record
        environmentFileProblem = loaded.refusal
        refusedVariables = loaded.refusedNames
        environmentFileWarning = loaded.ignoredWarning(file: shown)
    }

    /// The scheduler's form: a malformed file is only a warning, with no exit status to give it.
    package mutating func loadEnvironmentFileOrWarn() {
        do {
            try loadEnvironmentFile()
        } catch {
            environmentFileProblem = error
        }
    }

    /// Prepare, drive, finish: `RunPipeline` with a `LiveRun` source.
    package func execute() async -> Outcome {
        do {
            return try await RunPipeline.run(LiveRun(self))
        } catch {
            preconditionFailure("a live run says its errors in its report, never throws them: \(error)")
        }
    }

    package var finisher: RunFinisher {
        var finisher = RunFinisher(
            pipeline: pipeline, options: options, outputDirectory: outputDirectory, history: history, context: context)
        finisher.notifyEnvironment = notifyEnvironment
        finisher.environmentFileRefusal = environmentFileProblem.map { ($0, refusedVariables) }
        finisher.fileWriter = fileWriter
        finisher.cancellation = cancellation
        finisher.finder = options.finderExecutable.map(CulpritFinderLauncher.init(executable:))
        return finisher
    }
}
