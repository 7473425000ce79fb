import Foundation
import SmokeCore

/// The SwiftPM driver's part of the test phase: one test process per batch.
struct SwiftPMBatchExecutor: BatchExecuting {
    var runner: BatchRunner
    var eventsDirectory: URL
    /// The worker this executor is, in a parallel run: console.log gets one whole section per process.
    var worker: Int?
    private var processIndex = 0

    init(runner: BatchRunner, eventsDirectory: URL, worker: Int? = nil) {
        self.runner = runner
        self.eventsDirectory = eventsDirectory
        self.worker = worker
    }

    mutating func execute(
        _ batch: TestBatch, isRetry: Bool, onTestStarted: @escaping (String) -> Void,
        onTestFinished: @escaping (TestResult) -> Void
    ) throws -> BatchOutcome {
        processIndex += 1
        var stream: URL?
        if batch.framework == .swiftTesting {
            try FileManager.default.createDirectory(at: eventsDirectory, withIntermediateDirectories: true)
            let prefix = worker.map { "worker-\($0)-" } ?? ""
            stream = eventsDirectory.appendingPathComponent("\(prefix)process-\(processIndex).jsonl")
        }
        var runner = self.runner
        runner.onTestStarted = onTestStarted
        runner.onTestFinished = onTestFinished
        guard let worker else { return try runner.run(batch, eventStream: stream, retry: isRetry) }
        let section = runner.console.section()
        runner.console = section
        section.note("worker \(worker), process \(processIndex)")
        let outcome = Result { try runner.run(batch, eventStream: stream, retry: isRetry) }
        let sectionStart = section.endSection()
        var placed = try outcome.get()
        placed.consoleTotals = placed.consoleTotals.shifted(by: sectionStart)
        return placed
    }
}
