import Foundation
import SmokeCore

extension TestPhase {
    /// Runs `plan` on `workers` lanes at once (`WorkerAssignment`), each on a real thread with its own executor: every
    /// lane blocks on its processes, and a process must run on the thread that started it (`DeathSignalSpawn`).
    /// Crashes and retries stay in their worker; cancellation and the deadline reach all through `RunLimits`.
    func run<Executor: BatchExecuting & SendableMetatype>(
        _ plan: TestPhasePlan, workers: Int, durations: [String: Double],
        makeExecutor: @escaping @Sendable (Int) -> Executor, into result: inout DriverResult
    ) throws {
        let batches = WorkerAssignment.lanes(plan.batches, workers: workers, durations: durations)
        guard batches.count > 1 else {
            var executor = makeExecutor(1)
            return try run(plan, with: &executor, into: &result)
        }
        let counter = PhaseProgress(total: plan.selected.count, report: progress, started: started)
        let outcomes = LaneOutcomes(count: batches.count)
        let group = DispatchGroup()
        nonisolated(unsafe) let phase = self
        for (index, lane) in batches.enumerated() {
            group.enter()
            let total = plan.selected.count
            Thread.detachNewThread {
                defer { group.leave() }
                var executor = makeExecutor(index + 1)
                outcomes.set(index, Result { try phase.runLane(lane, total: total, with: &executor, counter: counter) })
            }
        }
        group.wait()
        var lanes: [Lane] = []
        for outcome in outcomes.all {
            switch outcome {
            case .success(let lane)?: lanes.append(lane)
            case .failure(let error)?: throw error
            case nil: continue
            }
        }
        finish(plan, lanes: lanes, into: &result)
    }
}

private final class LaneOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<TestPhase.Lane, any Error>?]

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: Result<TestPhase.Lane, any Error>) {
        lock.lock()
        outcomes[index] = outcome
        lock.unlock()
    }

    var all: [Result<TestPhase.Lane, any Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes
    }
}
