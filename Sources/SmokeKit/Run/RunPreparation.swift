import Foundation
import SmokeCore

/// The start of a live run: the seed (said first, so any run can be replayed) and progress line, then the console
/// log and deadlines in the folder, handed to the driver as a `RunContext`.
struct RunPreparation {
    var pipeline: Pipeline
    var options: SmokeRun.Options
    var context: HostContext
    var outputDirectory: URL
    /// Where shards and workers read the tests' durations.
    var history: any RunHistory
    var cancellation: CancellationFlag
    var processGroups: (any ProcessGroupRecording)?
    var fileWriter: FileWriter
    var processors: Int
    var startedAt: Date

    /// What the report records of the run's start, and the progress line.
    struct Started {
        var seed: UInt64?
        var ordering: OrderingRecord
        var pipelineFile: PipelineFileRecord?
        var progress: ProgressPrinter
    }

    /// The driver's context in the run folder, unless it could not be prepared (then `errors` says why).
    struct Opened {
        var runContext: RunContext?
        var console: ConsoleLog?
        var errors: [InfrastructureError] = []
    }

    func start() -> Started {
        let err = context.standardError
        let seed = SeedSource.seed(flag: options.seed, pipeline: pipeline.ordering)
        // Read and hashed once at the start: the report names the configuration that ran, even if edited meanwhile.
        let pipelineFile = PipelineFileRecord(pipeline, currentDirectory: context.currentDirectory)
        if let seed {
            // First, before anything can fail: the seed makes the run replayable. No promise where the package's own
            // main (an older LinuxMain) may decide the order.
            // The terminal's replay names the file as this folder reaches it (reports name it from the project root).
            let here = pipeline.sourcePath.map { context.displayPath(URL(fileURLWithPath: $0)) }
            // With the flags that shaped the order: the same seed over another worker count deals other sequences.
            var flags = options.workers.map { ["--workers", $0.argument] } ?? []
            if let shard = options.shard { flags += ["--shard", shard.description] }
            let command = ReplayCommand.text(pipelineFile: here ?? pipelineFile?.path, seed: seed)
                .map { ([$0] + flags).joined(separator: " ") }
            let replay = ownEntryPoint ? "" : command.map { " (replay: \($0))" } ?? ""
            err.line("smokerun: seed \(seed)\(replay)")
        } else {
            err.line("smokerun: declared order")
            let file = pipeline.sourcePath.map { context.displayPath(URL(fileURLWithPath: $0)) } ?? "the pipeline"
            if let unused = SeedSource.unusedFlagWarning(flag: options.seed, pipeline: pipeline.ordering, file: file) {
                err.line(unused)
            }
        }
        let progress = ProgressPrinter(
            output: err, githubActions: context.environment["GITHUB_ACTIONS"] == "true",
            style: TerminalStyle(output: err, environment: context.environment),
            now: { [clock = context.clock] in clock.now },
            dumbTerminal: context.environment["TERM"] == "dumb")
        return Started(
            seed: seed,
            ordering: OrderingRecord(mode: pipeline.ordering.mode, isolation: pipeline.ordering.isolation, seed: seed),
            pipelineFile: pipelineFile, progress: progress)
    }

    /// The profiles folder, console log and driver context in `folder`; `problem` says why it could not be made.
    func open(_ folder: RunDirectory, problem: String?, started: Started) -> Opened {
        var opened = Opened()
        let cannotPrepare = { (reason: String) in
            opened.errors.append(
                InfrastructureError(message: "cannot prepare the run directory \(folder.url.path): \(reason)"))
        }
        if let problem {
            cannotPrepare(problem)
            return opened
        }
        do {
            try FileManager.default.createDirectory(at: folder.profiles, withIntermediateDirectories: true)
            let console = try ConsoleLog(url: folder.consoleLog, writer: fileWriter)
            opened.console = console
            opened.runContext = runContext(
                runDirectory: folder.url, seed: started.seed, console: console, progress: started.progress)
        } catch {
            cannotPrepare(error.localizedDescription)
        }
        return opened
    }

    /// Whether a SwiftPM package has `Tests/LinuxMain.swift`, whose `XCTMain` picks the test order.
    private var ownEntryPoint: Bool {
        guard let package = context.drivers.make(for: pipeline).testBinaryPackage else { return false }
        let root = pipeline.resolve(package.packagePath, currentDirectory: context.currentDirectory)
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Tests/LinuxMain.swift").path)
    }

    private func runContext(runDirectory: URL, seed: UInt64?, console: ConsoleLog, progress: ProgressPrinter)
        -> RunContext
    {
        var limits = RunLimits(
            testSeconds: pipeline.timeouts.testSeconds,
            runDeadline: startedAt.addingTimeInterval(pipeline.timeouts.runSeconds), cancellation: cancellation)
        limits.processGroups = processGroups
        limits.graceSeconds = pipeline.timeouts.graceSeconds
        var runContext = RunContext(
            pipeline: pipeline, seed: seed, runDirectory: runDirectory, currentDirectory: context.currentDirectory,
            environment: context.environment, runner: context.runner, limits: limits, console: console,
            progress: { test, position, total in progress.finished(test, position: position, total: total) },
            status: { progress.status($0) })
        runContext.started = { id, position, total in progress.started(id, position: position, total: total) }
        runContext.phase = { progress.phase($0) }
        runContext.workers = pipeline.ordering.workers.resolved(processors: processors)
        if let shard = options.shard { runContext.shard = shard }
        // Shards and workers are balanced by recorded durations, newest per planned test; none without history. A
        // seed given again deals them as its first run did, from the durations recorded before it: else the same
        // seed would give another split whenever the last run's timings moved.
        if options.shard != nil || runContext.workers > 1 {
            let (history, name) = (history, pipeline.name)
            let given = (options.seed ?? pipeline.ordering.seed).flatMap {
                Self.durations(beforeSeed: $0, pipeline: name, history: history)
            }
            runContext.durations = { ids in
                let wanted = Set(ids)
                return given.map { known in known.filter { wanted.contains($0.key) } }
                    ?? history.durations(pipeline: name, testIDs: wanted)
            }
        }
        return runContext
    }
}

extension RunPreparation {
    /// The durations the first run of `pipeline` with `seed` was dealt by: each test's newest in the 50 runs before
    /// it. Nil when no run has that seed (or the history cannot be read): a new seed uses the newest durations.
    static func durations(beforeSeed seed: UInt64, pipeline: String, history: any RunHistory) -> [String: Double]? {
        guard let runs = try? history.contents(pipeline: pipeline, since: nil, last: nil, perTest: false).entries,
            let first = runs.filter({ $0.seed == seed }).min(by: { $0.startedAt < $1.startedAt }),
            let before = try? history.entries(pipeline: pipeline, before: first.startedAt, last: 50)
        else { return nil }
        // Oldest first, so that each test's newest duration wins.
        return ShardPlanner.durations(from: before.sorted { $0.startedAt < $1.startedAt })
    }
}
