import Foundation
import SmokeCoreTestSupport

@testable import SmokeCore
@testable import SmokeKit

/// A command runner that answers from a table and records every call.
final class FakeCommandRunner: CommandRunning, FileOutputRunning, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [[String]] = []
    /// By executable path (or name): the result to return, and what to write to a redirected standard output.
    let results: [String: (CommandResult, String?)]

    init(_ results: [String: (CommandResult, String?)]) { self.results = results }

    var calls: [[String]] { lock.withLock { recorded } }

    func run(_ executable: String, _ arguments: [String], environment: [String: String]?, currentDirectory: URL?) throws
        -> CommandResult
    {
        lock.withLock { recorded.append([executable] + arguments) }
        guard let (result, _) = results[executable] else {
            throw CommandError(
                executable: executable, arguments: arguments, exitStatus: nil, reason: "No such file or directory")
        }
        return result
    }

    func run(_ executable: String, _ arguments: [String], standardOutput file: URL) throws -> CommandResult {
        lock.withLock { recorded.append([executable] + arguments) }
        guard let (result, text) = results[executable] else {
            throw CommandError(
                executable: executable, arguments: arguments, exitStatus: nil, reason: "No such file or directory")
        }
        try Data((text ?? "").utf8).write(to: file)
        return result
    }
}

func temporaryDirectory() throws -> URL {
    let url = TestScratch.root.appendingPathComponent("smokerun-coverage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
