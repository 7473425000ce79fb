import Foundation

/// An exclusive, cross-process lock on one pipeline's runs: `flock()` on a file under the output
/// folder. The kernel drops the lock when its process dies, even by SIGKILL, so a crash never
/// leaves it stuck; the holder's pid is written into the file for messages.
package final class RunLock: @unchecked Sendable {
    package let url: URL
    private let lock = NSLock()
    private var descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Where the lock of a pipeline lives: `<output>/locks/<name>.lock`.
    package static func fileURL(outputDirectory: URL, pipelineName: String) -> URL {
        let safe = String(pipelineName.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        return outputDirectory.appendingPathComponent("locks").appendingPathComponent((safe.isEmpty ? "pipeline" : safe) + ".lock")
    }

    /// Takes the lock without waiting, or throws `.held` naming the process that has it.
    package static func acquire(at url: URL) throws(RunLockError) -> RunLock {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unusable(path: url.path, reason: error.localizedDescription)
        }
        // O_CLOEXEC: test processes started by the run must not inherit (and so keep) the lock.
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unusable(path: url.path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = readPID(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw .held(path: url.path, pid: holder) }
            throw .unusable(path: url.path, reason: String(cString: strerror(code)))
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return RunLock(url: url, descriptor: descriptor)
    }

    /// Gives the lock up; the file stays (removing it would race with a process opening it).
    package func release() {
        lock.lock()
        defer { lock.unlock() }
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A run lock that could not be taken.
package enum RunLockError: LocalizedError, ExitCodeProviding, Equatable {
    /// Another run of this pipeline holds the lock.
    case held(path: String, pid: Int32?)
    case unusable(path: String, reason: String)

    package var exitCode: ExitCode { .infrastructure }

    package var errorDescription: String? {
        switch self {
        case .held(let path, let pid):
            let holder = pid.map { "process \($0)" } ?? "another process"
            return "another run of this pipeline is in progress (\(holder) holds \(path)); wait for it to finish"
        case .unusable(let path, let reason):
            return "cannot use the run lock \(path): \(reason); check that the output folder is writable"
        }
    }
}
