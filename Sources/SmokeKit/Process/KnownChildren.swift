import Foundation

/// The children this process started itself and has not reaped yet. Every `ChildProcess` registers here
/// while its spawn holds the lock, so a sweep that reads the process table under the same lock never
/// mistakes a child that is just starting for an orphan a test left behind.
final class KnownChildren: @unchecked Sendable {
    /// One per process: the parent of a process is a property of the whole process.
    static let shared = KnownChildren()

    private let lock = NSLock()
    private var pids = Set<Int32>()

    /// Takes the lock for a spawn: `endSpawn` registers the child (nil when the spawn failed) and gives it up.
    func beginSpawn() { lock.lock() }

    func endSpawn(registering pid: Int32?) {
        if let pid { pids.insert(pid) }
        lock.unlock()
    }

    /// The child was reaped (or never will be ours again).
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
