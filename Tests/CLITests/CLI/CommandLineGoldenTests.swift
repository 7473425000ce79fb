import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import smokerun

/// What a person sees from the front end, pinned as golden files in Snapshots/Golden/cli-*.txt:
/// every command's `--help`, and the usage errors with their exit status. A change to these is a
/// change to the interface: re-record with RECORD_SNAPSHOTS=1 only when it is meant.
@Suite struct CommandLineGoldenTests {
    /// The exit status, then standard output, then standard error, as one text.
    private func transcript(_ arguments: [String]) async -> String {
        let out = BufferOutput()
        let err = BufferOutput()
        // An empty folder, no environment: nothing around the command changes what it prints.
        let context = HostContext(
            standardOutput: out, standardError: err, environment: [:],
            currentDirectory: URL(fileURLWithPath: "/nonexistent-project"))
        let status = await CommandLineTool.run(arguments: arguments, context: context)
        return
            "$ smokerun \(arguments.joined(separator: " "))\nexit \(status.rawValue)\n--- stdout\n\(out.text)--- stderr\n\(err.text)"
    }

    @Test(arguments: CommandLineTool.commands.map { $0.name })
    func everyCommandsHelp(command: String) async {
        assertSnapshot(await transcript([command, "--help"]), named: "cli-help-\(command).txt")
    }

    @Test func theToolsOwnHelp() async {
        assertSnapshot(await transcript(["--help"]), named: "cli-help.txt")
    }

    @Test(arguments: [
        ("unknown-command", ["rnu"]),
        ("unknown-option", ["run", "--sede", "42"]),
        ("missing-value", ["run", "--seed"]),
        ("bad-seed", ["run", "--seed", "forty-two"]),
        ("bad-shard", ["run", "--shard", "4/3"]),
        ("bad-shard-form", ["run", "--shard", "half"]),
        ("bisect-one-argument", ["bisect", "RUN"]),
        ("culprit-one-argument", ["culprit", "RUN"]),
        ("merge-nothing", ["merge"]),
    ])
    func usageErrors(name: String, arguments: [String]) async {
        let text = await transcript(arguments)
        #expect(text.contains("exit 2\n"), "\(text)")
        assertSnapshot(text, named: "cli-usage-\(name).txt")
    }
}
