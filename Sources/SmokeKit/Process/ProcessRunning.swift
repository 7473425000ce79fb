import Foundation
import SmokeCore

/// One long-running process to start: the build, a test batch, an `xcodebuild`, `llvm-cov export`.
package struct ProcessLaunch: Sendable {
    package var executable: String
    package var arguments: [String]
    var environment: [String: String]
    var currentDirectory: URL?
    var outputs: ChildProcess.Outputs = .merged
    /// Sent before SIGKILL on a stop: SIGINT for xcodebuild (it finalizes its result bundle), SIGTERM for tests.
    var stopSignal: Int32 = SIGTERM
    /// How long a stopped process may take to finish before its group is killed (`timeouts.graceSeconds`).
    package var graceSeconds: TimeInterval = 0
    /// `console.log`: stdout (merged output) as it comes; callers note the command line their way.
    package var log: ConsoleLog?
    /// Told about the process group while it runs (the run lock keeps it for a later run to end).
    var groups: (any ProcessGroupRecording)?
    /// A test process: marked in its environment (`StrayProcesses.variable`); what it left running is ended after it
    /// (`ProcessExit.strays`). Not for tools such as xcodebuild, whose daemons should outlive one invocation.
    var endsStrays = false

    init(executable: String, arguments: [String], environment: [String: String], currentDirectory: URL?) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.currentDirectory = currentDirectory
    }
}

/// What a caller's tick says about a running process.
package enum ProcessDecision: Sendable, Equatable {
    case keepRunning
    /// Stop it: the launch's stop signal, its grace period, then SIGKILL of the group.
    case stop
}

/// How a launched process ended.
package struct ProcessExit: Sendable, Equatable {
    var termination: Termination
    var stopped: Bool
    /// It did not finish within the grace period and its group was killed.
    var forced: Bool
    /// What it left running and smokerun ended after it (`ProcessLaunch.endsStrays`).
    var strays: [StrayProcesses.Stray]

    package init(
        termination: Termination, stopped: Bool = false, forced: Bool = false, strays: [StrayProcesses.Stray] = []
    ) {
        self.termination = termination
        self.stopped = stopped
        self.forced = forced
        self.strays = strays
    }
}

/// The seam for long-running processes: `ChildProcessRunner`, or in tests a scripted fake.
package protocol ProcessRunning: Sendable {
    /// Starts `launch` and runs it to the end: `onOutput` gets stdout (and merged stderr), `onError` separate
    /// stderr; `onTick` is asked at least every 0.2 s whether to stop it.
    func run(
        _ launch: ProcessLaunch, onOutput: (UnsafeRawBufferPointer) -> Void, onError: (UnsafeRawBufferPointer) -> Void,
        onTick: () -> ProcessDecision
    ) throws -> ProcessExit
}

extension ProcessRunning {
    func run(_ launch: ProcessLaunch, onOutput: (UnsafeRawBufferPointer) -> Void, onTick: () -> ProcessDecision) throws
        -> ProcessExit
    {
        try run(launch, onOutput: onOutput, onError: { _ in }, onTick: onTick)
    }
}
