import SmokeCore

#if os(Linux)
    import CSpawn
    import Glibc

    /// Linux start for `ChildProcess`: fork, `prctl(PR_SET_PDEATHSIG, SIGKILL)` in the child, exec, so the child dies
    /// with smokerun even when smokerun is SIGKILLed. `posix_spawn` cannot set a death signal, and a shim would be a
    /// second executable. After `fork` in a threaded process only async-signal-safe calls are allowed and Swift code
    /// is not (the runtime may wait forever on a lock held at the fork), so fork, child and exec are C (`CSpawn`).
    /// The signal reaches the direct child only: its group is ended by `ChildProcess`, leftovers by `StraySweeper`,
    /// and after a SIGKILL of smokerun the next run ends what is still marked (`RunLock`). It is sent when the
    /// forking *thread* exits: run a `ChildProcess` on the thread that started it.
    enum DeathSignalSpawn {
        enum StandardOutput {
            case descriptor(Int32)
            case file(String)
        }

        /// `pipe2(…, O_CLOEXEC)`: close-on-exec from the start, so a fork on another thread never inherits the ends.
        static func closeOnExecPipe(_ descriptors: inout [Int32]) -> Int32 {
            descriptors.withUnsafeMutableBufferPointer { smokerun_cloexec_pipe($0.baseAddress!) }
        }

        /// How long an executable still open for writing is waited for: a fork on another thread may hold a copy of
        /// the descriptor that wrote it (a script written a moment ago) until that child execs.
        static let busyRetries = (count: 20, microseconds: UInt32(100_000))

        /// Starts `executable` in a new process group, stdin from /dev/null: its pid, or the failed step's `errno`.
        /// An executable busy being written ("Text file busy") is tried again for up to two seconds.
        static func spawn(
            executable: String, arguments: [String], environment: [String], standardOutput: StandardOutput,
            standardError: Int32, currentDirectory: String?
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
            for attempt in 0...busyRetries.count {
                if attempt > 0 { usleep(busyRetries.microseconds) }
                let pid = argv.withUnsafeBufferPointer { arguments in
                    envp.withUnsafeBufferPointer { environment in
                        smokerun_spawn(
                            executable, arguments.baseAddress!, environment.baseAddress!, outputFile, outputDescriptor,
                            standardError, directory, &step, &code)
                    }
                }
                guard pid < 0 else { return .success(pid) }
                guard step == 4, code == ETXTBSY else { break }
            }
            let steps = ["open /dev/null", "redirect output", "chdir", "exec", "pipe", "fork"]
            return .failure(SpawnFailure(step: steps[max(0, min(Int(step) - 1, steps.count - 1))], code: code))
        }

        struct SpawnFailure: Error {
            var step: String
            var code: Int32
        }
    }
#endif
