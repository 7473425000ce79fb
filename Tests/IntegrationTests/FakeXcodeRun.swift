import Foundation
import SmokeCoreTestSupport

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// One `smokerun run` over the fake Xcode with a pipeline the test writes (the device and notify keys
/// vary), for the multi-device and screenshot tests; `XcodebuildRunTests.run` pins its own pipeline.
struct FakeXcodeRun {
    var scenario: String
    /// Extra top-level keys of the pipeline, e.g. `"device": [...]`, without the braces.
    var pipelineKeys: String
    var environment: [String: String] = [:]
    var notify = false

    /// The run's outcome and its output folder.
    func run() async throws -> (SmokeRun.Outcome, URL) {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-fake-xcode-\(UUID().uuidString.prefix(8))")
        let url = root.appendingPathComponent("Pipelines/ios.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            """
            {"name": "ios-smoke", "xcodebuild": {"project": "SmokeApp.xcodeproj", "scheme": "SmokeApp"},
             "coverage": {"enabled": false}, \(pipelineKeys)}
            """.utf8
        ).write(to: url)
        var environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }
        environment["PATH"] =
            XcodebuildRunTests.fakeXcode.appendingPathComponent("bin").path + ":"
            + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FAKE_XCODE_SCENARIO"] =
            XcodebuildRunTests.fakeXcode.appendingPathComponent("Scenarios/\(scenario)").path
        environment["FAKE_XCODE_LOG"] = root.appendingPathComponent("fake-xcode.log").path
        var options = SmokeRun.Options()
        options.seed = 42
        options.notify = notify
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: environment,
            currentDirectory: root)
        let smokeRun = SmokeRun(
            pipeline: try PipelineLoader().load(url), options: options, context: context,
            cancellation: CancellationFlag())
        let outcome = await smokeRun.execute()
        return (outcome, root.appendingPathComponent(OutputLayout.defaultOutput))
    }
}
