import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

// The limit catches a hang. It is generous because a test also waits here for one of the machine's two cooperative
// threads while the synchronous integration tests hold them: a CI run kept in-process tests waiting 70-110 s.
@Suite(.timeLimit(.minutes(10))) struct ScheduleCommandTests {
    @Test func runsDuePipelinesLogsToStandardErrorAndExitsZeroOnStop() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(#"{"name": "smoke", "schedule": "0 * * * *"}"#, as: "smoke.json", in: root.url)
        let clock = TestClock(now: date("2026-01-01T00:59:00Z"))
        let (control, controller) = AsyncStream<SchedulerControl>.makeStream()
        let lockWasHeld = LockProbe()
        let environment = TestPipelineFiles.environment(
            clock: clock,
            runner: { pipeline, _, _ in
                lockWasHeld.check(
                    RunLock.fileURL(
                        outputDirectory: root.url.appendingPathComponent(".smokerun"), pipeline: pipeline.key))
                return RunOutcome(status: .passed, reportPath: "\(root.url.path)/.smokerun/runs/r/report.json")
            }, control: control)
        let errors = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: errors, environment: [:], currentDirectory: root.url)
        let command = try ScheduleCommand(arguments: [], environment: environment)
        let service = Task { try await command.run(in: context) }
        try await waitUntil { errors.text.contains("smoke: next run at") }
        clock.advance(to: date("2026-01-01T01:00:00Z"))
        try await waitUntil { errors.text.contains("smoke: finished") }
        controller.yield(.stop)
        #expect(try await service.value == .passed)
        #expect(
            errors.text.contains(
                "2026-01-01T01:00:00Z smokerun schedule: smoke: finished, status passed, report \(root.url.path)/.smokerun/runs/r/report.json\n"
            ))
        #expect(lockWasHeld.held)
    }

    @Test func anInvalidPipelineAtStartExitsTwoNamingTheFile() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(#"{"name": "smoke", "schedule": "0 * * * *"}"#, as: "smoke.json", in: root.url)
        try TestPipelineFiles.write(#"{"name": "broken""#, as: "broken.json", in: root.url)
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:], currentDirectory: root.url)
        do {
            _ = try await ScheduleCommand(arguments: [], environment: TestPipelineFiles.environment()).run(in: context)
            Issue.record("schedule started with a broken pipeline")
        } catch let error as UsageError {
            #expect(error.kind == .invalidInput)
            #expect(
                error.message.hasPrefix("schedule cannot start: ") && error.message.contains("not a pipeline"),
                "\(error.message)")
        }
    }

    @Test func aPipelineWhosePackageIsMissingStopsTheStart() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(#"{"name": "smoke", "schedule": "0 * * * *"}"#, as: "smoke.json", in: root.url)
        var environment = TestPipelineFiles.environment()
        environment.checkPipeline = { _, url in
            throw PipelineError(file: url.lastPathComponent, keyPath: "swiftpm.packagePath", problem: "does not exist")
        }
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:], currentDirectory: root.url)
        await #expect(throws: UsageError.self) {
            _ = try await ScheduleCommand(arguments: [], environment: environment).run(in: context)
        }
    }

    @Test func noPipelineFilesIsAUsageError() async throws {
        let root = try ScratchDirectory()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:], currentDirectory: root.url)
        await #expect(throws: UsageError.self) {
            _ = try await ScheduleCommand(arguments: [], environment: TestPipelineFiles.environment()).run(in: context)
        }
    }

    @Test func theLiveEnvironmentLoadsPipelinesWithThePipelineLoader() {
        #expect(throws: PipelineError.self) {
            try ScheduleEnvironment.live.loadPipeline(URL(fileURLWithPath: "/nonexistent/p.json"))
        }
    }

    @Test func relativeOutputFoldersStartAtTheProjectRoot() {
        var pipeline = testPipeline("smoke")
        let file = URL(fileURLWithPath: "/repo/Pipelines/smoke.json")
        #expect(ScheduleEnvironment.defaultOutputDirectory(pipeline, file).path == "/repo/.smokerun")
        pipeline.output = "/var/smokerun"
        #expect(ScheduleEnvironment.defaultOutputDirectory(pipeline, file).path == "/var/smokerun")
    }
}

/// Records whether the run lock was taken while the runner ran.
final class LockProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var wasHeld = false

    var held: Bool {
        lock.lock()
        defer { lock.unlock() }
        return wasHeld
    }

    func check(_ url: URL) {
        let taken: Bool
        do {
            try RunLock.acquire(at: url).release()
            taken = false
        } catch {
            taken = true
        }
        lock.lock()
        wasHeld = taken
        lock.unlock()
    }
}
