import Foundation
import SmokeCore

/// The real runner: `ChildProcess`, run on the calling thread as `DeathSignalSpawn` requires; for a test process
/// (`endsStrays`) it then ends what the process left running (`StraySweeper`).
struct ChildProcessRunner: ProcessRunning {
    /// Caps a leftover's SIGTERM-to-SIGKILL wait, so deadlines and a stop never wait the whole `graceSeconds`.
    static let strayGraceSeconds: TimeInterval = 2

    init() {}

    func run(
        _ launch: ProcessLaunch, onOutput: (UnsafeRawBufferPointer) -> Void, onError: (UnsafeRawBufferPointer) -> Void,
        onTick: () -> ProcessDecision
    ) throws -> ProcessExit {
        var environment = launch.environment
        let marker = launch.endsStrays ? ProcessTree.newMarker() : nil
        if let marker { environment[StrayProcesses.variable] = marker }
        let child = try ChildProcess(
            executable: launch.executable, arguments: launch.arguments, environment: environment,
            currentDirectory: launch.currentDirectory, outputs: launch.outputs, endsGroupOnExit: marker == nil)
        // Read while it runs: what it starts carries its marker and starts no earlier.
        let startedAt = marker == nil ? nil : ProcessStartTime.of(child.pid)
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
        let strays =
            marker.map { marker in
                StraySweeper().sweep(
                    ended: child.pid, marker: marker, startedAt: startedAt,
                    grace: min(launch.graceSeconds, Self.strayGraceSeconds))
            } ?? []
        return ProcessExit(termination: termination, stopped: stopped, forced: child.forced, strays: strays)
    }
}
