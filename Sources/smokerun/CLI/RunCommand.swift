import Foundation
import SmokeCore
import SmokeKit

/// `smokerun run`: one smoke run of a pipeline, for cron and CI.
struct RunCommand: Command {
    static let name = "run"
    static let summary = "run a pipeline's tests once and write the reports"
    static let help = """
        Usage: smokerun run [PIPELINE] [--seed N] [--output DIR] [--no-notify] [--retries N] [--shard K/N]
                            [--workers N|auto] [--strict] [-v]

        Builds the pipeline's package, runs its tests in the pipeline's order on its pinned
        device profile, and writes <output>/runs/<runID>/ (report.json, junit.xml, summary.md,
        index.html, console.log, attachments/, coverage files).

          PIPELINE       pipeline file (default: Pipelines/smoke.json at the project root, found
                         upward from the current folder as SwiftPM finds Package.swift)
          --seed N       replay a random order (the seed a run printed first)
          --output DIR   output folder instead of the pipeline's "output"
          --retries N    re-run failed, crashed and timed-out tests up to N times
          --shard K/N    run only shard K of N: a deterministic slice balanced by the
                         durations in the history (merge the shards with smokerun merge)
          --workers N    run up to N test processes at once (default: the pipeline's
                         ordering.workers, 1); auto = one per processor
          --no-notify    do not post to the webhook
          -v, --verbose  also say what was not sent (a notification a passing run suppressed)
          --strict       exit 3 when smokerun's counts disagree with the frameworks' own totals

        Variables in <output>/env (KEY=VALUE lines, mode 600, e.g. the webhook URL) reach the
        notifications (not the tests) where the environment does not set them.

        Exit status: 0 passed, 1 tests failed, 2 invalid pipeline, 3 build or tool failure,
        4 coverage below its minimum.

        """

    /// Nil: the default pipeline of the project found upward from the current folder.
    var pipelinePath: String?
    var options: SmokeRun.Options

    init(arguments: [String]) throws(UsageError) {
        let arguments = arguments.map { $0 == "-v" ? "--verbose" : $0 }
        let parsed = try Arguments(
            arguments, options: ["seed", "output", "retries", "shard", "workers"],
            flags: ["no-notify", "verbose", "strict"])
        guard parsed.positionals.count <= 1 else {
            throw UsageError("run takes one pipeline file, got \(parsed.positionals.count)")
        }
        pipelinePath = parsed.positionals.first
        options = SmokeRun.Options()
        options.finderExecutable = CulpritFinderLauncher.ownExecutable()
        if let seed = parsed.value("seed") {
            guard let value = UInt64(seed) else {
                throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(seed)'")
            }
            options.seed = value
        }
        options.output = parsed.value("output")
        if let retries = try parsed.integer("retries") {
            guard (0...10).contains(retries) else { throw UsageError("--retries takes 0 to 10") }
            options.retries = retries
        }
        if let shard = parsed.value("shard") { options.shard = try ShardRecord.parse(shard) }
        if let workers = parsed.value("workers") {
            guard let count = WorkerCount.parse(workers) else {
                throw UsageError(
                    "--workers takes a whole number from 1 to \(WorkerCount.limit) or 'auto', not '\(workers)'")
            }
            options.workers = count
        }
        options.notify = !parsed.flag("no-notify")
        options.verbose = parsed.flag("verbose")
        options.strict = parsed.flag("strict")
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let (url, displayPath) = ProjectLocator.pipeline(pipelinePath, in: context)
        let pipeline = try PipelineLoader().load(url, displayPath: displayPath, checkingPaths: true)
        try OutputOption.check(
            options.output, projectRoot: pipeline.projectRoot(currentDirectory: context.currentDirectory), in: context)
        // A limit the environment gets wrong is refused before anything runs, as `parse` refuses it.
        _ = try AttachmentSourcePolicy.byteLimit(environment: context.environment)
        var run = SmokeRun(pipeline: pipeline, options: options, context: context, cancellation: CancellationFlag())
        try run.loadEnvironmentFile()
        // Never two runs of one pipeline at once, whether from cron, CI or `smokerun schedule`.
        let lock = try RunLock.acquire(
            at: RunLock.fileURL(outputDirectory: run.outputDirectory, pipeline: pipeline.key))
        defer { lock.release() }
        run.processGroups = lock
        run.endedLeftovers = lock.endedLeftovers
        let cancellation = run.cancellation
        let trap = SignalTrap.install { _ in cancellation.cancel() }
        defer { trap.release() }
        let outcome = await run.execute()
        return ExitCode(outcome.failure)
    }
}
