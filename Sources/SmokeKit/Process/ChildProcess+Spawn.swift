import Foundation
import SmokeCore

/// Starting the child: its pipes, then fork + exec (Linux) or posix_spawn, in a process group of its own.
extension ChildProcess {
    typealias PipeEnds = (read: Int32, write: Int32)

    /// Starts `executable`, stdin /dev/null, output as `outputs` says; closes the write ends (read ends too on throw).
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], currentDirectory: URL?,
        outputs: Outputs, output: PipeEnds, errorPipe: PipeEnds?
    ) throws -> pid_t {
        let (readEnd, writeEnd) = output
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
            // Only 0-2 reach the child: none of smokerun's own files stays open in what it starts.
            var flags = Int16(POSIX_SPAWN_SETPGROUP) | Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
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
        return childPID
    }

    /// `KEY=value`, sorted: tools that key caches on their environment (SwiftPM's manifest cache) need stable bytes.
    private static func environmentLines(_ environment: [String: String]) -> [String] {
        environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    static func makePipe(executable: String) throws -> PipeEnds {
        var descriptors: [Int32] = [0, 0]
        // Linux: close-on-exec from the start; a fork on another thread between pipe() and fcntl() would inherit them.
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
        /// glibc's header hides `posix_spawn_file_actions_addchdir_np` (2.29+) from Swift: looked up at run time.
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
}
