import Foundation
import SmokeCore

/// Tells a running pipeline that it should stop: the runner registers what to do (stop its test
/// processes, write an `interrupted` report) and the scheduler calls `cancel()` on SIGINT/SIGTERM.
package final class CancellationHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [@Sendable () -> Void] = []
    private var groups: (any ProcessGroupRecording)?

    init() {}

    /// The pipeline's run lock, set by the scheduler once it holds it, so the run records its test
    /// process groups there (a later run ends leftovers of a killed scheduler on macOS).
    var processGroups: (any ProcessGroupRecording)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return groups
        }
        set {
            lock.lock()
            groups = newValue
            lock.unlock()
        }
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Runs `handler` once on cancellation, or at once when already cancelled.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        if cancelled {
            lock.unlock()
            handler()
            return
        }
        handlers.append(handler)
        lock.unlock()
    }

    func cancel() {
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
}
