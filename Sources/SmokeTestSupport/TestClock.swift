import Foundation
import SmokeCore
import SmokeKit

/// A clock that only moves when a test moves it. Sleepers whose deadline has come are resumed,
/// earliest first, by `advance`; a sleeper that arrives after its deadline returns at once.
package final class TestClock: SchedulerClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var sleepers: [UUID: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]

    package init(now: Date) { current = now }

    package var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// How many tasks are sleeping on this clock right now.
    package var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    /// When the earliest sleeper wakes; nil when none sleeps.
    package var nextDeadline: Date? {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.values.map(\.deadline).min()
    }

    package func sleep(until deadline: Date) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if deadline <= current {
                    lock.unlock()
                    continuation.resume()
                } else {
                    sleepers[id] = (deadline, continuation)
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let sleeper = sleepers.removeValue(forKey: id)
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    package func advance(to date: Date) {
        lock.lock()
        current = max(current, date)
        let due = sleepers.filter { $0.value.deadline <= current }.sorted { $0.value.deadline < $1.value.deadline }
        for (id, _) in due { sleepers.removeValue(forKey: id) }
        lock.unlock()
        for (_, sleeper) in due { sleeper.continuation.resume() }
    }

    package func advance(by interval: TimeInterval) { advance(to: now.addingTimeInterval(interval)) }
}
