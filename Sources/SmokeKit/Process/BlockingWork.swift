import Foundation
import SmokeCore

/// Runs blocking work (test processes, llvm-cov) on a thread of its own: Swift concurrency has only as many
/// threads as cores, and one held for minutes would stall the scheduler's timers, webhooks and other runs.
package enum BlockingWork {
    package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// Starts `work` now; the returned call waits for its result (to overlap two synchronous waits).
    static func start<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> () throws -> T {
        nonisolated(unsafe) var outcome: Result<T, any Error>?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome = Result { try work() }
            done.signal()
        }
        return {
            done.wait()
            return try outcome!.get()
        }
    }
}
