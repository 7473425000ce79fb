import Foundation
import SmokeCore

/// Hands batches from one thread to another, in order, and each back once used, so a few batches go round: memory
/// in flight stays bounded whatever the file's size. Carries a file's events (`EventPipe`) or its bytes to hash.
final class BatchPipe<Batch>: @unchecked Sendable { // every field is read and written under `condition`
    private let condition = NSCondition()
    private var full: [Batch] = []
    private var empty: [Batch]
    private var closed = false

    init(batches: [Batch]) {
        empty = batches
    }

    /// An empty batch to fill, waiting for one to come back. Batches are moved between threads, never shared.
    func emptyBatch() -> Batch { waitFor { $0.empty.isEmpty ? nil : $0.empty.removeLast() } }

    /// The next filled batch, waiting for it; nil once the pipe is closed and drained.
    func next() -> Batch? {
        waitFor { pipe -> Batch?? in
            if !pipe.full.isEmpty { return pipe.full.removeFirst() }
            return pipe.closed ? .some(nil) : nil // closed and drained: the answer is nil; else wait
        }
    }

    func send(_ batch: Batch) { change { $0.full.append(batch) } }

    func recycle(_ batch: Batch) { change { $0.empty.append(batch) } }

    func close() { change { $0.closed = true } }

    private func change(_ body: (BatchPipe) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        body(self)
        condition.broadcast()
    }

    private func waitFor<T>(_ take: (BatchPipe) -> T?) -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let taken = take(self) { return taken }
            condition.wait()
        }
    }
}

/// A file's test events on their way from the thread that reads its lines to the thread that applies them.
typealias EventPipe = BatchPipe<EventBatch>

extension BatchPipe where Batch == EventBatch {
    convenience init(count: Int = 3) {
        self.init(batches: (0..<count).map { _ in EventBatch() })
    }

    /// The reading side's sink: fills a batch in place and sends it when full.
    struct Feeder: LineEventSink {
        let pipe: EventPipe
        private var batch: EventBatch?

        init(pipe: EventPipe) {
            self.pipe = pipe
        }

        mutating func take(_ event: TestEvent, line: Int) {
            if batch == nil { batch = pipe.emptyBatch() }
            batch!.take(event, line: line)
            if batch!.isFull { flush() }
        }

        mutating func countUnrecognizedLine(_ line: Int) {
            if batch == nil { batch = pipe.emptyBatch() }
            batch!.countUnrecognizedLine(line)
            if batch!.isFull { flush() }
        }

        mutating func flush() {
            guard let filled = batch.take() else { return }
            pipe.send(filled)
        }
    }
}
