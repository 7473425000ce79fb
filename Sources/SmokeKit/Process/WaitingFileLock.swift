import Foundation
import SmokeCore

/// A `flock()` on a file in the user's temporary folder (`TMPDIR` of the run's environment), shared by every smokerun
/// of that user: waited for while the run may go on, saying so once, and dropped by the kernel when its holder dies.
/// Runs take turns on what two of them must not use at once: a simulator, a build folder.
final class WaitingFileLock: @unchecked Sendable {
    enum Mode {
        case exclusive, shared
        var operation: Int32 { self == .exclusive ? LOCK_EX : LOCK_SH }
    }

    private var descriptor: Int32
    private let url: URL

    private init(descriptor: Int32, url: URL) {
        self.descriptor = descriptor
        self.url = url
    }

    deinit { release() }

    /// `smokerun-<kind>` in the run's temporary folder.
    static func folder(_ kind: String, environment: [String: String]) -> URL {
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
        return (temporary ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("smokerun-\(kind)", isDirectory: true)
    }

    /// A lock file's name for `key`, letters, digits, `.` and `-` kept, the rest `_`.
    static func fileName(_ key: String) -> String {
        String(key.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(200)) + ".lock"
    }

    /// Takes the lock, waiting while another run holds it in a way `mode` cannot share; `stop` gives why the run
    /// must stop waiting (its deadline, SIGINT/SIGTERM), and `waiting` is told once that it waits. `what` names what
    /// is waited for in that message. Nil when the lock file cannot be used (no lock is better than no run).
    static func acquire(
        _ url: URL, _ mode: Mode = .exclusive, what: String, stop: () -> String?, waiting: () -> Void,
        sleep: (Double) -> Void = { usleep(UInt32($0 * 1e6)) }
    ) throws(Stopped) -> WaitingFileLock? {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { return nil }
        let lock = WaitingFileLock(descriptor: descriptor, url: url)
        return try lock.take(mode, what: what, stop: stop, waiting: waiting, sleep: sleep) ? lock : nil
    }

    /// Takes the lock in `mode`, from none or converting the one held (not atomic: while it waits, it holds none),
    /// as `acquire` does. False, the lock released, when the lock file cannot be used.
    func take(
        _ mode: Mode, what: String, stop: () -> String?, waiting: () -> Void,
        sleep: (Double) -> Void = { usleep(UInt32($0 * 1e6)) }
    ) throws(Stopped) -> Bool {
        var told = false
        while flock(descriptor, mode.operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                release()
                return false
            }
            if let reason = stop() {
                release()
                throw Stopped(message: "\(reason) while waiting for \(what) (\(url.path))")
            }
            if !told {
                waiting()
                told = true
            }
            sleep(0.5)
        }
        return true
    }

    struct Stopped: Error {
        var message: String
    }

    func release() {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
