import Foundation
import SmokeCore

/// One run at a time on a simulator: two pipelines whose profiles resolve to one device share it, and one
/// would shut down and erase it under the other's tests. `flock()` on a file named after the device in the user's
/// temporary folder, shared by every smokerun of that user (simulators are per user); waited for while the run may
/// go on, dropped by the kernel when its holder dies.
final class SimulatorLock: @unchecked Sendable {
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { release() }

    /// `smokerun-simulators` in the run's temporary folder (`TMPDIR` of its environment).
    static func folder(environment: [String: String]) -> URL {
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
        return (temporary ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("smokerun-simulators", isDirectory: true)
    }

    /// The lock file of the device a plan resolved: `SimulatorPlan.deviceKey`, as a safe file name.
    static func fileURL(for plan: SimulatorPlan, environment: [String: String] = [:]) -> URL {
        let key = plan.deviceKey
        let safe = String(key.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(200))
        return folder(environment: environment).appendingPathComponent(safe + ".lock")
    }

    /// Takes the lock, waiting while another run holds it; `stop` gives why the run must stop waiting (its deadline,
    /// SIGINT/SIGTERM), and `waiting` is told once that it waits. Nil when the lock file cannot be used (no lock is
    /// better than no run: the run goes on as before).
    static func acquire(
        _ url: URL, stop: () -> String?, waiting: () -> Void, sleep: (Double) -> Void = { usleep(UInt32($0 * 1e6)) }
    ) throws(Stopped) -> SimulatorLock? {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { return nil }
        var told = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                close(descriptor)
                return nil
            }
            if let reason = stop() {
                close(descriptor)
                throw Stopped(
                    message: "\(reason) while waiting for the simulator another smokerun run was using (\(url.path))")
            }
            if !told {
                waiting()
                told = true
            }
            sleep(0.5)
        }
        return SimulatorLock(descriptor: descriptor)
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
