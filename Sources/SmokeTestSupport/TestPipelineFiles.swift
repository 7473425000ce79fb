import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// A throwaway reader for the four pipeline keys the scheduling commands need; the real
/// `PipelineLoader` lives elsewhere. Tests only.
enum TestPipelineFiles {
    private struct Minimal: Decodable {
        var name: String
        var schedule: String?
        var timeZone: String?
        var output: String?
    }

    struct Invalid: LocalizedError {
        var errorDescription: String? { "not a pipeline" }
    }

    static let load: @Sendable (URL) throws -> Pipeline = { url in
        guard let minimal = try? JSONDecoder().decode(Minimal.self, from: Data(contentsOf: url)) else {
            throw Invalid()
        }
        var pipeline = Pipeline(name: minimal.name, driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        if let schedule = minimal.schedule { pipeline.schedule = schedule }
        if let timeZone = minimal.timeZone { pipeline.timeZone = timeZone }
        if let output = minimal.output { pipeline.output = output }
        pipeline.sourcePath = url.path
        return pipeline
    }

    /// Writes `Pipelines/<file>` under `root`.
    static func write(_ json: String, as file: String, in root: URL) throws {
        let folder = root.appendingPathComponent("Pipelines")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent(file))
    }

    static func environment(
        clock: any SchedulerClock = TestClock(now: Date(timeIntervalSince1970: 0)),
        runner: @escaping PipelineRunning = { _, _, _ in RunOutcome(status: .passed) },
        control: AsyncStream<SchedulerControl> = AsyncStream { $0.finish() },
        invokedAs: String = "/opt/smokerun/bin/smokerun"
    ) -> ScheduleEnvironment {
        ScheduleEnvironment(
            loadPipeline: load, runPipeline: runner, clock: clock, controlRequests: { control }, invokedAs: invokedAs)
    }
}
