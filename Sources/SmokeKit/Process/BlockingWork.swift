import Foundation
import SmokeCore

/// Runs blocking work — test processes and their poll loops, llvm-cov — on a thread of its own.
///
/// Swift concurrency has as many cooperative threads as cores (two on a small CI machine). A run
/// that held one for minutes would stall everything else that awaits: the scheduler's timers, the
/// webhook's URLSession callbacks, a second pipeline's run.
package enum BlockingWork {
    package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// Starts `work` now and returns a call that waits for its result — for synchronous code that
    /// overlaps two waits (the toolchain check with the build, two test listings).
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
