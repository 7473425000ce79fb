import Foundation
import SmokeCore

/// Hands a file's test events from the thread that reads and interprets its lines to the thread that applies them:
/// `EventBatch`es in order, and each batch back once applied, so a few batches (`count`) go round and round — the
/// memory in flight stays a few hundred kilobytes whatever the file's size, and nothing is allocated per event.
final class EventPipe: @unchecked Sendable { // every field is read and written under `condition`
    private let condition = NSCondition()
    private var full: [EventBatch] = []
    private var empty: [EventBatch]
    private var closed = false

    init(count: Int = 3) {
        empty = (0..<count).map { _ in EventBatch() }
    }

    /// An empty batch to fill, waiting for one to come back.
    func emptyBatch() -> EventBatch {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty { condition.wait() }
        return empty.removeLast()
    }

    /// Queues a filled batch for the applying thread.
    func send(_ batch: EventBatch) {
        condition.lock()
        defer { condition.unlock() }
        full.append(batch)
        condition.broadcast()
    }

    /// No more batches will come.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    /// The next filled batch, waiting for it; nil once the pipe is closed and drained.
    func next() -> EventBatch? {
        condition.lock()
        defer { condition.unlock() }
        while full.isEmpty, !closed { condition.wait() }
        guard !full.isEmpty else { return nil }
        return full.removeFirst()
    }

    /// Gives an applied (emptied) batch back to be filled again.
    func recycle(_ batch: EventBatch) {
        condition.lock()
        defer { condition.unlock() }
        empty.append(batch)
        condition.broadcast()
    }

    /// The reading side's sink: fills a batch and sends it when full.
    struct Feeder: LineEventSink {
        let pipe: EventPipe
        private var batch: EventBatch

        init(pipe: EventPipe) {
            self.pipe = pipe
            batch = pipe.emptyBatch()
        }

        mutating func take(_ event: TestEvent, line: Int) {
            batch.take(event, line: line)
            if batch.isFull { flush() }
        }

        mutating func countUnrecognizedLine(_ line: Int) {
            batch.countUnrecognizedLine(line)
            if batch.isFull { flush() }
        }

        /// Sends what is gathered (nothing when empty) and takes the next empty batch.
        mutating func flush() {
            guard !batch.isEmpty else { return }
            pipe.send(batch)
            batch = pipe.emptyBatch()
        }
    }
}
