import Foundation
import SmokeCore

/// A long-running tool (`swift build`, `xcodebuild`): command line and output into console.log, error lines and
/// the tail kept for the report, each line to `onLine`; stopped at the run's deadline (no per-test clock) or on a
/// signal.
struct LoggedProcess {
    var launch: ProcessLaunch
    var limits: RunLimits
    var console: ConsoleLog
    var processes: any ProcessRunning

    struct Finished {
        var termination: Termination
        /// Set when smokerun stopped it (deadline or signal), not when it failed on its own.
        var stopReason: StopReason?
        /// Compiler and tool error lines, for a failed build's report.
        var errorLines: [String]
        /// The last lines it printed (colour codes removed), for a failure that has no error lines.
        var tail: [String]

        var exitStatus: Int32? {
            if case .exited(let status) = termination { return status }
            return nil
        }
    }

    static let tailLines = 20

    /// - Parameter noted: the command as console.log shows it.
    func run(noted: String, onLine: (String) -> Void = { _ in }) throws -> Finished {
        console.note(noted)
        var errors = BuildErrorLines()
        var lines = LineSplitter()
        var tail = OutputTail(limit: Self.tailLines)
        var stop: StopReason?
        func consider(_ line: LineBytes) {
            let text = String(decoding: line, as: UTF8.self)
            errors.consider(text)
            onLine(text)
            tail.append(text)
        }
        let termination = try processes.run(
            launch,
            onOutput: { bytes in lines.push(bytes, consider) },
            onTick: {
                stop = limits.stopReason(testStartedAt: nil)
                return stop == nil ? .keepRunning : .stop
            }
        ).termination
        lines.finish(consider)
        return Finished(
            termination: termination, stopReason: stop, errorLines: errors.lines,
            tail: tail.lines)
    }
}
