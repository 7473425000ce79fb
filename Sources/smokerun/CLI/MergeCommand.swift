import Foundation
import SmokeCore
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
        other, a history line and one notification. Coverage comes from the shards' profiles
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

        Exit status as for run: 0 passed, 1 tests failed, 2 invalid input, 3 infrastructure
        (a missing shard is one), 4 coverage below its minimum.

        """

    var runs: [String]
    /// Nil: the pipeline the first shard recorded (report.json `pipelineFile`), else the project's default.
    var pipelinePath: String?
    var options: SmokeRun.Options
    var binaries: [String]

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "pipeline", "binary"], flags: ["no-notify"])
        guard !parsed.positionals.isEmpty else {
            throw UsageError("merge takes the shards' run directories (smokerun merge DIR… --output DIR)")
        }
        runs = parsed.positionals
        pipelinePath = parsed.value("pipeline")
        binaries = parsed.values("binary")
        options = SmokeRun.Options()
        options.output = parsed.value("output")
        options.notify = !parsed.flag("no-notify")
    }

    func run(in context: HostContext) async throws -> ExitCode {
        try OutputOption.check(options.output, projectRoot: context.currentDirectory, in: context)
        let lookup = try RecordedPipeline.lookupOutput(
            output: options.output, pipelinePath: pipelinePath, context: context)
        var parts: [RunMerger.Part] = []
        var directories: [URL] = []
        for run in runs {
            let directory = try RunDirectoryLocator.resolve(
                run, outputDirectory: lookup, resolvePath: context.url(for:))
            parts.append(RunMerger.Part(report: try RunReportFile.load(at: directory), source: run))
            directories.append(directory)
        }
        let (pipelineURL, pipelineDisplay) = try RecordedPipeline.file(
            for: parts[0].report, runDirectory: directories[0], given: pipelinePath, context: context)
        let pipeline = try PipelineLoader().load(pipelineURL, displayPath: pipelineDisplay)
        for part in parts where part.report.pipeline != pipeline.name {
            throw MergeError.differentPipelines(
                first: pipelineDisplay, firstPipeline: pipeline.name, other: part.source,
                otherPipeline: part.report.pipeline)
        }
        var warned: Set<String> = []
        for part in parts {
            guard
                let warning = RecordedPipeline.changeWarning(
                    part.report, file: pipelineURL, displayPath: pipelineDisplay),
                warned.insert(part.report.pipelineHash ?? "").inserted
            else { continue }
            context.standardError.line("merge: \(warning)")
        }

        // Merging runs no tests; SIGINT/SIGTERM before the reports are written remove the half-made
        // run directory, so no partial run is ever left (the writes after that are atomic).
        let cancellation = CancellationFlag()
        let trap = SignalTrap.install { _ in cancellation.cancel() }
        defer { trap.release() }
        var smokeRun = SmokeRun(pipeline: pipeline, options: options, context: context, cancellation: cancellation)
        // The one notification of a sharded run finds its webhook URL where `run` does.
        try smokeRun.loadEnvironmentFile()
        if let problem = smokeRun.environmentFileProblem {
            context.standardError.line("merge: warning: \(problem.localizedDescription)")
        }
        if let warning = smokeRun.environmentFileWarning { context.standardError.line("merge: warning: \(warning)") }
        let finisher = smokeRun.finisher
        let runID = RunID.make(date: finisher.now(), suffix: RunID.randomSuffix())
        var report = try RunMerger.merge(parts, runID: runID)
        let byteLimit = try AttachmentSourcePolicy.byteLimit(environment: context.environment)
        let (mergedID, runDirectory) = try RunStore(outputDirectory: finisher.outputDirectory).createRunDirectory(
            startedAt: finisher.now())
        report.runID = mergedID
        context.standardError.line("merge: \(parts.count) runs → \(finisher.displayPath(runDirectory))")
        func interrupted() -> ExitCode {
            try? FileManager.default.removeItem(at: runDirectory)
            let partial = finisher.displayPath(runDirectory)
            context.standardError.line("merge: interrupted; nothing was written (the partial \(partial) was removed)")
            return .infrastructure
        }

        let sources = zip(parts, directories).map { ($0.0.report, $0.1) }
        let copied = try ShardFiles.copyAttachments(
            of: report.tests, from: sources, into: runDirectory, byteLimit: byteLimit)
        report.tests = copied.tests
        report.errors += copied.notes
        for note in copied.notes { context.standardError.line("merge: warning: \(note.message)") }
        if cancellation.isCancelled { return interrupted() }
        try ShardFiles.joinConsoleLogs(sources, into: runDirectory, byteLimit: byteLimit)
        if cancellation.isCancelled { return interrupted() }

        var draft = RunDraft(report: report, runDirectory: runDirectory)
        draft.profiles = directories.flatMap(CoverageInputs.profiles(in:))
        if pipeline.coverage.enabled, !draft.profiles.isEmpty {
            draft.testBinaries = try testBinaries(parts: parts, directories: directories)
        }
        if cancellation.isCancelled { return interrupted() }
        let outcome = await finisher.finish(draft)
        return ExitCode(outcome.failure)
    }

    /// `--binary` when given, else the distinct binaries the shards recorded, which must exist here.
    private func testBinaries(parts: [RunMerger.Part], directories: [URL]) throws -> [URL] {
        if !binaries.isEmpty { return binaries.map { URL(fileURLWithPath: $0) } }
        var seen: [String] = []
        for (part, directory) in zip(parts, directories) {
            for path in CoverageInputs.read(in: directory)?.testBinaries ?? [] where !seen.contains(path) {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw MergeError.binaryMissing(path: path, source: part.source)
                }
                seen.append(path)
            }
        }
        return seen.map { URL(fileURLWithPath: $0) }
    }
}
