import Foundation

/// Children this process started and has not reaped. Each `ChildProcess` registers while its spawn holds the lock,
/// so a sweep under the same lock never takes a starting child for an orphan a test left behind.
final class KnownChildren: @unchecked Sendable {
    /// One per process: being a process's parent is a property of the whole process.
    static let shared = KnownChildren()

    private let lock = NSLock()
    private var pids = Set<Int32>()

    /// Takes the lock for a spawn: `endSpawn` registers the child (nil when the spawn failed) and gives it up.
    func beginSpawn() { lock.lock() }

    func endSpawn(registering pid: Int32?) {
        if let pid { pids.insert(pid) }
        lock.unlock()
    }

    /// The child was reaped (or will never be ours again).
    func forget(_ pid: Int32) {
        lock.lock()
        pids.remove(pid)
        lock.unlock()
    }

    /// Runs `body` with the lock held and the set of running children: no spawn happens meanwhile.
    func withKnown<Result>(_ body: (Set<Int32>) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(pids)
    }
}
