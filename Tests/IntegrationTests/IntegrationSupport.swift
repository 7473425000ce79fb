import Foundation
import SmokeCoreTestSupport

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// Shared plumbing for the end-to-end tests: fixture copies, pipelines, the real binary.
enum IntegrationSupport {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh copy of a fixture package (sources only), so tests never share a `.build`.
    static func copyFixture(_ name: String) throws -> URL {
        let source = repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)")
        let destination = TestScratch.root
            .appendingPathComponent("smokerun-it-\(UUID().uuidString.prefix(8))").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Tests"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(item), to: destination.appendingPathComponent(item))
        }
        return destination
    }

    /// Writes a package's files (path relative to `package` → text) and returns `package`.
    static func writePackage(_ files: [String: String], at package: URL) throws -> URL {
        for (path, text) in files {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return package
    }

    /// Writes `Pipelines/<name>.json` beside the package and returns its URL.
    static func writePipeline(_ json: String, named name: String, next package: URL) throws -> URL {
        let folder = package.deletingLastPathComponent().appendingPathComponent("Pipelines")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    /// Runs a pipeline in-process, the way `smokerun run` does, and returns what it wrote.
    static func run(_ pipelineURL: URL, seed: UInt64? = nil, environment extra: [String: String] = [:]) async throws
        -> (SmokeRun.Outcome, BufferOutput, BufferOutput)
    {
        let pipeline = try PipelineLoader().load(pipelineURL)
        var options = SmokeRun.Options()
        options.seed = seed
        options.notify = false
        let out = BufferOutput()
        let err = BufferOutput()
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        let context = HostContext(
            standardOutput: out, standardError: err, environment: environment,
            currentDirectory: pipelineURL.deletingLastPathComponent().deletingLastPathComponent())
        let outcome = await SmokeRun(
            pipeline: pipeline, options: options, context: context, cancellation: CancellationFlag()
        ).execute()
        return (outcome, out, err)
    }

    /// The `smokerun` executable built beside this test binary.
    static var smokerunBinary: URL {
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "smokerun")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return repositoryRoot.appendingPathComponent(".build/debug/smokerun")
    }

    /// Runs a program to completion (bounded at five minutes), stdout and stderr together; a nil status when it did
    /// not exit by itself.
    static func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String], in folder: URL)
        throws -> (status: Int32?, output: String)
    {
        let child = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, currentDirectory: folder)
        var output = Data()
        let deadline = Date().addingTimeInterval(300)
        let termination = child.run(
            onOutput: { output.append(contentsOf: $0) }, onTick: { Date() > deadline ? .kill : .keepRunning })
        guard case .exited(let status) = termination else { return (nil, String(decoding: output, as: UTF8.self)) }
        return (status, String(decoding: output, as: UTF8.self))
    }
}
