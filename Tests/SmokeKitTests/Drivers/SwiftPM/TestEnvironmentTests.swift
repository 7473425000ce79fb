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

    /// `device.timeZone`/`device.locale` set TZ/LANG over `environment`, and smokerun's run variables over a
    /// pipeline's: the pipeline that names both hears it when it loads, each key named with the one that wins.
    static let overruled = """
        {"name": "shop", "swiftpm": {"packagePath": "."},
         "device": {"platform": "host", "timeZone": "America/New_York", "locale": "de_DE"},
         "environment": {"IS_UNIT_TESTING": "1", "TZ": "Asia/Tokyo", "LANG": "fr_FR.UTF-8",
                         "SMOKERUN_SCRATCH_DIR": "/tmp/mine"}}
        """

    @Test func aPipelineSettingAVariableTwiceIsWarnedAtLoadNamingBothKeysAndTheWinner() throws {
        let pipeline = try PipelineLoader().parse(Data(Self.overruled.utf8), file: "Pipelines/shop.json")
        #expect(
            pipeline.environmentOverrides.map(\.message) == [
                """
                environment.TZ ('Asia/Tokyo') and device.timeZone ('America/New_York') both set TZ for the tests; \
                device.timeZone wins, so the tests see TZ=America/New_York
                """,
                """
                environment.LANG ('fr_FR.UTF-8') and device.locale ('de_DE') both set LANG for the tests; \
                device.locale wins, so the tests see LANG=de_DE.UTF-8
                """,
                """
                environment.SMOKERUN_SCRATCH_DIR ('/tmp/mine') is a variable smokerun sets for every test process \
                (the run's scratch folder); smokerun's value wins, so the tests never see '/tmp/mine'
                """,
            ])
        #expect(pipeline.environmentOverrides.first?.fix.hasPrefix("remove environment.TZ, or change") == true)
        // One value said twice is no conflict; without a device pin the pipeline's TZ is what the tests see.
        let agreeing = """
            {"name": "shop", "swiftpm": {"packagePath": "."},
             "device": {"platform": "host", "timeZone": "America/New_York", "locale": "de_DE"},
             "environment": {"TZ": "America/New_York", "LANG": "de_DE.UTF-8"}}
            """
        #expect(try PipelineLoader().parse(Data(agreeing.utf8), file: "p.json").environmentOverrides.isEmpty)
    }

    @Test func theReportRecordsTheEnvironmentTheTestsSaw() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pipeline = try PipelineLoader().parse(Data(Self.overruled.utf8), file: "Pipelines/shop.json")
        let context = RunContext(
            pipeline: pipeline, seed: nil, runDirectory: folder.url, currentDirectory: folder.url,
            environment: ["PATH": "/usr/bin", "TZ": "UTC", "HOME": "/home/ci"], runner: ProcessCommandRunner(),
            limits: RunLimits(testSeconds: 60, runDeadline: Date().addingTimeInterval(60), cancellation: .init()),
            console: try ConsoleLog(url: nil))
        let seen = SwiftPMTestRun(settings: SwiftPMSettings(packagePath: "."), context: context)
            .testEnvironment(runFolder: RunDirectory(folder.url))
        let recorded = SwiftPMTestEnvironment.recorded(seen, pipeline: pipeline)
        #expect(seen["TZ"] == "America/New_York" && seen["LANG"] == "de_DE.UTF-8")
        #expect(
            recorded == [
                "IS_UNIT_TESTING": "1", "TZ": "America/New_York", "LANG": "de_DE.UTF-8",
                "SNAPSHOT_TESTING_RECORD": "never",
                "SMOKERUN_SCRATCH_DIR": RunDirectory(folder.url).scratch(worker: nil).path,
            ])
        #expect(recorded.allSatisfy { seen[$0.key] == $0.value })
    }
}
