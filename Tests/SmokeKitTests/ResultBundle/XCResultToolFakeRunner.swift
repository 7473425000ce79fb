import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// A `CommandRunning` that answers `xcrun xcresulttool …` from a fake-Xcode scenario's `xcresulttool/` folder
/// (the layout the fake `xcrun` script replays) and records every call.
final class XCResultToolFakeRunner: CommandRunning, @unchecked Sendable {
    /// The `smoke` scenario in the repository.
    static let smokeScenario = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FakeXcode/Scenarios/smoke/xcresulttool")

    let folder: URL
    /// Replies that replace a file's: arguments joined by spaces (without `xcrun xcresulttool`) → result.
    var overrides: [String: CommandResult] = [:]
    private let lock = NSLock()
    private var recorded: [[String]] = []

    init(folder: URL = smokeScenario) {
        self.folder = folder
    }

    var calls: [[String]] { lock.withLock { recorded } }

    func run(_ executable: String, _ arguments: [String], environment: [String: String]?, currentDirectory: URL?) throws
        -> CommandResult
    {
        lock.withLock { recorded.append(arguments) }
        guard executable == "xcrun", arguments.first == "xcresulttool" else { return Self.failure("not xcresulttool") }
        let args = Array(arguments.dropFirst())
        if let override = overrides[args.joined(separator: " ")] { return override }
        switch (args.first, args.dropFirst().first, args.dropFirst(2).first) {
        case ("version", _, _):
            return file("version.txt")
        case ("get", "test-results", "summary"?):
            return file("summary.json")
        case ("get", "test-results", "tests"?):
            return file("tests.json")
        case ("get", "test-results", "activities"?):
            let id = value(after: "--test-id", in: args) ?? ""
            let safe = String(
                id.unicodeScalars.map { scalar -> Character in
                    let allowed = CharacterSet(
                        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
                    return allowed.contains(scalar) ? Character(scalar) : "_"
                })
            return file("activities/\(safe).json")
        case ("export", "attachments", _):
            guard let output = value(after: "--output-path", in: args) else { return Self.failure("no --output-path") }
            let source = folder.appendingPathComponent("attachments")
            let items = (try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? []
            for item in items {
                try FileManager.default.copyItem(
                    at: source.appendingPathComponent(item),
                    to: URL(fileURLWithPath: output).appendingPathComponent(item))
            }
            return CommandResult(exitStatus: 0, standardOutput: Data())
        default:
            return Self.failure("unsupported: \(args.joined(separator: " "))")
        }
    }

    private func file(_ name: String) -> CommandResult {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
            return Self.failure("Error: no such file \(name)")
        }
        return CommandResult(exitStatus: 0, standardOutput: data)
    }

    private func value(after option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    static func failure(_ message: String) -> CommandResult {
        CommandResult(exitStatus: 64, standardOutput: Data(), standardError: Data(message.utf8))
    }

    static func output(_ text: String) -> CommandResult {
        CommandResult(exitStatus: 0, standardOutput: Data(text.utf8))
    }
}
