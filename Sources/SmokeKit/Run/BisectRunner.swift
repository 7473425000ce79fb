import Foundation
import SmokeCore

/// Runs a bisect for real: builds the package once, then answers `BisectSearch`'s "does the test fail after
/// these tests?" by running `BisectPlan`'s processes, each with a fresh scratch folder under `workDirectory`.
package struct BisectRunner: Sendable {
    var pipeline: Pipeline
    var settings: SwiftPMSettings
    var target: BisectTarget
    var isolation: Isolation
    /// `<run>/bisect/<time>/`: the console log and each run's scratch folder.
    var workDirectory: URL
    var context: HostContext
    var progress: @Sendable (String) -> Void
    /// Set by SIGINT/SIGTERM: the running test process group is stopped and the search ends `.interrupted`.
    var cancellation: CancellationFlag
    /// What run deadlines count from.
    var now: @Sendable () -> Date

    package init(
        pipeline: Pipeline, settings: SwiftPMSettings, target: BisectTarget, isolation: Isolation,
        workDirectory: URL, context: HostContext, cancellation: CancellationFlag = CancellationFlag(),
        progress: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date = { SystemClock.now() }
    ) {
        self.pipeline = pipeline
        self.settings = settings
        self.target = target
        self.isolation = isolation
        self.workDirectory = workDirectory
        self.context = context
        self.progress = progress
        self.cancellation = cancellation
        self.now = now
    }

    package func run() throws -> BisectOutcome {
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let console = try ConsoleLog(url: RunDirectory(workDirectory).consoleLog)
        let packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: context.currentDirectory)
        // timeouts.runSeconds bounds one run of the suite: the build, then each trial on its own.
        func limits() -> RunLimits {
            RunLimits(
                testSeconds: pipeline.timeouts.testSeconds,
                runDeadline: now().addingTimeInterval(pipeline.timeouts.runSeconds), cancellation: cancellation,
                graceSeconds: pipeline.timeouts.graceSeconds)
        }
        progress("building \(packageRoot.lastPathComponent) (\(settings.configuration))…")
        let binary: URL
        let eventStreamVersion: String
        // The build folder's turn, held for every trial: no other run rebuilds the binary under them.
        var turn: BuildFolderTurn?
        defer { turn?.end() }
        do {
            // The run's own build step, toolchain pin included: a bisect must test what `run` tested.
            let built = try driver(runFolder: workDirectory, limits: limits(), console: console).buildTestsTakingTurn()
            turn = built.turn
            binary = built.binary
            eventStreamVersion = TestProcessLaunch.eventStreamVersion(swiftVersion: built.toolchain.versionNumber)
        } catch let failure as BuildFailure {
            if cancellation.isCancelled { return .interrupted(remaining: target.candidates, runs: 0) }
            throw BisectRunFailure(message: failure.record.message, details: failure.record.details)
        }

        let search = BisectSearch(candidates: target.candidates)
        var runNumber = 0
        return try search.run { before in
            if cancellation.isCancelled { throw BisectSearch.Stop() }
            runNumber += 1
            let trial = BisectWorkFolder.trial(runNumber, in: workDirectory)
            let failed = try runOnce(
                before: before, binary: binary, eventStreamVersion: eventStreamVersion, packageRoot: packageRoot,
                trialDirectory: trial,
                limits: limits(), console: console)
            progress(
                """
                [\(runNumber)/≤\(search.runLimit)] \(target.test.id) after \(before.count) of \
                \(target.candidates.count) earlier tests: \(failed ? "failed" : "passed")
                """
            )
            return failed
        }
    }

    /// The SwiftPM driver over the bisect's folder: its build step and the environment its tests get.
    private func driver(runFolder: URL, limits: RunLimits, console: ConsoleLog) -> SwiftPMTestRun {
        var runContext = RunContext(
            pipeline: pipeline, seed: nil, runDirectory: runFolder, currentDirectory: context.currentDirectory,
            environment: context.environment, runner: context.runner, limits: limits, console: console)
        runContext.processes = ChildProcessRunner()
        return SwiftPMTestRun(settings: settings, context: runContext)
    }

    /// Runs the plan's processes in order; true when the test under study failed, crashed or timed out.
    private func runOnce(
        before: [String], binary: URL, eventStreamVersion: String, packageRoot: URL, trialDirectory: URL,
        limits: RunLimits, console: ConsoleLog
    ) throws -> Bool {
        let driver = driver(runFolder: workDirectory, limits: limits, console: console)
        var environment = driver.testEnvironment(runFolder: RunDirectory(trialDirectory))
        environment["LLVM_PROFILE_FILE"] = "/dev/null"
        try FileManager.default.createDirectory(
            at: RunDirectory(trialDirectory).scratch(worker: nil),
            withIntermediateDirectories: true)
        var runner = BatchRunner(
            binary: binary, packageRoot: packageRoot, environment: environment, limits: limits, console: console)
        runner.eventStreamVersion = eventStreamVersion
        let batches = BisectPlan.batches(executed: target.executed, chosen: Set(before), isolation: isolation)
        for (index, batch) in batches.enumerated() {
            let stream =
                batch.framework == .swiftTesting
                ? BisectWorkFolder.eventStream(index + 1, in: trialDirectory) : nil

            let outcome = try runner.run(batch, eventStream: stream)
            // A trial cut short proves nothing either way; it must not count as "passed".
            if outcome.stopReason == .cancelled || cancellation.isCancelled { throw BisectSearch.Stop() }
            if let stop = outcome.stopReason, stop != .testTimedOut {
                throw BisectRunFailure(
                    message:
                        "a bisect run took longer than timeouts.runSeconds (\(RunLimits.text(seconds: pipeline.timeouts.runSeconds)))",
                    details: [])
            }
            if let result = outcome.results.first(where: { $0.id == target.test.id }) {
                return result.status.isFailure
            }
        }
        // The test never ran (an earlier test took its process down): no failure of its own was seen.
        console.note("bisect: \(target.test.id) did not run after \(before.count) earlier tests")
        return false
    }
}

/// The package did not build, so nothing could be bisected.
struct BisectRunFailure: Error, LocalizedError, DomainError {
    var message: String
    var details: [String]
    var errorDescription: String? { ([message] + details.prefix(10)).joined(separator: "\n    ") }
    var kind: ErrorKind { .infrastructure }
}
