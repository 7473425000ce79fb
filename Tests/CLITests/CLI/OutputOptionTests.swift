import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `--output DIR` obeys the pipeline's `output` rule: smokerun deletes old runs and temp files there, so `run`,
/// `parse` and `merge` refuse the project folder, a folder above it and a folder of other files (exit 2), and write
/// into a new folder or one smokerun made.
@Suite struct OutputOptionTests {
    private static func context(in folder: TemporaryDirectory, environment: [String: String] = [:]) -> HostContext {
        HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: environment,
            currentDirectory: folder.url)
    }

    private static func writeLog(in folder: TemporaryDirectory) throws {
        try Data(JUnitSamples.swiftPMXCTest.utf8).write(to: folder.url.appendingPathComponent("x.xml"))
    }

    @Test(arguments: [".", "..", "notes"])
    func parseRefusesAFolderThatHoldsMoreThanSmokerunsFiles(output: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.writeLog(in: folder)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.url.appendingPathComponent("notes/todo.txt"))
        let error = await #expect(throws: UsageError.self) {
            _ = try await ParseCommand(arguments: ["x.xml", "--output", output]).run(in: Self.context(in: folder))
        }
        #expect(error?.message.hasPrefix("--output '") == true || error?.message.contains("--output /") == true)
        // Nothing was written: the user's folder is as it was.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("notes").path)
                == ["todo.txt"])
    }

    @Test func parseWritesIntoANewFolderAndAgainIntoItsOwn() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.writeLog(in: folder)
        for _ in 0..<2 {
            let code = try await ParseCommand(arguments: ["x.xml", "--output", "out"]).run(in: Self.context(in: folder))
            #expect(code == .testsFailed)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out/runs").path)
                .count == 2)
    }

    @Test func aSummaryWritesNothingSoItsOutputIsNotChecked() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.writeLog(in: folder)
        let code = try await ParseCommand(arguments: ["x.xml", "--summary-only", "--output", "."])
            .run(in: Self.context(in: folder))
        #expect(code == .testsFailed)
    }

    @Test func runRefusesTheProjectFolderBeforeAnythingRuns() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
        try Data(#"{"name": "smoke", "swiftpm": {"packagePath": "."}}"#.utf8)
            .write(to: folder.url.appendingPathComponent("Pipelines/smoke.json"))
        let error = await #expect(throws: UsageError.self) {
            _ = try await RunCommand(arguments: ["--output", "."]).run(in: Self.context(in: folder))
        }
        #expect(error?.message.contains("name a folder of smokerun's own") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("runs").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("locks").path))
    }

    @Test func runRefusesAnAttachmentLimitThatIsNoNumberBeforeAnythingRuns() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
        try Data(#"{"name": "smoke", "swiftpm": {"packagePath": "."}}"#.utf8)
            .write(to: folder.url.appendingPathComponent("Pipelines/smoke.json"))
        let context = Self.context(in: folder, environment: [AttachmentSourcePolicy.byteLimitVariable: "lots"])
        await #expect(throws: AttachmentLimitError.self) {
            _ = try await RunCommand(arguments: []).run(in: context)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".smokerun").path))
    }
}
