import Foundation
import SmokeCore

/// What a driver needs from the run around it.
struct RunContext: Sendable {
    var pipeline: Pipeline
    var seed: UInt64?
    var runFolder: RunDirectory
    var currentDirectory: URL
    /// smokerun's own environment; the tests get it plus the pipeline's.
    var environment: [String: String]
    var runner: any CommandRunning
    /// Starts the long-running processes: the build, test batches, xcodebuild. Tests pass a scripted fake.
    var processes: any ProcessRunning = ChildProcessRunner()
    var limits: RunLimits
    var console: ConsoleLog
    /// Live progress: a test finished (position, of total).
    var progress: @Sendable (TestResult, Int, Int) -> Void
    /// Live progress: a test started (its id, its position, of total), where the driver sees starts while it runs.
    var started: @Sendable (String, Int, Int) -> Void = { _, _, _ in }
    /// One line for the person watching ("building…", "retrying 2 tests…").
    var status: @Sendable (String) -> Void
    /// A long step before the tests (a build, a simulator boot): its elapsed time and the tool's own progress.
    var phase: @Sendable (PhaseEvent) -> Void = { _ in }
    /// Run only this slice of the selected tests (`run --shard K/N`).
    var shard: ShardRecord?
    /// The recorded durations of the given test ids (an id without one is left out), to balance shards and
    /// workers: read from the history only when a plan asks, for the tests it plans.
    var durations: @Sendable ([String]) -> [String: Double] = { _ in [:] }
    /// How many test batches run at once (`ordering.workers` / `--workers`, resolved to a number).
    var workers = 1

    init(
        pipeline: Pipeline, seed: UInt64?, runDirectory: URL, currentDirectory: URL, environment: [String: String],
        runner: any CommandRunning, limits: RunLimits, console: ConsoleLog,
        progress: @escaping @Sendable (TestResult, Int, Int) -> Void = { _, _, _ in },
        status: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.pipeline = pipeline
        self.seed = seed
        runFolder = RunDirectory(runDirectory)
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.runner = runner
        self.limits = limits
        self.console = console
        self.progress = progress
        self.status = status
    }

    /// The shared test phase with this run's retries, deadline and progress.
    func testPhase() -> TestPhase {
        var phase = TestPhase(retries: pipeline.retries.failed, runSeconds: pipeline.timeouts.runSeconds)
        phase.progress = progress
        phase.started = started
        phase.status = status
        let console = console
        phase.note = { console.note($0) }
        return phase
    }

    /// This run's plan over the discovered tests; nil when nothing runs (a selection that matched nothing
    /// is an error in `result`, an empty shard is not).
    func plan(
        _ discovered: [TestCase], selection: TestPhasePlan.Selection, listedBy source: String,
        into result: inout DriverResult
    ) -> TestPhasePlan? {
        let plan = TestPhasePlan.make(
            discovered: discovered, selection: selection, shard: shard,
            durations: shard == nil ? [:] : durations(discovered.map(\.id)),
            ordering: pipeline.ordering, seed: seed)
        if let shard { status("shard \(shard.description): \(plan.selected.count) tests") }
        switch plan.empty {
        case .emptyShard?:
            return nil
        case .noneSelected?:
            result.errors.append(
                TestPhasePlan.noneSelectedError(discovered: discovered, listedBy: source, selection: selection))
            return nil
        case nil:
            return plan
        }
    }
}

/// A long step before the tests, for the live line (`ProgressPrinter.phase`).
enum PhaseEvent: Sendable, Equatable {
    /// It began: `building swift-http-types (debug)`.
    case started(String)
    /// The tool printed a progress step (`PhaseLine.step(in:)`).
    case step(String)
    case ended
}
