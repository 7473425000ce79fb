import Foundation

/// The SwiftPM driver's part of the test phase: one test process per batch through `BatchRunner`,
/// each Swift Testing process writing its event stream to `<run>/events/process-N.jsonl`.
struct SwiftPMBatchExecutor: BatchExecuting {
    var runner: BatchRunner
    var eventsDirectory: URL
    private var processIndex = 0

    init(runner: BatchRunner, eventsDirectory: URL) {
        self.runner = runner
        self.eventsDirectory = eventsDirectory
    }

    mutating func execute(_ batch: TestBatch, isRetry: Bool, onTestFinished: @escaping (TestResult) -> Void) throws -> BatchOutcome {
        processIndex += 1
        var stream: URL?
        if batch.framework == .swiftTesting {
            try FileManager.default.createDirectory(at: eventsDirectory, withIntermediateDirectories: true)
            stream = eventsDirectory.appendingPathComponent("process-\(processIndex).jsonl")
        }
        var runner = self.runner
        runner.onTestFinished = onTestFinished
        return try runner.run(batch, eventStream: stream)
    }
}
