import Foundation
import SmokeCore

/// Set once (SIGINT/SIGTERM, scheduler shutdown), read by every poll loop; `onCancel` for what must act at once.
package final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [@Sendable () -> Void] = []

    package init() {}

    package func cancel() {
        lock.lock()
        if cancelled {
            lock.unlock()
            return
        }
        cancelled = true
        let pending = handlers
        handlers = []
        lock.unlock()
        for handler in pending { handler() }
    }

    package var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Runs `handler` once on cancellation, or at once when already cancelled.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        if cancelled {
            lock.unlock()
            handler()
            return
        }
        handlers.append(handler)
        lock.unlock()
    }
}
