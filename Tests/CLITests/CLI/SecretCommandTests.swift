import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `smokerun secret set NAME`: the value from standard input into `<output>/env`, mode 0600, atomically, never
/// through a link.
@Suite struct SecretCommandTests {
    private func set(
        _ arguments: [String], input: String, in folder: URL
    ) async throws -> (ExitCode, BufferOutput, BufferOutput) {
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder)
        let command = try SecretCommand(arguments: ["set"] + arguments) { Array(input.utf8) }
        return (try await command.run(in: context), out, err)
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func theValueFromStandardInputIsWrittenWithMode600InANewOutputFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Whatever the umask: the file is 600 from the moment it exists.
        let previous = umask(0o022)
        defer { umask(previous) }
        let (status, out, err) = try await set(
            ["SMOKERUN_WEBHOOK_URL"], input: "https://hooks.example/T0KEN\n", in: folder.url)
        #expect(status == .passed, "\(err.text)")
        #expect(out.text == "secret: SMOKERUN_WEBHOOK_URL written to .smokerun/env (mode 600)\n")
        #expect(err.text.isEmpty)
        let file = folder.url.appendingPathComponent(".smokerun/env")
        #expect(try mode(file) == 0o600)
        #expect(
            try String(contentsOf: file, encoding: .utf8) == "SMOKERUN_WEBHOOK_URL=\"https://hooks.example/T0KEN\"\n")
        // What every run reads back: the value without the newline, through the reader's own checks.
        let read = try EnvironmentFileReader().read(file)
        #expect(read?.entries.map(\.value) == ["https://hooks.example/T0KEN"])
        #expect(!(out.text + err.text).contains("T0KEN"))
        // No temp file is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["env"])
    }

    @Test func aFileTheUmaskLeftReadableIsReplacedKeepingItsOtherLines() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("out/env")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# channel\nSLACK_BOT_TOKEN=xoxb-1\nSMOKERUN_WEBHOOK_URL=https://old.example/x\n".utf8).write(to: file)
        #expect(chmod(file.path, 0o644) == 0)
        let (status, _, err) = try await set(
            ["SMOKERUN_WEBHOOK_URL", "--output", "out"], input: #"https://new.example/a"b\c"#, in: folder.url)
        #expect(status == .passed, "\(err.text)")
        #expect(try mode(file) == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "# channel\nSLACK_BOT_TOKEN=xoxb-1\nSMOKERUN_WEBHOOK_URL=\"https://new.example/a\\\"b\\\\c\"\n")
        let values = try EnvironmentFileReader().read(file)?.entries.map(\.value)
        #expect(values == ["xoxb-1", #"https://new.example/a"b\c"#])
    }

    @Test func aLinkInPlaceOfTheFileIsRefusedAndItsTargetUntouched() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("elsewhere")
        try Data("KEEP=1\n".utf8).write(to: target)
        let output = folder.url.appendingPathComponent(".smokerun")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("env").path, withDestinationPath: target.path)
        await #expect(throws: EnvironmentFileError.symbolicLink(path: ".smokerun/env")) {
            _ = try await set(["SMOKERUN_WEBHOOK_URL"], input: "https://hooks.example/x", in: folder.url)
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "KEEP=1\n")
    }

    @Test func aFolderOfSomeoneElsesFilesIsRefused() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let docs = folder.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("hi".utf8).write(to: docs.appendingPathComponent("index.html"))
        await #expect(throws: UsageError.self) {
            _ = try await set(["SMOKERUN_WEBHOOK_URL", "--output", "docs"], input: "https://x.example", in: folder.url)
        }
        #expect(!FileManager.default.fileExists(atPath: docs.appendingPathComponent("env").path))
    }

    @Test(arguments: ["", "\n", "two\nlines\n"])
    func noValueOrALineBreakInItIsRefused(input: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        await #expect(throws: SecretValueError.self) {
            _ = try await set(["SMOKERUN_WEBHOOK_URL"], input: input, in: folder.url)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".smokerun/env").path))
    }

    @Test(arguments: [["set"], ["set", "A", "value"], ["get", "A"], ["set", "1A"]])
    func aValueOnTheCommandLineOrABadNameIsAUsageError(arguments: [String]) {
        #expect(throws: UsageError.self) { try SecretCommand(arguments: arguments) { [] } }
    }

    @Test func aVariableTheNotifierDoesNotNameIsWrittenWithAWarning() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (status, _, err) = try await set(["OTHER"], input: "x", in: folder.url)
        #expect(status == .passed)
        #expect(
            err.text.hasPrefix(
                "secret: warning: runs ignore OTHER in .smokerun/env: the file supplies only the variables the notifier"
            ),
            "\(err.text)")
    }
}
