import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// The front end: `--version`, a mistyped command, and finding the project from a subfolder.
@Suite struct CommandLineToolTests {
    private func run(_ arguments: [String]) async -> (ExitCode, out: String, err: String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = await CommandLineTool.run(
            arguments: arguments, context: HostContext(standardOutput: out, standardError: err, environment: [:]))
        return (status, out.text, err.text)
    }

    @Test func versionPrintsTheVersionAndPasses() async {
        let (status, out, _) = await run(["--version"])
        #expect(status == .passed)
        #expect(out == "smokerun \(Version.current)\n")
    }

    @Test(arguments: [("rnu", "run"), ("coverge", "coverage"), ("histroy", "history"), ("scheduel", "schedule")])
    func aMistypedCommandSuggestsTheClosestOne(typed: String, meant: String) async {
        let (status, _, err) = await run([typed])
        #expect(status == .invalidInput)
        #expect(err.contains("unknown command '\(typed)'. Did you mean '\(meant)'?"))
    }

    @Test(arguments: [
        (["run", "--seeed", "3"], "smokerun run: unknown option --seeed; did you mean --seed?"),
        (["history", "--flakey"], "smokerun history: unknown option --flakey; did you mean --flaky?"),
        (["coverage", "--min-line", "80"], "smokerun coverage: unknown option --min-line; did you mean --min-lines?"),
    ])
    func aMistypedOptionSuggestsTheClosestOneAndExitsTwo(arguments: [String], message: String) async {
        let (status, _, err) = await run(arguments)
        #expect(status == .invalidInput)
        #expect(err.contains(message), "\(err)")
    }

    @Test func anOptionFarFromEveryNameListsWhatTheCommandTakes() async {
        let (status, _, err) = await run(["history", "--frobnicate"])
        #expect(status == .invalidInput)
        #expect(err.contains("unknown option --frobnicate; this command takes: --count, --flaky, --output"), "\(err)")
        #expect(!err.contains("did you mean"))
    }

    @Test func aFlagGivenAValueSaysItTakesNone() async {
        let (status, _, err) = await run(["history", "--flaky=yes"])
        #expect(status == .invalidInput)
        #expect(err.contains("option --flaky takes no value"), "\(err)")
    }

    @Test func aCommandFarFromEveryNameGetsNoSuggestion() async {
        let (_, _, err) = await run(["frobnicate"])
        #expect(!err.contains("Did you mean"))
    }

    @Test func theProjectIsFoundUpwardFromASubfolderAsSwiftPMFindsPackageSwift() {
        let files: Set<String> = ["/Users/dev/app/Package.swift", "/Users/dev/app/Pipelines/smoke.json"]
        let found = ProjectLocator.root(from: URL(fileURLWithPath: "/Users/dev/app/Sources/App/Views")) {
            files.contains($0)
        }
        #expect(found?.path == "/Users/dev/app")
        #expect(ProjectLocator.root(from: URL(fileURLWithPath: "/elsewhere/deep")) { files.contains($0) } == nil)
    }

    @Test func runWithoutAPipelineReadsTheDefaultOneOfTheProjectAbove() async throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-locate-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let sub = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data(#"{"name": "x", "swiftpm": {}, "schedul": "x"}"#.utf8).write(
            to: root.appendingPathComponent("Pipelines/smoke.json"))
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        let err = BufferOutput()
        let status = await CommandLineTool.run(
            arguments: ["run"],
            context: HostContext(
                standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: sub))
        // The pipeline above was found and read: its mistake is reported, not "cannot be read".
        #expect(status == .invalidInput)
        #expect(err.text.contains("smoke.json"))
        #expect(err.text.contains("schedul"), "\(err.text)")
    }
}
