import Foundation
import SmokeCore

/// An exclusive cross-process lock on one pipeline's runs: `flock()` on a file under the output folder, dropped by
/// the kernel when its process dies (even by SIGKILL). The file holds the holder's pid and its test process
/// groups, so a later run can end what a killed one left behind on macOS (`LeftoverProcesses`).
package final class RunLock: ProcessGroupRecording, @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private var descriptor: Int32
    private var groups: [LeftoverProcesses.Group] = []
    /// What a killed earlier holder left running and taking the lock ended, for the run to say.
    package private(set) var endedLeftovers: [String] = []

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { release() }

    /// `<output>/locks/<name>[-<file hash>].lock`.
    package static func fileURL(outputDirectory: URL, pipeline: PipelineKey) -> URL {
        OutputLayout(root: outputDirectory).lock(pipeline: pipeline)
    }

    /// Takes the lock without waiting, or throws `.held` naming the process that has it.
    package static func acquire(at url: URL) throws(RunLockError) -> RunLock {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unusable(path: url.path, reason: error.localizedDescription)
        }
        // A root run must never write its pid through a planted link: not the folder, not the file (O_NOFOLLOW).
        if POSIXFile.isSymlink(url.deletingLastPathComponent()) {
            throw .unusable(
                path: url.path,
                reason: """
                    \(url.deletingLastPathComponent().path) is a symbolic link, which smokerun does not follow for files \
                    it writes; remove the link
                    """)
        }
        // O_CLOEXEC: test processes started by the run must not inherit (and so keep) the lock.
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw .unusable(path: url.path, reason: POSIXFile.openFailure()) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .unusable(path: url.path, reason: "it is not a regular file; move it away")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = currentHolder(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw .held(path: url.path, pid: holder) }
            throw .unusable(path: url.path, reason: String(cString: strerror(code)))
        }
        var ended: [String] = []
        #if os(macOS)
            // No parent-death signal on macOS: end the test processes a killed previous holder recorded, if they are
            // still the same processes.
            ended = endLeftovers(recordedIn: descriptor)
        #elseif os(Linux)
            // The parent-death signal ended a killed smokerun's test processes, not what they started.
            ended = endMarkedLeftovers(recordedIn: descriptor)
        #endif
        let held = RunLock(url: url, descriptor: descriptor)
        held.endedLeftovers = ended
        held.writeContents()
        return held
    }

    /// Records a test process group (its leader's pid) started under this lock; `forget` when it ends.
    package func record(group pid: Int32) {
        guard let startTime = ProcessStartTime.of(pid) else { return }
        lock.lock()
        defer { lock.unlock() }
        groups.append(LeftoverProcesses.Group(pid: pid, startTime: startTime))
        writeContentsLocked()
    }

    package func forget(group pid: Int32) {
        lock.lock()
        defer { lock.unlock() }
        groups.removeAll { $0.pid == pid }
        writeContentsLocked()
    }

    private func writeContents() {
        lock.lock()
        defer { lock.unlock() }
        writeContentsLocked()
    }

    /// Written first, then the old tail cut: a reader never finds the file empty.
    private func writeContentsLocked() {
        guard descriptor >= 0 else { return }
        let text = Array(
            LeftoverProcesses.render(holder: getpid(), groups: groups, tree: ProcessTree.ownPrefix).utf8)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(descriptor, off_t(text.count))
    }

    #if os(macOS)
        private static func endLeftovers(recordedIn descriptor: Int32) -> [String] {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return [] }
            let recorded = LeftoverProcesses.parse(String(decoding: buffer[..<count], as: UTF8.self)).groups
            var ended: [String] = []
            for pid in LeftoverProcesses.toEnd(recorded, startTime: ProcessStartTime.of, ownPID: getpid()) {
                ended.append(ProcessTree.commandLine(of: pid) ?? "process \(pid)")
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
            }
            return ended
        }
    #endif

    #if os(Linux)
        private static func endMarkedLeftovers(recordedIn descriptor: Int32) -> [String] {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return [] }
            let tree = LeftoverProcesses.parse(String(decoding: buffer[..<count], as: UTF8.self)).tree
            guard tree != nil, tree != ProcessTree.ownPrefix else { return [] }
            let markers = ProcessTree.table().compactMap { entry in
                ProcessTree.marker(of: entry.pid).map { (pid: entry.pid, marker: $0) }
            }
            var ended: [String] = []
            for pid in LeftoverProcesses.markedToEnd(
                markers, tree: tree, ownTree: ProcessTree.ownPrefix, startTime: ProcessStartTime.of)
            {
                ended.append(ProcessTree.commandLine(of: pid) ?? "process \(pid)")
                kill(pid, SIGKILL)
            }
            return ended
        }
    #endif

    /// Gives the lock up; the file stays (removing it would race with a process opening it).
    package func release() {
        lock.lock()
        defer { lock.unlock() }
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// The pid the holder wrote, read now, once it names a running process: a new holder may not have written its pid
    /// yet when two runs start together. Nil when none is named within 200 ms.
    private static func currentHolder(_ descriptor: Int32) -> Int32? {
        for _ in 0..<10 {
            if let pid = readPID(descriptor), ProcessStartTime.of(pid) != nil { return pid }
            usleep(20_000)
        }
        return nil
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return LeftoverProcesses.parse(String(decoding: buffer[..<count], as: UTF8.self)).holder
    }
}

package enum RunLockError: LocalizedError, DomainError, Equatable {
    case held(path: String, pid: Int32?)
    case unusable(path: String, reason: String)

    package var kind: ErrorKind { .infrastructure }

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
