import Foundation

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
}
