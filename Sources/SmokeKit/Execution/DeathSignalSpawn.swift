#if os(Linux)
import Glibc
import Foundation

/// Linux process start for `ChildProcess`: fork, then in the child `prctl(PR_SET_PDEATHSIG,
/// SIGKILL)` before exec, so a test process or tool dies with smokerun even when smokerun is
/// killed with SIGKILL and gets no chance to clean up (issue 15: a hang test outlived `kill -9`
/// of `run` by ten minutes and overlapped the next run).
///
/// Why this and not the alternatives: `posix_spawn` cannot set a death signal; a shim that sets it
/// and then execs would have to be a second executable (a shell script with joined arguments is not
/// acceptable, and the test targets have no smokerun binary to re-exec); a watchdog process or a
/// subreaper needs a process that itself survives smokerun. Fork + prctl + exec is what the kernel
/// offers for exactly this. After `fork` in a threaded process only async-signal-safe calls are
/// allowed, so everything the child needs (argv, envp, paths, the prctl entry point) is prepared
/// before the fork and the child only makes system calls on it.
///
/// The death signal reaches the direct child (the test binary, `swift`, `xcodebuild`); processes
/// those start are in the child's process group, which `ChildProcess` kills when the child ends.
/// The kernel sends it when the *thread* that forked exits, so `ChildProcess` must be run on the
/// thread that started it (every caller does: start, then `run`, in one function).
enum DeathSignalSpawn {
    /// Where the child's standard output goes.
    enum StandardOutput {
        case descriptor(Int32)
        case file(String)
    }

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// `pipe2(…, O_CLOEXEC)`: both ends close-on-exec from the start, so a fork on another thread never
    /// inherits them (with pipe() then fcntl() there is a gap). Glibc declares pipe2 only under
    /// _GNU_SOURCE, which Swift's Glibc module does not set, so it is looked up; pipe() + fcntl() if absent.
    static func closeOnExecPipe(_ descriptors: inout [Int32]) -> Int32 {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
            return descriptors.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: Pipe2.self)($0.baseAddress!, O_CLOEXEC) }
        }
        guard pipe(&descriptors) == 0 else { return -1 }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return 0
    }
    private static let prSetPdeathsig: Int32 = 1

    /// Starts `executable` in a new process group with stdin from /dev/null; returns its pid, or
    /// the `errno` of the step that failed (exec, chdir, open) as the error.
    static func spawn(
        executable: String, arguments: [String], environment: [String], standardOutput: StandardOutput,
        standardError: Int32, closing descriptors: [Int32], currentDirectory: String?
    ) -> Result<pid_t, SpawnFailure> {
        // prctl is variadic in C, which Swift cannot call; its arguments are all integers, which
        // x86_64 and arm64 Linux pass the same way either way, so a fixed-arity pointer is sound.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else {
            return .failure(SpawnFailure(step: "prctl lookup", code: ENOSYS))
        }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        // Reports exec's errno to the parent; CLOEXEC closes it when exec succeeds.
        var report: [Int32] = [0, 0]
        guard closeOnExecPipe(&report) == 0 else { return .failure(SpawnFailure(step: "pipe", code: errno)) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        let path = strdup(executable)
        let devNull = strdup("/dev/null")
        let outputFile: UnsafeMutablePointer<CChar>? = if case .file(let file) = standardOutput { strdup(file) } else { nil }
        let directory = currentDirectory.map { strdup($0) } ?? nil
        defer {
            (argv + envp).forEach { free($0) }
            for pointer in [path, devNull, outputFile, directory] { free(pointer) }
        }
        let outputDescriptor: Int32 = if case .descriptor(let descriptor) = standardOutput { descriptor } else { -1 }
        let toClose = descriptors
        let parent = getpid()
        var defaultAction = sigaction()  // all zero: SIG_DFL
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)

        let pid = fork()
        if pid < 0 {
            close(report[0])
            close(report[1])
            return .failure(SpawnFailure(step: "fork", code: errno))
        }
        if pid == 0 {
            child(prctl: prctl, parent: parent, report: report[1], defaultAction: &defaultAction, emptyMask: &emptyMask,
                  devNull: devNull, outputFile: outputFile, outputDescriptor: outputDescriptor, standardError: standardError,
                  closing: toClose, directory: directory, path: path, argv: argv, envp: envp)
        }
        close(report[1])
        var code: [Int32] = [0, 0]
        var count = 0
        repeat { count = read(report[0], &code, 8) } while count < 0 && errno == EINTR
        close(report[0])
        guard count <= 0 else {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            return .failure(SpawnFailure(step: ["open /dev/null", "redirect output", "chdir", "exec"][max(0, min(Int(code[0]) - 1, 3))], code: code[1]))
        }
        return .success(pid)
    }

    /// The child between fork and exec: system calls only, on data prepared before the fork, no
    /// allocation (another thread may have held the allocator's lock at the moment of the fork).
    private static func child(
        prctl: Prctl, parent: pid_t, report: Int32, defaultAction: UnsafePointer<sigaction>, emptyMask: UnsafePointer<sigset_t>,
        devNull: UnsafePointer<CChar>?, outputFile: UnsafePointer<CChar>?, outputDescriptor: Int32, standardError: Int32,
        closing descriptors: [Int32], directory: UnsafePointer<CChar>?, path: UnsafePointer<CChar>?,
        argv: [UnsafeMutablePointer<CChar>?], envp: [UnsafeMutablePointer<CChar>?]
    ) -> Never {
        _ = setpgid(0, 0)
        _ = prctl(prSetPdeathsig, UInt(SIGKILL), 0, 0, 0)
        // smokerun may have died between fork and prctl: then nobody would send the signal.
        if getppid() != parent { _exit(127) }
        // Children must not inherit smokerun's own signal handling.
        _ = sigaction(SIGINT, defaultAction, nil)
        _ = sigaction(SIGTERM, defaultAction, nil)
        _ = sigaction(SIGHUP, defaultAction, nil)
        _ = sigaction(SIGPIPE, defaultAction, nil)
        _ = pthread_sigmask(SIG_SETMASK, emptyMask, nil)
        let input = open(devNull!, O_RDONLY | O_CLOEXEC)
        if input < 0 || dup2(input, 0) < 0 { failInChild(report, step: 1) }
        if let outputFile {
            let output = open(outputFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if output < 0 || dup2(output, 1) < 0 { failInChild(report, step: 2) }
        } else if dup2(outputDescriptor, 1) < 0 {
            failInChild(report, step: 2)
        }
        if dup2(standardError, 2) < 0 { failInChild(report, step: 2) }
        // Every descriptor here was opened close-on-exec; dup2 onto 0–2 clears the flag, except when the source
        // already was that number (smokerun started with a standard stream closed), so clear it outright.
        for standard: Int32 in 0...2 { _ = fcntl(standard, F_SETFD, 0) }
        for descriptor in descriptors where descriptor > 2 { close(descriptor) }
        if let directory, chdir(directory) != 0 { failInChild(report, step: 3) }
        argv.withUnsafeBufferPointer { arguments in
            envp.withUnsafeBufferPointer { environment in
                _ = execve(path!, arguments.baseAddress!, environment.baseAddress!)
            }
        }
        failInChild(report, step: 4)
    }

    /// Tells the parent which step failed and with which errno, then exits.
    private static func failInChild(_ report: Int32, step: Int32) -> Never {
        var code: (Int32, Int32) = (step, errno)
        _ = write(report, &code, 8)
        _exit(127)
    }

    struct SpawnFailure: Error {
        var step: String
        var code: Int32
    }
}
#endif
