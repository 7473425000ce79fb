import SmokeKit

/// `smokerun merge DIR…`: joins the run directories of a sharded run into one run.
struct MergeCommand: Command {
    static let name = "merge"
    static let summary = "join the run directories of shards into one run"
    static let help = """
        Usage: smokerun merge RUN… [--output DIR] [--pipeline FILE] [--binary PATH]… [--no-notify]

        Joins the runs of `smokerun run --shard K/N` (run directories, or run ids under the
        output folder) into one new run under <output>/runs/: one report.json, junit.xml,
        summary.md and index.html, every attachment copied, the console logs one after the
        other, a history line and one notification (the same shards merged again write and send
        nothing, and exit as that run did). Coverage comes from the shards' profiles
        merged with llvm-profdata and exported again against the test binaries the shards
        recorded — never from averaged percentages.

          RUN              a shard's run directory, its report.json, or its run id
          --output DIR     where the merged run goes (default: the pipeline's output)
          --pipeline FILE  the pipeline whose reports, coverage include paths and webhook are
                           used (default: the one the shards recorded in report.json; a
                           warning says when that file changed since)
          --binary PATH    the instrumented test binary to export coverage against, instead of
                           the one the shards recorded (when merging on another machine)
          --no-notify      do not post to the webhook

        SIGINT/SIGTERM before the merged reports are written remove the half-made run
        directory (exit 3); once writing has begun it finishes, each file written atomically.

        Exit status as for run: 0 passed, 1 tests failed, 2 invalid input (shards that ran
        different pipeline files or seeds are not one run), 3 infrastructure (a missing shard
        is one), 4 coverage below its minimum.

        """

    var runs: [String]
    var pipelinePath: String?
    var options = SmokeRun.Options()
    var binaries: [String]
    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "pipeline", "binary"], flags: ["no-notify"])
        guard !parsed.positionals.isEmpty else {
            throw UsageError("merge takes the shards' run directories (smokerun merge DIR… --output DIR)")
        }
        (runs, pipelinePath, binaries) = (parsed.positionals, parsed.value("pipeline"), parsed.values("binary"))
        (options.output, options.notify) = (parsed.value("output"), !parsed.flag("no-notify"))
    }

    func run(in context: HostContext) async throws -> ExitCode {
        try OutputOption.check(options.output, projectRoot: context.currentDirectory, in: context)
        let shards = try RecordedPipeline.shards(runs, pipelinePath: pipelinePath, output: options.output, context)
        let cancellation = CancellationFlag()
        let trap = SignalTrap.install { _ in cancellation.cancel() }
        defer { trap.release() }
        let source = try MergedShards(shards, binaries: binaries, options: options, context, cancellation)
        do {
            return ExitCode(try await RunPipeline.run(source).failure)
        } catch is MergeInterrupted {
            return .infrastructure
        } catch let repeated as MergeRepeated {
            let run = repeated.run
            context.standardError.line(
                """
                merge: these shards were merged before, as run \(run.runID) (\(run.path), \(run.status.rawValue)): \
                nothing was written or sent again
                """)
            return ExitCode(run.status)
        }
    }
}
