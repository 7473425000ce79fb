import Foundation
import SmokeCore

/// A child in its own process group, driven by a poll loop that can kill the whole group (the test and all it
/// spawned) on a timeout or a signal. stdout and stderr share one pipe by default, keeping the printed order.
/// Plain POSIX, not Foundation `Process` or dispatch (see Documentation/Performance.md).
final class ChildProcess {
    /// Where the child's stdout and stderr go.
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
    /// Whether reaping also SIGKILLs the rest of its process group (false when `StraySweeper` ends them gently).
    private let endsGroupOnExit: Bool

    /// Starts `executable` (an absolute path) with exactly `environment`.
    init(
        executable: String, arguments: [String], environment: [String: String], currentDirectory: URL?,
        outputs: Outputs = .merged, endsGroupOnExit: Bool = true
    ) throws {
        let output = try Self.makePipe(executable: executable)
        var errorPipe: PipeEnds?
        if outputs != .merged {
            do {
                errorPipe = try Self.makePipe(executable: executable)
            } catch {
                close(output.read)
                close(output.write)
                throw error
            }
        }

        // Registered while the spawn holds the lock: a sweep never takes a starting child for an orphan.
        var registered: pid_t?
        KnownChildren.shared.beginSpawn()
        defer { KnownChildren.shared.endSpawn(registering: registered) }
        let childPID = try Self.spawn(
            executable: executable, arguments: arguments, environment: environment,
            currentDirectory: currentDirectory, outputs: outputs, output: output, errorPipe: errorPipe)
        registered = childPID
        pid = childPID
        outputDescriptor = output.read
        errorDescriptor = errorPipe?.read
        self.endsGroupOnExit = endsGroupOnExit
    }

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
        case kill
        /// Send `signal` to the group, keep reading for up to `grace` seconds, then kill it: xcodebuild finalizes its
        /// result bundle on SIGINT, a test process flushes its output and profile on SIGTERM.
        case stop(signal: Int32, grace: TimeInterval)
    }

    /// Whether the last `run` had to SIGKILL the group (a kill, or a stop whose grace ran out).
    private(set) var forced = false

    /// How long output is read after the child exits: descendants' lines still count, but cannot hold the run.
    static let drainSeconds: TimeInterval = 1

    /// Reads output until the child exited and its output closed, or `drain` seconds after it exited (at once when
    /// stopped or killed). `onTick`, asked at least every `tick` seconds while it runs, may kill or stop the group.
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
                drainDeadline = SystemClock.now().addingTimeInterval(stopping ? 0 : max(0, drain))
            }
            let open = descriptors.contains { $0.fd >= 0 }
            if finished != nil, !open { break }
            if let drainDeadline, SystemClock.now() >= drainDeadline {
                // What is already in the pipe still counts; bounded so a writer cannot keep us here.
                var rounds = 0
                while rounds < 64, descriptors.contains(where: { $0.fd >= 0 }), pump(timeout: 0) { rounds += 1 }
                break
            }
            let wait = drainDeadline.map { min(tick, $0.timeIntervalSinceNow) } ?? tick
            if open {
                _ = pump(timeout: wait)
            } else {
                // Output closed, child not reaped yet: it is usually exiting now, so look again soon, then less often.
                idle = min(wait, idle * 2)
                usleep(UInt32(max(0, idle) * 1_000_000))
            }
            guard finished == nil, !killed else { continue }
            if let deadline = stopDeadline {
                if SystemClock.now() >= deadline {
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
                stopDeadline = SystemClock.now().addingTimeInterval(max(0, grace))
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
