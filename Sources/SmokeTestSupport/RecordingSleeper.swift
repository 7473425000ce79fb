import Foundation
import SmokeCore
import SmokeKit

/// Records the waits it is asked for and returns at once, so long backoffs cost nothing and a test can
/// check them exactly.
package final class RecordingSleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Double] = []

    package init() {}

    package var sleeps: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return waits
    }

    package func sleep(_ seconds: Double) {
        lock.lock()
        waits.append(seconds)
        lock.unlock()
    }
}
