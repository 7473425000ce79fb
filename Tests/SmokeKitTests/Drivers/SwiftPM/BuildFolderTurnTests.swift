import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// Runs sharing a build folder take turns: any number test with its build, a run that must build waits until they
/// end and then builds alone, and no run starts (or tests) while another builds there.
@Suite struct BuildFolderTurnTests {
    private static func context(_ folder: URL, stopped: Bool = false, temporary: String? = nil) throws -> RunContext {
        var pipeline = Pipeline(name: "fake", driver: .swiftpm(SwiftPMSettings(packagePath: "Fake")))
        pipeline.sourcePath = folder.appendingPathComponent("Pipelines/fake.json").path
        let deadline = Date().addingTimeInterval(stopped ? -1 : 600)
        return RunContext(
            pipeline: pipeline, seed: nil, runDirectory: folder, currentDirectory: folder,
            environment: ["TMPDIR": temporary ?? folder.path], runner: ProcessCommandRunner(),
            limits: RunLimits(testSeconds: 60, runDeadline: deadline, cancellation: CancellationFlag()),
            console: try ConsoleLog(url: folder.appendingPathComponent("console-\(UUID().uuidString).log")))
    }

    @Test func aRunBuildsAloneAndTestsBesideOthers() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scratch = folder.url.appendingPathComponent("Fake/.build/smokerun")
        let binary = folder.url.appendingPathComponent("FakePackageTests.xctest")
        try Data("built".utf8).write(to: binary)

        let first = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url))
        let second = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url))
        // Both may check and test with the build; the second may not build while the first tests.
        try first.startTesting(binary)
        let impatient = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url, stopped: true))
        let waited = try #require(throws: BuildFolderTurn.BuildFolderBusy.self) { try impatient.startBuilding() }
        #expect(waited.message.contains("while waiting for the build folder \(scratch.path)"))
        first.end()
        second.end()

        // Alone now: it builds, and nobody starts until its tests' turn.
        let builder = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url))
        try builder.startBuilding()
        #expect(throws: BuildFolderTurn.BuildFolderBusy.self) {
            _ = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url, stopped: true))
        }
        try builder.startTesting(binary)
        let tester = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url, stopped: true))
        tester.end()
        builder.end()
    }

    /// cron's run (no TMPDIR) and a shell's (TMPDIR=/run/user/…) take turns all the same: the lock is the folder's.
    @Test func runsWithDifferentTemporaryFoldersTakeTurns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scratch = folder.url.appendingPathComponent("Fake/.build/smokerun")
        let cron = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url, temporary: "/tmp"))
        let shell = try BuildFolderTurn(
            scratch: scratch, context: try Self.context(folder.url, stopped: true, temporary: folder.url.path))
        #expect(throws: BuildFolderTurn.BuildFolderBusy.self) { try shell.startBuilding() }
        cron.end()
        try shell.startBuilding()
        shell.end()
    }

    /// Another folder is another turn.
    @Test func twoBuildFoldersDoNotWaitForEachOther() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let builder = try BuildFolderTurn(
            scratch: folder.url.appendingPathComponent("A/.build/smokerun"), context: try Self.context(folder.url))
        try builder.startBuilding()
        let other = try BuildFolderTurn(
            scratch: folder.url.appendingPathComponent("B/.build/smokerun"),
            context: try Self.context(folder.url, stopped: true))
        try other.startBuilding()
        other.end()
        builder.end()
    }

    /// `doctor` builds as a run does, in the folder's turn, and says what it waits for instead of hanging silently.
    @Test func doctorSaysItWaitsForTheBuildFoldersTurn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let settings = SwiftPMSettings(packagePath: "Fake")
        let pipeline = Pipeline(name: "fake", driver: .swiftpm(settings))
        let scratch = POSIXFile.physical(pipeline.scratchDirectory(for: settings, currentDirectory: folder.url))
        let builder = try BuildFolderTurn(scratch: scratch, context: try Self.context(folder.url))
        try builder.startBuilding()
        defer { builder.end() }

        final class Notes: @unchecked Sendable {
            let lock = NSLock()
            var lines: [String] = []
            func add(_ line: String) { lock.withLock { lines.append(line) } }
        }
        let notes = Notes()
        let place = DoctorProbes.Place(
            environment: ProcessInfo.processInfo.environment, currentDirectory: folder.url, note: notes.add)
        #expect(throws: BuildFolderTurn.BuildFolderBusy.self) { _ = try DoctorBuild.run(pipeline, settings, place, 1) }
        let said = notes.lock.withLock { notes.lines }
        #expect(said == ["waiting for the build folder: another smokerun run is building in \(scratch.path)"])
    }
}
