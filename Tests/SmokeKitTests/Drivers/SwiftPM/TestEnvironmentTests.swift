import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// What a test process sees: smokerun's environment without the variables smokerun reads for itself, the
/// pipeline's `environment` on top, and what smokerun sets for the tests.
@Suite struct TestEnvironmentTests {
    @Test func smokerunsOwnVariablesAndTheNotifiersSecretsNeverReachTheTests() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var pipeline = Pipeline(name: "shop", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        pipeline.notify.webhookURLEnvironment = "TEAM_HOOK"
        var upload = SlackUploadSettings(channel: "C0123")
        upload.tokenEnvironment = "TEAM_BOT_TOKEN"
        pipeline.notify.slackUpload = upload
        pipeline.environment = ["IS_UNIT_TESTING": "1", "SMOKERUN_FIXTURE_MODE": "fast"]
        let context = RunContext(
            pipeline: pipeline, seed: nil, runDirectory: folder.url, currentDirectory: folder.url,
            environment: [
                "PATH": "/usr/bin", "HOME": "/home/ci", "TEAM_HOOK": "https://hooks.example/SECRET",
                "TEAM_BOT_TOKEN": "xoxb-SECRET", "SMOKERUN_WEBHOOK_URL": "https://hooks.example/OTHER",
                "SMOKERUN_SWIFT": "/opt/swift/usr/bin/swift", "SMOKERUN_FIXTURE_MODE": "slow",
            ],
            runner: ProcessCommandRunner(),
            limits: RunLimits(testSeconds: 60, runDeadline: Date().addingTimeInterval(60), cancellation: .init()),
            console: try ConsoleLog(url: nil))
        let seen = SwiftPMTestRun(settings: SwiftPMSettings(packagePath: "."), context: context)
            .testEnvironment(runFolder: RunDirectory(folder.url))
        for secret in ["TEAM_HOOK", "TEAM_BOT_TOKEN", "SMOKERUN_WEBHOOK_URL", "SMOKERUN_SWIFT"] {
            #expect(seen[secret] == nil, "\(secret) reached the tests")
        }
        #expect(!seen.values.contains { $0.contains("SECRET") })
        // The user's own variables, the pipeline's (even a SMOKERUN_ one it names), and smokerun's for the tests.
        #expect(seen["PATH"] == "/usr/bin" && seen["HOME"] == "/home/ci")
        #expect(seen["IS_UNIT_TESTING"] == "1" && seen["SMOKERUN_FIXTURE_MODE"] == "fast")
        #expect(seen[SwiftPMTestRun.scratchVariable] != nil)
    }
}
