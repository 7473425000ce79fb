import Foundation
import SmokeCore

/// Set once (by SIGINT/SIGTERM or a scheduler shutting down), read by every poll loop.
package final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    package init() {}

    package func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    package var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
