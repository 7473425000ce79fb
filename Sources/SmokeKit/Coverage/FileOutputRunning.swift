import Foundation
import SmokeCore

/// Runs a tool with its standard output straight into a file: `llvm-cov export` can print hundreds of megabytes.
protocol FileOutputRunning: Sendable {
    func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult
}

struct ProcessFileOutputRunner: FileOutputRunning {
    var processes: any ProcessRunning = ChildProcessRunner()

    func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult {
        var launch = ProcessLaunch(
            executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
            currentDirectory: nil)
        launch.outputs = .standardOutputToFile(file)
        var errors = Data()
        let termination: Termination
        do {
            termination = try processes.run(
                launch, onOutput: { _ in }, onError: { errors.append(contentsOf: $0) }, onTick: { .keepRunning }
            ).termination
        } catch {
            throw CommandError(
                executable: executable, arguments: arguments, exitStatus: nil, reason: error.localizedDescription)
        }
        return CommandResult(exitStatus: termination.exitStatus, standardOutput: Data(), standardError: errors)
    }
}
