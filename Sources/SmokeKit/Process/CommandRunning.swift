import Foundation
import SmokeCore

/// What a finished external command left behind.
package struct CommandResult: Sendable {
    var exitStatus: Int32
    var standardOutput: Data
    var standardError: Data

    init(exitStatus: Int32, standardOutput: Data, standardError: Data = Data()) {
        self.exitStatus = exitStatus
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// Runs an external program to completion: the seam for short-lived tools (`swift --version`, `xcrun simctl`, …).
package protocol CommandRunning: Sendable {
    /// - Parameter executable: an absolute path, or a name looked up on `PATH`.
    func run(
        _ executable: String, _ arguments: [String], environment: [String: String]?, currentDirectory: URL?
    ) throws -> CommandResult

    /// The same runner, stopping a command (throwing `CommandStopped`) once `stop` gives a reason: the run's deadline,
    /// SIGINT/SIGTERM. A fake that never hangs keeps itself.
    func bounded(by stop: @escaping @Sendable () -> String?) -> any CommandRunning
}

extension CommandRunning {
    func run(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        try run(executable, arguments, environment: nil, currentDirectory: nil)
    }

    package func bounded(by stop: @escaping @Sendable () -> String?) -> any CommandRunning { self }
}

/// A command a bounded runner stopped before it ended.
struct CommandStopped: Error, LocalizedError, Sendable {
    var command: String
    var reason: String

    var errorDescription: String? { "`\(command)` was stopped: \(reason)" }
}

/// A command that could not be started, or that failed; says which, how, and the tail of what it said.
struct CommandError: Error, LocalizedError, Sendable {
    var executable: String
    var arguments: [String]
    var exitStatus: Int32?
    var reason: String

    init(executable: String, arguments: [String], exitStatus: Int32?, reason: String) {
        self.executable = executable
        self.arguments = arguments
        self.exitStatus = exitStatus
        self.reason = reason
    }

    init(executable: String, arguments: [String], result: CommandResult) {
        let tail = (result.errorText + result.outputText)
            .split(separator: "\n", omittingEmptySubsequences: true).suffix(10).joined(separator: "\n")
        self.init(executable: executable, arguments: arguments, exitStatus: result.exitStatus, reason: tail)
    }

    var errorDescription: String? {
        let command = ([executable] + arguments).joined(separator: " ")
        if let exitStatus {
            return "`\(command)` exited with status \(exitStatus)" + (reason.isEmpty ? "" : ":\n\(reason)")
        }
        return "could not run `\(command)`: \(reason)"
    }
}

/// The real runner: the process seam's `ChildProcessRunner` with separate stdout and stderr, collected in memory.
struct ProcessCommandRunner: CommandRunning {
    private var stop: (@Sendable () -> String?)?

    init() {}

    func bounded(by stop: @escaping @Sendable () -> String?) -> any CommandRunning {
        var runner = self
        runner.stop = stop
        return runner
    }

    func run(
        _ executable: String, _ arguments: [String], environment: [String: String]?, currentDirectory: URL?
    ) throws -> CommandResult {
        let environment = environment ?? ProcessInfo.processInfo.environment
        guard let program = ExecutableLocator.find(executable, path: environment["PATH"]) else {
            throw CommandError(
                executable: executable, arguments: arguments, exitStatus: nil,
                reason: executable.contains("/") ? "no executable file there" : "not found on PATH")
        }
        var launch = ProcessLaunch(
            executable: program.path, arguments: arguments, environment: environment, currentDirectory: currentDirectory
        )
        launch.outputs = .separate
        var output = Data()
        var errors = Data()
        let termination: Termination
        var stopped: String?
        do {
            termination = try ChildProcessRunner().run(
                launch, onOutput: { output.append(contentsOf: $0) }, onError: { errors.append(contentsOf: $0) },
                onTick: {
                    guard stopped == nil, let reason = stop?() else { return .keepRunning }
                    stopped = reason
                    return .stop
                }
            ).termination
        } catch {
            throw CommandError(
                executable: executable, arguments: arguments, exitStatus: nil, reason: error.localizedDescription)
        }
        if let stopped {
            throw CommandStopped(command: ([executable] + arguments).joined(separator: " "), reason: stopped)
        }
        return CommandResult(exitStatus: termination.exitStatus, standardOutput: output, standardError: errors)
    }
}
