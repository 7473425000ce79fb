import Foundation
import SmokeCore

/// Hands batches from one thread to another, in order, and each batch back once used, so a few batches go round and
/// round — the memory in flight stays what those few hold whatever the file's size, and nothing is allocated per
/// item. A file's test events go from the thread that reads and interprets its lines to the thread that applies them
/// (`EventPipe`); its bytes to the thread that hashes them (`ParallelDigest`).
final class BatchPipe<Batch>: @unchecked Sendable { // every field is read and written under `condition`
    private let condition = NSCondition()
    private var full: [Batch] = []
    private var empty: [Batch]
    private var closed = false

    /// A pipe that sends `batches` round.
    init(batches: [Batch]) {
        empty = batches
    }

    /// An empty batch to fill, waiting for one to come back. Batches are values moved between the queues and the
    /// threads, never shared: each side fills or empties its own in place.
    func emptyBatch() -> Batch { waitFor { $0.empty.isEmpty ? nil : $0.empty.removeLast() } }

    /// The next filled batch, waiting for it; nil once the pipe is closed and drained.
    func next() -> Batch? {
        waitFor { pipe -> Batch?? in
            if !pipe.full.isEmpty { return pipe.full.removeFirst() }
            return pipe.closed ? .some(nil) : nil // closed and drained: the answer is nil; else wait
        }
    }

    /// Queues a filled batch for the applying thread.
    func send(_ batch: Batch) { change { $0.full.append(batch) } }

    /// Gives an applied (emptied) batch back to be filled again.
    func recycle(_ batch: Batch) { change { $0.empty.append(batch) } }

    /// No more batches will come.
    func close() { change { $0.closed = true } }

    /// Changes the queues under the lock and wakes whoever waits.
    private func change(_ body: (BatchPipe) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        body(self)
        condition.broadcast()
    }

    /// Waits under the lock until `take` has something to give.
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

    /// The reading side's sink: fills a batch in place and sends it when full (taking the next one only when an
    /// event comes).
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

        /// Sends what is gathered (nothing when nothing is).
        mutating func flush() {
            guard let filled = batch.take() else { return }
            pipe.send(filled)
        }
    }
}
