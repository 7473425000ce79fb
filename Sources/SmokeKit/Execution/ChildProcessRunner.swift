import Foundation
import SmokeCore

/// The real runner: `ChildProcess` (own process group; on Linux fork + PR_SET_PDEATHSIG + exec;
/// close-on-exec pipes), started and run on the calling thread as `DeathSignalSpawn` requires.
struct ChildProcessRunner: ProcessRunning {
    init() {}

    func run(
        _ launch: ProcessLaunch, onOutput: (UnsafeRawBufferPointer) -> Void, onError: (UnsafeRawBufferPointer) -> Void,
        onTick: () -> ProcessDecision
    ) throws -> ProcessExit {
        let child = try ChildProcess(
            executable: launch.executable, arguments: launch.arguments, environment: launch.environment,
            currentDirectory: launch.currentDirectory, outputs: launch.outputs)
        launch.groups?.record(group: child.pid)
        defer { launch.groups?.forget(group: child.pid) }
        var stopped = false
        let termination = child.run(
            onOutput: { bytes in
                launch.log?.write(bytes)
                onOutput(bytes)
            },
            onError: onError,
            onTick: {
                guard onTick() == .stop else { return .keepRunning }
                stopped = true
                return .stop(signal: launch.stopSignal, grace: launch.graceSeconds)
            })
        return ProcessExit(termination: termination, stopped: stopped, forced: child.forced)
    }
}
