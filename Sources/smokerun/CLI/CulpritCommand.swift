import Foundation
import SmokeCore
import SmokeKit

/// `smokerun culprit RUN TEST…`: finds the first commit since the last passing run at which the tests fail.
struct CulpritCommand: Command {
    static let name = "culprit"
    static let summary = "find the first commit since the last passing run at which tests fail"
    static let help = """
        Usage: smokerun culprit RUN TEST... [--pipeline FILE] [--output DIR] [--max-minutes N]
                                            [--flaky-repeats N]

        Finds the first commit at which TEST fails among the commits since the last run in which
        it passed: the range from that run's commit to RUN's, first-parent commits only. Each
        candidate is checked out in a git worktree of its own under RUN/culprit/<time>/ (your
        working tree, index, branch and stash are never touched, and the worktree is removed
        after; one a killed search left, the next search removes), then only the named tests
        are built and run there with the pipeline's environment, isolation and timeouts. A binary
        search takes about log2(commits) + 1 test runs; a commit that does not build is skipped,
        as git bisect skip does.

          RUN                a run directory, its report.json, or a run id under the output folder
          TEST               a test's id (Module.Class/method), or its unique end (Class/method)
          --pipeline FILE    the pipeline to build with (default: the one RUN recorded)
          --output DIR       the output folder run ids and the history are read from
          --max-minutes N    end the search after N minutes with what is known (default: the
                             pipeline's culprit.maxMinutes, 60)
          --flaky-repeats N  runs per commit of a test the history knows to be flaky; it counts as
                             failing at a commit only when it fails every time (default: the
                             pipeline's culprit.flakyRepeats, 3; 1 refuses flaky tests)
          --follow-up        send the answer to the pipeline's webhook and record it in RUN's
                             report.json (what notify.findCulprit starts after a run)

        SIGINT/SIGTERM stop the running build or test, remove the worktree and print what is
        known: the commits still under suspicion. One search per pipeline at a time: a second
        one is refused while <output>/locks/<pipeline>.culprit.lock is held.

        Exit status: 0 the search gave an answer, 2 unknown run or test, or no range to search,
        3 build tool or git failure or a search already running, 6 stopped (SIGINT/SIGTERM or out of time) with what is known.

        """

    var run: String
    var tests: [String]
    var pipelinePath: String?
    var output: String?
    /// Nil: the pipeline's `culprit.maxMinutes` / `culprit.flakyRepeats`.
    var maxMinutes: Int?
    var flakyRepeats: Int?
    /// `--follow-up`: send the answer to the pipeline's webhook and record it in report.json (`notify.findCulprit`).
    var followUp = false
    var now: @Sendable () -> Date = { SystemClock.now() }

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, options: ["pipeline", "output", "max-minutes", "flaky-repeats"], flags: ["follow-up"])
        guard parsed.positionals.count >= 2 else {
            throw UsageError(
                "culprit takes a RUN and at least one TEST, got \(parsed.positionals.count) arguments (see smokerun culprit --help)"
            )
        }
        run = parsed.positionals[0]
        tests = Array(parsed.positionals.dropFirst())
        pipelinePath = parsed.value("pipeline")
        followUp = parsed.flag("follow-up")
        output = parsed.value("output")
        if let minutes = try parsed.integer("max-minutes") {
            guard minutes > 0 else { throw UsageError("--max-minutes must be at least 1, got \(minutes)") }
            maxMinutes = minutes
        }
        if let repeats = try parsed.integer("flaky-repeats") {
            guard repeats > 0 else { throw UsageError("--flaky-repeats must be at least 1, got \(repeats)") }
            flakyRepeats = repeats
        }
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let recorded = try RecordedPipeline.run(run, output: output, pipelinePath: pipelinePath, context: context)
        let (runDirectory, report, pipeline) = (recorded.folder, recorded.report, recorded.pipeline)
        // The history of `--output` when given (RUN is read there too), else of the pipeline's output folder.
        let outputDirectory =
            output.map(context.url(for:))
            ?? pipeline.resolve(pipeline.output, currentDirectory: context.currentDirectory)
        let started = now()
        // Every answer, refusal or error is printed and (--follow-up) sent: a search started from a chat answers there.
        let answer = { (verdict: CulpritVerdict, tests: [String], printed: Bool) async in
            if printed { context.standardOutput.line(verdict.sentence) }
            guard followUp else { return }
            let message = CulpritFollowUp(
                pipeline: pipeline.name, runID: report.runID, tests: tests, verdict: verdict,
                seconds: now().timeIntervalSince(started))
            await Self.sendFollowUp(
                message, pipeline: pipeline, runDirectory: runDirectory, outputDirectory: outputDirectory,
                context: context)
        }
        do {
            return try await search(
                report, pipeline: pipeline, runDirectory: runDirectory, outputDirectory: outputDirectory,
                context: context, answer: { await answer($0, $1, true) })
        } catch {
            await answer(.stoppedOnError(error.localizedDescription), tests, false)
            throw error
        }
    }

    private func search(
        _ report: RunReport, pipeline: Pipeline, runDirectory: URL, outputDirectory: URL, context: HostContext,
        answer: (CulpritVerdict, _ tests: [String]) async -> Void
    ) async throws -> ExitCode {
        let err = context.standardError
        let ids = try tests.map { test throws(BisectError) in
            try BisectTarget.find(test, in: report, runName: report.runID).test.id
        }
        for id in ids where !report.tests.contains(where: { $0.id == id && $0.status.isFailure }) {
            throw CulpritError.testNotFailing(test: id, run: report.runID)
        }
        let history = HistoryOpening.open(outputFolder: outputDirectory, library: context.sqlite)
            .flakeWindow(of: report, runs: 1_000)
        let range = try CulpritRange.find(tests: ids, failing: report, history: history)
        let project = context.drivers.projectFolder(of: pipeline, currentDirectory: context.currentDirectory)
        let git = GitCheckout(folder: project, runner: context.runner, environment: context.environment)
        err.line("culprit: \(ids.joined(separator: ", ")) passed in \(range.goodRun), failed in \(range.badRun)")

        let missing = [range.good, range.bad].filter { !git.hasCommit($0) }
        guard missing.isEmpty, git.isAncestor(range.good, of: range.bad),
            let commits = try? git.firstParentCommits(after: range.good, upTo: range.bad, limit: nil),
            commits.last?.hash == range.bad
        else {
            await answer(.rangeNotInClone(range: range.text, missing: missing), ids)
            return .invalidInput
        }
        let good = CulpritCommit(hash: range.good)
        switch CulpritFlakes.decide(
            tests: ids, stability: TestStability.assess(history),
            flakyRepeats: flakyRepeats ?? pipeline.culprit.flakyRepeats)
        {
        case .refuse(let test, let reason):
            await answer(.refusedFlaky(test: test, reason: reason), ids)
            return .invalidInput
        case .repeats(let repeats):
            err.line(
                """
                culprit: \(range.text), \(ReportText.count(commits.count, "commit")), at most \
                \(CulpritSearch.defaultStepLimit(commits: commits.count)) steps\
                \(repeats > 1 ? " of \(repeats) runs each (flaky)" : "")
                """
            )
            // One search per pipeline at a time; the kernel drops the lock when this process ends, however it ends.
            let lockFile = OutputLayout(root: outputDirectory).culpritLock(pipeline: pipeline.key)
            let acquired = Result { () throws(RunLockError) in try RunLock.acquire(at: lockFile) }
            if case .failure(.held(_, let pid)) = acquired {
                let holder = pid.map { "process \($0)" } ?? "another process"
                context.standardOutput.line(
                    """
                    a culprit search of \(pipeline.name) is already running (\(holder) holds \
                    \(context.displayPath(lockFile))): one search per pipeline at a time; not started
                    """)
                return .infrastructure
            }
            let lock = try acquired.get()
            defer { lock.release() }
            let work = RunDirectory(runDirectory).culprit(RunID.make(date: now(), suffix: RunID.randomSuffix()))
            let cancellation = CancellationFlag()
            let trap = SignalTrap.install { _ in cancellation.cancel() }
            defer { trap.release() }
            let minutes = maxMinutes ?? pipeline.culprit.maxMinutes
            let runner = CulpritRunner(
                pipeline: pipeline, tests: ids, git: git, projectFolder: project, workDirectory: work,
                currentDirectory: context.currentDirectory, environment: context.environment,
                commandRunner: context.runner, drivers: context.drivers, cancellation: cancellation,
                deadline: now().addingTimeInterval(Double(minutes) * 60),
                progress: { err.line("culprit: \($0)") })
            let verdict = try await BlockingWork.run {
                Result { try runner.run(good: good, commits: commits, failingRun: report.runID, repeats: repeats) }
            }.get()
            await answer(verdict, ids)
            if case .unfinished(let reason, _, _, _, _) = verdict, reason != .runBudget { return .stoppedEarly }
            return .passed
        }
    }
}
