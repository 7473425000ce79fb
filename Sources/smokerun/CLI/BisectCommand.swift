import Foundation
import SmokeCore
import SmokeKit

/// `smokerun bisect RUN TEST`: finds which earlier tests of a run make TEST fail.
struct BisectCommand: Command {
    static let name = "bisect"
    static let summary = "find the earlier tests that make a test fail (order dependence)"
    static let help = """
        Usage: smokerun bisect RUN TEST [--pipeline FILE] [--output DIR]

        Re-runs TEST after halving sets of the tests that ran before it in RUN, in the same
        sequence of processes as RUN (same process where RUN shared one), and names the
        smallest set of earlier tests that makes it fail — or says that it fails alone (not an
        order problem) or that the failure did not reproduce. The number of runs is bounded
        (about log2 of the earlier tests per culprit) and each run is shown as it ends.
        Each run gets a fresh scratch folder; logs go to RUN/bisect/<time>/.

          RUN              a run directory, its report.json, or a run id under the output folder
          TEST             the test's id (Module.Class/method), or its unique end (Class/method)
          --pipeline FILE  the pipeline to re-run with (default: the one RUN recorded in its
                           report.json; a warning says when that file changed since)
          --output DIR     the output folder run ids are looked up in (default: the pipeline's)

        SIGINT/SIGTERM stop the running test process and end the search, printing the runs
        finished and the earlier tests still under suspicion.

        Exit status: 0 the search finished (whatever it found), 2 unknown run or test,
        3 build or tool failure, or interrupted.

        """

    var run: String
    var test: String
    /// Nil: the pipeline RUN recorded (report.json `pipelineFile`), else the project's default.
    var pipelinePath: String?
    var output: String?
    var now: @Sendable () -> Date = { SystemClock.now() }

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["pipeline", "output"])
        guard parsed.positionals.count == 2 else {
            throw UsageError(
                "bisect takes a RUN and a TEST, got \(parsed.positionals.count) arguments (see smokerun bisect --help)")
        }
        run = parsed.positionals[0]
        test = parsed.positionals[1]
        pipelinePath = parsed.value("pipeline")
        output = parsed.value("output")
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let err = context.standardError
        let recorded = try RecordedPipeline.run(run, output: output, pipelinePath: pipelinePath, context: context)
        let (runDirectory, report, pipeline) = (recorded.folder, recorded.report, recorded.pipeline)
        let (pipelineURL, pipelineDisplay) = (recorded.pipelineFile, recorded.pipelineDisplay)
        if let warning = RecordedPipeline.changeWarning(report, file: pipelineURL, displayPath: pipelineDisplay) {
            err.line("bisect: \(warning)")
        }
        let target = try BisectTarget.find(test, in: report, runName: report.runID)
        if let device = target.device {
            throw BisectError.deviceRun(test: target.test.id, device: device, run: report.runID)
        }
        guard let settings = context.drivers.bisectPackage(of: pipeline) else {
            throw BisectError.unsupportedDriver(pipeline: pipelineDisplay)
        }
        if let result = report.tests.first(where: { $0.id == target.test.id }), !result.status.isFailure {
            err.line("bisect: note: \(target.test.id) \(result.status.rawValue) in \(report.runID); bisecting anyway")
        }
        let isolation = report.ordering.isolation.rawValue
        let runLimit = BisectSearch.defaultRunLimit(candidates: target.candidates.count)
        err.line(
            """
            bisect: \(target.test.id) after \(target.candidates.count) earlier tests of \(report.runID) \
            (\(isolation) isolation), at most \(runLimit) runs
            """
        )
        let work = RunDirectory(runDirectory).bisect(RunID.make(date: now(), suffix: RunID.randomSuffix()))

        // Like `run`: SIGINT/SIGTERM stop the running test process group, and the search says where it was.
        let cancellation = CancellationFlag()
        let trap = SignalTrap.install { _ in cancellation.cancel() }
        defer { trap.release() }
        let runner = BisectRunner(
            pipeline: pipeline, settings: settings, target: target, isolation: report.ordering.isolation,
            workDirectory: work, context: context, cancellation: cancellation, progress: { err.line("bisect: \($0)") },
            now: now)
        let outcome = try await BlockingWork.run { Result { try runner.run() } }.get()
        context.standardOutput.line(outcome.sentence(for: target.test.id))
        if case .interrupted = outcome {
            err.line("bisect: logs of the finished runs are in \(work.path)")
            return .infrastructure
        }
        return .passed
    }
}
