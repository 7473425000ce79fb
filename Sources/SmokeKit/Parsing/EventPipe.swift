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

    /// An empty batch to fill, waiting for one to come back. Batches are values moved between the queues and the
    /// threads, never shared: each side fills or empties its own in place.
    func emptyBatch() -> EventBatch { waitFor { $0.empty.isEmpty ? nil : $0.empty.removeLast() } }

    /// The next filled batch, waiting for it; nil once the pipe is closed and drained.
    func next() -> EventBatch? {
        waitFor { pipe -> EventBatch?? in
            if !pipe.full.isEmpty { return pipe.full.removeFirst() }
            return pipe.closed ? .some(nil) : nil // closed and drained: the answer is nil; else wait
        }
    }

    /// Queues a filled batch for the applying thread.
    func send(_ batch: EventBatch) { change { $0.full.append(batch) } }

    /// Gives an applied (emptied) batch back to be filled again.
    func recycle(_ batch: EventBatch) { change { $0.empty.append(batch) } }

    /// No more batches will come.
    func close() { change { $0.closed = true } }

    /// Changes the queues under the lock and wakes whoever waits.
    private func change(_ body: (EventPipe) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        body(self)
        condition.broadcast()
    }

    /// Waits under the lock until `take` has something to give.
    private func waitFor<T>(_ take: (EventPipe) -> T?) -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let taken = take(self) { return taken }
            condition.wait()
        }
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
