import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child started in its own process group, driven by a poll loop that lets the caller kill
/// the whole group — the test process and anything it spawned — on a timeout or a signal.
/// By default stdout and stderr share one pipe, so the log keeps the order things were printed in.
///
/// Plain POSIX on purpose: no Foundation `Process`, no dispatch queues. On Linux both can stall a
/// short command by 100 ms or more while libdispatch's pool grows, and a run starts dozens of them.
final class ChildProcess {
    /// Where the child's standard output and standard error go.
    enum Outputs: Sendable, Equatable {
        /// One pipe for both, read by `run`'s `onOutput`.
        case merged
        /// Two pipes: stdout to `onOutput`, stderr to `onError`.
        case separate
        /// stdout straight into a file (created or truncated), stderr to `onError`.
        case standardOutputToFile(URL)
    }

    let pid: pid_t
    private var outputDescriptor: Int32
    /// The stderr pipe when it is not merged into `outputDescriptor`.
    private var errorDescriptor: Int32?
    private var finished: Termination?
    /// Whether reaping the child also SIGKILLs what is left of its process group (false when the caller
    /// ends the leftovers itself, gently and by name: `StraySweeper`).
    private let endsGroupOnExit: Bool

    /// Starts `executable` (an absolute path) with exactly `environment`.
    init(
        executable: String, arguments: [String], environment: [String: String], currentDirectory: URL?,
        outputs: Outputs = .merged, endsGroupOnExit: Bool = true
    ) throws {
        let (readEnd, writeEnd) = try Self.makePipe(executable: executable)
        var errorPipe: (read: Int32, write: Int32)?
        if outputs != .merged {
            do {
                errorPipe = try Self.makePipe(executable: executable)
            } catch {
                close(readEnd)
                close(writeEnd)
                throw error
            }
        }

        // Registered while the spawn holds the lock: a sweep never takes a starting child for an orphan.
        var registered: pid_t?
        KnownChildren.shared.beginSpawn()
        defer { KnownChildren.shared.endSpawn(registering: registered) }

        #if os(Linux)
            // fork + prctl(PR_SET_PDEATHSIG) + exec: the child dies with smokerun (see DeathSignalSpawn).
            let standardOutput: DeathSignalSpawn.StandardOutput
            if case .standardOutputToFile(let file) = outputs {
                standardOutput = .file(file.path)
            } else {
                standardOutput = .descriptor(writeEnd)
            }
            let spawned = DeathSignalSpawn.spawn(
                executable: executable, arguments: arguments,
                environment: Self.environmentLines(environment),
                standardOutput: standardOutput, standardError: errorPipe?.write ?? writeEnd,
                closing: [readEnd, writeEnd] + [errorPipe?.read, errorPipe?.write].compactMap { $0 },
                currentDirectory: currentDirectory?.path)
            close(writeEnd)
            if let errorPipe { close(errorPipe.write) }
            let childPID: pid_t
            switch spawned {
            case .success(let started):
                childPID = started
            case .failure(let failure):
                close(readEnd)
                if let errorPipe { close(errorPipe.read) }
                let message = String(cString: strerror(failure.code))
                let reason =
                    switch failure.step {
                    case "chdir": "cannot change to \(currentDirectory?.path ?? "")"
                    case "exec": message
                    default: "\(failure.step): \(message)"
                    }
                throw ChildProcessError(executable: executable, reason: reason)
            }
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawnattr_init(&attributes)
            defer {
                posix_spawn_file_actions_destroy(&actions)
                posix_spawnattr_destroy(&attributes)
            }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            if case .standardOutputToFile(let file) = outputs {
                posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            } else {
                posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
            }
            posix_spawn_file_actions_adddup2(&actions, errorPipe?.write ?? writeEnd, 2)
            for descriptor in [readEnd, writeEnd] + [errorPipe?.read, errorPipe?.write].compactMap({ $0 }) {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            func closeAll() {
                for descriptor in [readEnd, writeEnd] + [errorPipe?.read, errorPipe?.write].compactMap({ $0 }) {
                    close(descriptor)
                }
            }
            if let currentDirectory {
                guard Self.addChangeDirectory(&actions, currentDirectory.path) == 0 else {
                    closeAll()
                    throw ChildProcessError(executable: executable, reason: "cannot change to \(currentDirectory.path)")
                }
            }
            // A new process group, so a timeout can kill the test and every process it started.
            posix_spawnattr_setpgroup(&attributes, 0)
            var flags = Int16(POSIX_SPAWN_SETPGROUP)
            // Children must not inherit smokerun's own signal handling.
            var defaultSignals = sigset_t()
            sigemptyset(&defaultSignals)
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaultSignals, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
            var emptyMask = sigset_t()
            sigemptyset(&emptyMask)
            posix_spawnattr_setsigmask(&attributes, &emptyMask)
            flags |= Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK)
            posix_spawnattr_setflags(&attributes, flags)

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = Self.environmentLines(environment).map { strdup($0) } + [nil]
            defer {
                for pointer in argv + envp { free(pointer) }
            }
            var childPID = pid_t()
            let status = posix_spawn(&childPID, executable, &actions, &attributes, argv, envp)
            close(writeEnd)
            if let errorPipe { close(errorPipe.write) }
            guard status == 0 else {
                close(readEnd)
                if let errorPipe { close(errorPipe.read) }
                throw ChildProcessError(executable: executable, reason: String(cString: strerror(status)))
            }
        #endif
        registered = childPID
        pid = childPID
        outputDescriptor = readEnd
        errorDescriptor = errorPipe?.read
        self.endsGroupOnExit = endsGroupOnExit
    }

    /// `KEY=value`, sorted: tools that key caches on their environment (SwiftPM's manifest cache) must
    /// see the same bytes on every run, not a dictionary's random order.
    private static func environmentLines(_ environment: [String: String]) -> [String] {
        environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    private static func makePipe(executable: String) throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        // Not inherited by children spawned concurrently from other threads: on Linux close-on-exec from
        // the start (a fork on another thread between pipe() and fcntl() would inherit the ends).
        #if os(Linux)
            let created = DeathSignalSpawn.closeOnExecPipe(&descriptors)
        #else
            let created = pipe(&descriptors)
        #endif
        guard created == 0 else {
            throw ChildProcessError(
                executable: executable, reason: "pipe() failed: \(String(cString: strerror(errno)))")
        }
        #if !os(Linux)
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        return (descriptors[0], descriptors[1])
    }

    #if canImport(Glibc)
        private typealias AddChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        /// glibc has had `posix_spawn_file_actions_addchdir_np` since 2.29 but its header hides it
        /// from Swift; look it up at run time.
        private static func addChangeDirectory(
            _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String
        ) -> Int32 {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
            else { return ENOSYS }
            return unsafeBitCast(symbol, to: AddChangeDirectory.self)(actions, path)
        }
    #else
        private static func addChangeDirectory(
            _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String
        ) -> Int32 {
            posix_spawn_file_actions_addchdir_np(actions, path)
        }
    #endif

    deinit {
        closeOutput()
        if finished == nil { KnownChildren.shared.forget(pid) }
    }

    private func closeOutput() {
        if outputDescriptor >= 0 { close(outputDescriptor) }
        if let errorDescriptor, errorDescriptor >= 0 { close(errorDescriptor) }
        outputDescriptor = -1
        errorDescriptor = nil
    }

    /// What the poll loop should do next.
    enum Decision: Sendable, Equatable {
        case keepRunning
        /// Kill the whole process group now.
        case kill
        /// Ask the whole group to finish (`signal`), keep reading what it prints for up to `grace`
        /// seconds, then kill it: xcodebuild finalizes its result bundle on SIGINT, a test process
        /// flushes its output and profile on SIGTERM.
        case stop(signal: Int32, grace: TimeInterval)
    }

    /// Whether the last `run` had to SIGKILL the group (a kill, or a stop whose grace ran out).
    private(set) var forced = false

    /// How long output is still read after the child exited on its own: what its descendants print
    /// meanwhile still reaches the log, but one that keeps the pipe open cannot hold the run.
    static let drainSeconds: TimeInterval = 1

    /// Reads output until the child has exited and its output is closed, or, when something it started
    /// keeps the output open, until `drain` seconds after it exited (at once when it was stopped or
    /// killed); then closes the read end. `onOutput` sees every chunk as it arrives (`onError` the stderr
    /// chunks when they are separate); `onTick` is asked at least every `tick` seconds while the child
    /// runs whether to kill or stop the group (not asked again once it said so).
    func run(
        tick: TimeInterval = 0.2,
        drain: TimeInterval = ChildProcess.drainSeconds,
        onOutput: (UnsafeRawBufferPointer) -> Void,
        onError: (UnsafeRawBufferPointer) -> Void = { _ in },
        onTick: () -> Decision
    ) -> Termination {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var descriptors = [pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)]
        if let errorDescriptor { descriptors.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0)) }
        var killed = false
        var stopDeadline: Date?
        var drainDeadline: Date?
        var idle: TimeInterval = 0.0005

        /// One poll of the open descriptors for up to `timeout` seconds; true when something was read.
        func pump(timeout: TimeInterval) -> Bool {
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(max(0, timeout) * 1000))
            guard ready > 0 else { return false }
            var readSomething = false
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let descriptor = descriptors[index].fd
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    readSomething = true
                    buffer.withUnsafeBytes { bytes in
                        let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                        descriptor == outputDescriptor ? onOutput(chunk) : onError(chunk)
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // Closed: a negative fd makes poll skip it.
                    descriptors[index].fd = -1
                }
            }
            return readSomething
        }

        // Ends: the child is reaped (polled every tick; a kill reaches it), then the output closes or drains.
        while true {
            if finished == nil, reap(blocking: false) != nil {
                let stopping = killed || stopDeadline != nil
                drainDeadline = Date().addingTimeInterval(stopping ? 0 : max(0, drain))
            }
            let open = descriptors.contains { $0.fd >= 0 }
            if finished != nil, !open { break }
            if let drainDeadline, Date() >= drainDeadline {
                // What is already in the pipe still counts; bounded so a writer cannot keep us here.
                var rounds = 0
                while rounds < 64, descriptors.contains(where: { $0.fd >= 0 }), pump(timeout: 0) { rounds += 1 }
                break
            }
            let wait = drainDeadline.map { min(tick, $0.timeIntervalSinceNow) } ?? tick
            if open {
                _ = pump(timeout: wait)
            } else {
                // Output closed, child not reaped yet: it is usually exiting this very moment, so look again
                // soon, then less often (1, 2, 4 … ms up to a tick).
                idle = min(wait, idle * 2)
                usleep(UInt32(max(0, idle) * 1_000_000))
            }
            guard finished == nil, !killed else { continue }
            if let deadline = stopDeadline {
                if Date() >= deadline {
                    forceKill()
                    killed = true
                }
                continue
            }
            switch onTick() {
            case .keepRunning:
                break
            case .kill:
                forceKill()
                killed = true
            case .stop(let signal, let grace):
                kill(-pid, signal)
                kill(pid, signal)
                stopDeadline = Date().addingTimeInterval(max(0, grace))
            }
        }
        // Whatever still holds the write end now writes into a closed pipe instead of one nobody reads.
        closeOutput()
        return finished ?? waitForExit()
    }

    private func forceKill() {
        forced = true
        killGroup()
    }

    /// SIGKILL to the whole process group; safe to call more than once.
    func killGroup() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
    }

    private func waitForExit() -> Termination {
        if let finished { return finished }
        return reap(blocking: true) ?? .signaled(SIGKILL)
    }

    /// Collects the child's exit status; nil when it still runs (or, blocking, when waitpid failed).
    private func reap(blocking: Bool) -> Termination? {
        if let finished { return finished }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        } while result == -1 && errno == EINTR
        guard result == pid else { return nil }
        KnownChildren.shared.forget(pid)
        // The child is gone; unless the caller ends them itself, nothing it started in its group survives.
        if endsGroupOnExit { kill(-pid, SIGKILL) }
        let termination: Termination
        if (status & 0x7f) == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signaled(status & 0x7f)
        }
        finished = termination
        return termination
    }
}

/// A process that could not be started.
package struct ChildProcessError: LocalizedError, DomainError {
    var executable: String
    var reason: String
    package var kind: ErrorKind { .infrastructure }

    package init(executable: String, reason: String) {
        self.executable = executable
        self.reason = reason
    }
    package var errorDescription: String? { "could not start \(executable): \(reason)" }
}
