import Foundation

/// Runs a tool with its standard output going straight into a file. `llvm-cov export` can print
/// hundreds of megabytes, which must never sit in memory.
package protocol FileOutputRunning: Sendable {
    /// Returns the exit status and standard error; standard output is in `file`.
    func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult
}

/// The real one: Foundation's `Process` writing to a file handle.
package struct ProcessFileOutputRunner: FileOutputRunning {
    package init() {}

    package func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CommandError(executable: executable, arguments: arguments, exitStatus: nil, reason: "cannot create \(file.path)")
        }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandError(executable: executable, arguments: arguments, exitStatus: nil, reason: error.localizedDescription)
        }
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(exitStatus: process.terminationStatus, standardOutput: Data(), standardError: errorData)
    }
}
