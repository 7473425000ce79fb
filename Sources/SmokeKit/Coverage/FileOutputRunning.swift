import Foundation

/// Runs a tool with its standard output going straight into a file. `llvm-cov export` can print
/// hundreds of megabytes, which must never sit in memory.
package protocol FileOutputRunning: Sendable {
    /// Returns the exit status and standard error; standard output is in `file`.
    func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult
}

/// The real one: a `ChildProcess` whose stdout is the file.
package struct ProcessFileOutputRunner: FileOutputRunning {
    package init() {}

    package func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult {
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                                     currentDirectory: nil, outputs: .standardOutputToFile(file))
        } catch {
            throw CommandError(executable: executable, arguments: arguments, exitStatus: nil, reason: error.localizedDescription)
        }
        var errors = Data()
        let termination = child.run(onOutput: { _ in }, onError: { errors.append(contentsOf: $0) }, onTick: { .keepRunning })
        return CommandResult(exitStatus: termination.exitStatus, standardOutput: Data(), standardError: errors)
    }
}
