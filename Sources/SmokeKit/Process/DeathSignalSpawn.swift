import SmokeCore

#if os(Linux)
    import CSpawn
    import Glibc

    /// Linux process start for `ChildProcess`: fork, then in the child `prctl(PR_SET_PDEATHSIG,
    /// SIGKILL)` before exec, so a test process or tool dies with smokerun even when smokerun is
    /// killed with SIGKILL and gets no chance to clean up (without it, a hanging test outlived `kill -9`
    /// of `run` by ten minutes and overlapped the next run).
    ///
    /// Why this and not the alternatives: `posix_spawn` cannot set a death signal; a shim that sets it
    /// and then execs would have to be a second executable (a shell script with joined arguments is not
    /// acceptable, and the test targets have no smokerun binary to re-exec); a watchdog process needs a
    /// process that itself survives smokerun. Fork + prctl + exec is what the kernel
    /// offers for exactly this. After `fork` in a threaded process only async-signal-safe calls are
    /// allowed, and Swift code in the child is not (a debug build's unspecialized generics ask the
    /// runtime for metadata and can wait forever on a lock held at the fork: seen as a hung test child).
    /// So fork, the child and exec are the C target `CSpawn`; this type prepares the C strings.
    ///
    /// The death signal reaches the direct child (the test binary, `swift`, `xcodebuild`) only. What
    /// those start is ended when the child ends: its process group by `ChildProcess`, and for a test
    /// process everything it left by `StraySweeper`; after a SIGKILL of smokerun, the next run of the
    /// pipeline ends what is still marked (`RunLock`).
    /// The kernel sends it when the *thread* that forked exits, so `ChildProcess` must be run on the
    /// thread that started it (every caller does: start, then `run`, in one function).
    enum DeathSignalSpawn {
        /// Where the child's standard output goes.
        enum StandardOutput {
            case descriptor(Int32)
            case file(String)
        }

        /// `pipe2(…, O_CLOEXEC)`: both ends close-on-exec from the start, so a fork on another thread never
        /// inherits them (with pipe() then fcntl() there is a gap).
        static func closeOnExecPipe(_ descriptors: inout [Int32]) -> Int32 {
            descriptors.withUnsafeMutableBufferPointer { smokerun_cloexec_pipe($0.baseAddress!) }
        }

        /// Starts `executable` in a new process group with stdin from /dev/null; returns its pid, or
        /// the `errno` of the step that failed (exec, chdir, open) as the error.
        static func spawn(
            executable: String, arguments: [String], environment: [String], standardOutput: StandardOutput,
            standardError: Int32, closing descriptors: [Int32], currentDirectory: String?
        ) -> Result<pid_t, SpawnFailure> {
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            let outputFile: UnsafeMutablePointer<CChar>? =
                if case .file(let file) = standardOutput { strdup(file) } else { nil }
            let directory = currentDirectory.map { strdup($0) } ?? nil
            defer {
                for pointer in argv + envp { free(pointer) }
                free(outputFile)
                free(directory)
            }
            let outputDescriptor: Int32 =
                if case .descriptor(let descriptor) = standardOutput { descriptor } else { -1 }
            var step: Int32 = 0
            var code: Int32 = 0
            let pid = argv.withUnsafeBufferPointer { arguments in
                envp.withUnsafeBufferPointer { environment in
                    descriptors.withUnsafeBufferPointer { closing in
                        smokerun_spawn(
                            executable, arguments.baseAddress!, environment.baseAddress!, outputFile, outputDescriptor,
                            standardError, closing.baseAddress, Int32(closing.count), directory, &step, &code)
                    }
                }
            }
            guard pid < 0 else { return .success(pid) }
            let steps = ["open /dev/null", "redirect output", "chdir", "exec", "pipe", "fork"]
            return .failure(SpawnFailure(step: steps[max(0, min(Int(step) - 1, steps.count - 1))], code: code))
        }

        struct SpawnFailure: Error {
            var step: String
            var code: Int32
        }
    }
#endif
