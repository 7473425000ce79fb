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
    /// Starts the build, test batches and xcodebuild; tests pass a scripted fake.
    var processes: any ProcessRunning = ChildProcessRunner()
    var limits: RunLimits
    var console: ConsoleLog
    var progress: @Sendable (TestResult, Int, Int) -> Void
    /// Live progress: a test started (id, position, of total), where the driver sees starts.
    var started: @Sendable (String, Int, Int) -> Void = { _, _, _ in }
    var status: @Sendable (String) -> Void
    /// A long step before the tests (a build, a simulator boot), for the live line.
    var phase: @Sendable (PhaseEvent) -> Void = { _ in }
    var shard: ShardRecord?
    /// Recorded durations of the given ids, to balance shards and workers; read only for the tests a plan plans.
    var durations: @Sendable ([String]) -> [String: Double] = { _ in [:] }
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

    func testPhase() -> TestPhase {
        var phase = TestPhase(retries: pipeline.retries.failed, runSeconds: pipeline.timeouts.runSeconds)
        phase.progress = progress
        phase.started = started
        phase.status = status
        let console = console
        phase.note = { console.note($0) }
        return phase
    }

    /// This run's plan over the discovered tests; nil when nothing runs (an empty selection is an error in `result`).
    func plan(
        _ discovered: [TestCase], selection: TestPhasePlan.Selection, listedBy source: String,
        into result: inout DriverResult
    ) -> TestPhasePlan? {
        let plan = TestPhasePlan.make(
            discovered: discovered, selection: selection, shard: shard,
            durations: shard == nil ? [:] : durations(discovered.map(\.id)),
            ordering: pipeline.ordering, seed: seed)
        if let shard {
            status("shard \(shard.description): \(plan.selected.count) tests")
            result.shardSelected = TestPhasePlan.select(discovered, by: selection).map(\.id)
        }
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
    case started(String)
    case step(String)
    case ended
}
