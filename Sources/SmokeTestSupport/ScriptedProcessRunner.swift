import Foundation
import SmokeCore
import SmokeKit

/// A clock that moves only when told to: the fake's "waits" advance it, so timeouts are reached without sleeping.
package final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    package init() {}

    package var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    package func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// A `ProcessRunning` that replays one script per launch, in order: output, waits on the manual clock
/// (asking `onTick` once per simulated second, as the real poll loop does), then an exit, a crash or a hang.
package final class ScriptedProcessRunner: ProcessRunning, @unchecked Sendable {
    package enum Step {
        case print(String)
        /// Swift Testing's event-stream records, appended to the file named after `--experimental-event-stream-output`.
        case stream([String])
        /// Time passes while the process prints nothing.
        case wait(TimeInterval)
    }

    /// How the script ends when nobody stops it.
    package enum Ending {
        case exit(Int32)
        /// Killed by a signal of its own (a crash).
        case crash(Int32)
        /// Never ends by itself; only a stop ends it (bounded at a simulated day).
        case hang
    }

    /// What the process does when it is asked to stop.
    package enum OnStop {
        /// Prints, then ends with the stop signal within the grace period.
        case finishes(printing: String, termination: Termination)
        /// Ignores the stop signal: the runner kills it when the grace period is over.
        case ignores
    }

    package struct Script {
        package var steps: [Step]
        package var ending: Ending
        package var onStop: OnStop

        package init(
            steps: [Step], ending: Ending, onStop: OnStop = .finishes(printing: "", termination: .signaled(SIGTERM))
        ) {
            self.steps = steps
            self.ending = ending
            self.onStop = onStop
        }
    }

    package let clock: ManualClock
    private let lock = NSLock()
    private var scripts: [Script]
    package private(set) var launches: [ProcessLaunch] = []

    package init(clock: ManualClock, scripts: [Script]) {
        self.clock = clock
        self.scripts = scripts
    }

    package func run(
        _ launch: ProcessLaunch, onOutput: (UnsafeRawBufferPointer) -> Void, onError: (UnsafeRawBufferPointer) -> Void,
        onTick: () -> ProcessDecision
    ) throws -> ProcessExit {
        lock.lock()
        launches.append(launch)
        let script = scripts.isEmpty ? nil : scripts.removeFirst()
        lock.unlock()
        guard let script else {
            throw ChildProcessError(
                executable: launch.executable, reason: "no script left for launch \(launches.count)")
        }
        func emit(_ text: String) {
            Array(text.utf8).withUnsafeBytes { bytes in
                launch.log?.write(bytes)
                onOutput(bytes)
            }
        }
        /// Advances the clock a second at a time; true when a tick asked for a stop.
        func pass(_ seconds: TimeInterval) -> Bool {
            var left = seconds
            while left > 0 {
                let step = min(1, left)
                clock.advance(by: step)
                left -= step
                if onTick() == .stop { return true }
            }
            return false
        }
        func stopped() -> ProcessExit {
            switch script.onStop {
            case .finishes(let text, let termination):
                emit(text)
                return ProcessExit(termination: termination, stopped: true)
            case .ignores:
                clock.advance(by: launch.graceSeconds)
                return ProcessExit(termination: .signaled(SIGKILL), stopped: true, forced: true)
            }
        }
        for step in script.steps {
            switch step {
            case .print(let text):
                emit(text)
            case .stream(let records):
                try appendRecords(records, to: launch)
            case .wait(let seconds):
                if pass(seconds) { return stopped() }
            }
        }
        switch script.ending {
        case .exit(let status): return ProcessExit(termination: .exited(status))
        case .crash(let signal): return ProcessExit(termination: .signaled(signal))
        case .hang: return pass(86_400) ? stopped() : ProcessExit(termination: .signaled(SIGKILL), forced: true)
        }
    }

    private func appendRecords(_ records: [String], to launch: ProcessLaunch) throws {
        guard let flag = launch.arguments.firstIndex(of: "--experimental-event-stream-output"),
            flag + 1 < launch.arguments.count
        else { throw ChildProcessError(executable: launch.executable, reason: "the launch asks for no event stream") }
        let url = URL(fileURLWithPath: launch.arguments[flag + 1])
        let text = records.map { #"{"kind":"event","version":0,"payload":"# + $0 + "}\n" }.joined()
        guard let handle = FileHandle(forWritingAtPath: url.path) else {
            try Data(text.utf8).write(to: url)
            return
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
