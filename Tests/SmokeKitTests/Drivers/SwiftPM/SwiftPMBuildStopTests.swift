import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A build stopped by SIGINT/SIGTERM (the cancellation flag) ends what it started: `swift build` runs its compilers in
/// process groups of their own, which once kept compiling into `.build/smokerun` after `run` was stopped. A stand-in
/// `swift` starts a long "compiler" in a new session, as swift-build's own do, and waits.
@Suite(.timeLimit(.minutes(10))) struct SwiftPMBuildStopTests {
    /// A `swift` whose `build` starts `sleep 300` in a session of its own, writes its pid to `pidFile`, then waits.
    static func slowSwift(in folder: URL, pidFile: URL) throws -> URL {
        let script = folder.appendingPathComponent("swift")
        try Data(
            """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "Swift version 6.3.1 (swift-6.3.1-RELEASE)"; exit 0; fi
            setsid sleep 300 &
            echo $! > "\(pidFile.path).part"
            mv "\(pidFile.path).part" "\(pidFile.path)"
            wait

            """.utf8
        ).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    static func isRunning(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
        guard kill(pid, 0) == 0 else { return false }
        // A zombie no one has reaped yet is gone for this purpose.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !stat.contains(") Z ")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func aStoppedBuildLeavesNoCompilerRunning() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pidFile = folder.url.appendingPathComponent("compiler.pid")
        let swift = try Self.slowSwift(in: folder.url, pidFile: pidFile)
        let package = folder.url.appendingPathComponent("Fake")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Fake"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        var pipeline = Pipeline(name: "fake", driver: .swiftpm(SwiftPMSettings(packagePath: "Fake")))
        pipeline.sourcePath = folder.url.appendingPathComponent("Pipelines/fake.json").path
        pipeline.coverage.enabled = false
        guard case .swiftpm(let settings) = pipeline.driver else { return }
        let cancellation = CancellationFlag()
        let context = RunContext(
            pipeline: pipeline, seed: nil, runDirectory: folder.url, currentDirectory: folder.url,
            environment: ["PATH": "/usr/bin:/bin", "SMOKERUN_SWIFT": swift.path], runner: ProcessCommandRunner(),
            limits: RunLimits(
                testSeconds: 60, runDeadline: Date().addingTimeInterval(1_500), cancellation: cancellation),
            console: try ConsoleLog(url: folder.url.appendingPathComponent("console.log")))
        // The stop comes once the compiler runs (bounded: 1,200 s at most, then the test fails below). The suite's
        // under-load pass took 460 s to start the stand-in, and once over 400 s.
        Thread.detachNewThread {
            for _ in 0..<12_000 where !FileManager.default.fileExists(atPath: pidFile.path) { usleep(100_000) }
            cancellation.cancel()
        }

        #expect(throws: (any Error).self) { try SwiftPMTestRun(settings: settings, context: context).buildTests() }

        let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let compiler = try #require(Int32(text))
        defer { kill(compiler, SIGKILL) }
        // The sweep has ended it by the time the build returns; a moment more for the kernel to show it.
        var running = Self.isRunning(compiler)
        for _ in 0..<50 where running {
            usleep(100_000)
            running = Self.isRunning(compiler)
        }
        #expect(!running, "the compiler (pid \(compiler)) still runs after the build was stopped")
    }
}
