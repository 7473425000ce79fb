import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

@Suite struct InitCommandTests {
    @Test(arguments: [
        (String?.none, String?.some(".smokerun/\n")),
        ("", ".smokerun/\n"),
        (".build/\n", ".build/\n.smokerun/\n"),
        (".build", ".build\n.smokerun/\n"),
        (".build/\n.smokerun\n", nil),
        ("/.smokerun/\n", nil),
        ("  .smokerun/  \n", nil),
        (".smokerun-old/\n", ".smokerun-old/\n.smokerun/\n"),
    ])
    func theOutputFolderIsAddedOnceToGitignore(existing: String?, expected: String?) {
        #expect(GitIgnoreEntry.adding(".smokerun/", to: existing) == expected)
    }

    @Test func initWritesAPipelineThatLoadsAndIgnoresTheOutputFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.url.appendingPathComponent("Package.swift"))
        try Data(".build/".utf8).write(to: folder.url.appendingPathComponent(".gitignore"))
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: [:], currentDirectory: folder.url)
        #expect(try await InitCommand(arguments: []).run(in: context) == .passed)
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent(".gitignore"), encoding: .utf8)
                == ".build/\n.smokerun/\n")
        let pipeline = try PipelineLoader().load(folder.url.appendingPathComponent("Pipelines/smoke.json"))
        #expect(pipeline.retention == RetentionSettings())
        #expect(out.text.contains("added .smokerun/ to "))

        // A second init (forced) leaves .gitignore as it is.
        #expect(try await InitCommand(arguments: ["--force"]).run(in: context) == .passed)
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent(".gitignore"), encoding: .utf8)
                == ".build/\n.smokerun/\n")
    }
}
