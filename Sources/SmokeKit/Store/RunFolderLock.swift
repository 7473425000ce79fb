import Foundation
import SmokeCore

/// Whether a run folder's maker still works in it, decided by an exclusive `flock` on its marker (`.smokerun-run`)
/// held until its finish and dropped by the kernel however the process ends. Not a pid: pids mean nothing across
/// PID namespaces (a container sharing the output folder) and are reused.
package enum RunFolderLock {
    private static let held = Held()

    /// Creates `marker` (which must not exist), locks it, then writes `text`: whoever reads the text finds the lock
    /// taken. The descriptor stays open until `release`.
    static func create(_ marker: URL, text: String) throws {
        let descriptor = open(marker.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: marker.path, reason: POSIXFile.openFailure()) }
        // The file is new: only another run's `isHeld` probe can hold it, for a moment. Waited for, 5 s at most (a
        // prober stopped mid-probe, a hung NFS lock server, must not hang the run).
        var waits = 0
        var locked = flock(descriptor, LOCK_EX | LOCK_NB)
        while locked != 0, errno == EWOULDBLOCK || errno == EINTR, waits < 500 {
            usleep(10_000)
            waits += 1
            locked = flock(descriptor, LOCK_EX | LOCK_NB)
        }
        guard locked == 0 else {
            let reason = POSIXFile.lastError()
            close(descriptor)
            throw StoreError.writeFailed(path: marker.path, reason: reason)
        }
        do {
            try FileWriter.system.writeAll(Data(text.utf8), to: descriptor, path: marker.path)
        } catch {
            close(descriptor)
            throw error
        }
        held.insert(descriptor, for: marker.standardizedFileURL.path)
    }

    /// Releases the run folder's lock (its run finished); nothing when this process does not hold it.
    package static func release(runDirectory: URL) {
        let path = OutputLayout.runMarker(inRun: runDirectory).standardizedFileURL.path
        if let descriptor = held.remove(path) { unlockAndClose(descriptor) }
    }

    /// The descriptor this process holds `marker`'s lock by, or nil.
    static func heldDescriptor(marker: URL) -> Int32? {
        held.descriptor(for: marker.standardizedFileURL.path)
    }

    /// Unlocks before closing: a child forked on another thread holds a copy of the descriptor until its exec, and
    /// a close alone would leave the lock held by that copy, the folder looking live to another run's `isHeld`.
    private static func unlockAndClose(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Whether any process, this one included, holds `marker`'s lock. One that cannot be opened counts as held: a
    /// folder is given up only on proof.
    static func isHeld(marker: URL) -> Bool {
        let descriptor = open(marker.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return true }
        _ = flock(descriptor, LOCK_UN)
        return false
    }

    private final class Held: @unchecked Sendable {
        private let lock = NSLock()
        private var descriptors: [String: Int32] = [:]

        func insert(_ descriptor: Int32, for path: String) {
            lock.lock()
            defer { lock.unlock() }
            if let earlier = descriptors[path] { RunFolderLock.unlockAndClose(earlier) }
            descriptors[path] = descriptor
        }

        func descriptor(for path: String) -> Int32? {
            lock.lock()
            defer { lock.unlock() }
            return descriptors[path]
        }

        func remove(_ path: String) -> Int32? {
            lock.lock()
            defer { lock.unlock() }
            return descriptors.removeValue(forKey: path)
        }
    }
}
