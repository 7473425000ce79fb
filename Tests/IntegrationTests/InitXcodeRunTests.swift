import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `smokerun init` in an app's folder, against the fake Xcode (scenario files in the real `xcodebuild -list -json`,
/// `-showTestPlans -json` and `simctl list -j` shapes), and the pipeline it writes run end to end.
@Suite struct InitXcodeRunTests {
    static let fakeXcode = XcodebuildRunTests.fakeXcode

    /// An app folder holding `entries` (empty .xcodeproj/.xcworkspace folders), and the fake Xcode's environment.
    struct AppFolder {
        var root: URL
        var scenario: String
        var log: URL { root.appendingPathComponent("fake-xcode.log") }

        init(_ entries: [String], scenario: String) throws {
            root = TestScratch.root.appendingPathComponent(
                "smokerun-init-xcode-\(UUID().uuidString.prefix(8))")
            self.scenario = scenario
            for entry in entries {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(entry), withIntermediateDirectories: true)
            }
        }

        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] =
                InitXcodeRunTests.fakeXcode.appendingPathComponent("bin").path + ":"
                + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["FAKE_XCODE_SCENARIO"] =
                InitXcodeRunTests.fakeXcode.appendingPathComponent("Scenarios/\(scenario)").path
            environment["FAKE_XCODE_LOG"] = log.path
            return environment
        }

        /// `smokerun <arguments>` here: exit status, standard output, standard error.
        func smokerun(_ arguments: [String]) async -> (ExitCode, String, String) {
            let out = BufferOutput()
            let err = BufferOutput()
            let context = HostContext(
                standardOutput: out, standardError: err, environment: environment, currentDirectory: root)
            let status = await CommandLineTool.run(arguments: arguments, context: context)
            return (status, out.text, err.text)
        }

        /// One run of a pipeline file here (no notification; coverage off: the fake has no llvm tools).
        func run(_ file: String) async throws -> (SmokeRun.Outcome, [String]) {
            var pipeline = try PipelineLoader().load(root.appendingPathComponent(file))
            pipeline.coverage.enabled = false
            var options = SmokeRun.Options()
            options.seed = 42
            options.notify = false
            let context = HostContext(
                standardOutput: BufferOutput(), standardError: BufferOutput(), environment: environment,
                currentDirectory: root)
            let smokeRun = SmokeRun(
                pipeline: pipeline, options: options, context: context, cancellation: CancellationFlag())
            let outcome = await smokeRun.execute()
            let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            return (outcome, lines)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func aProjectFolderGetsAPipelineThatRunsTheTestsTheFailureAndItsScreenshot() async throws {
        let app = try AppFolder(["SmokeApp.xcodeproj"], scenario: "ui-failure")
        defer { app.remove() }
        let (status, out, err) = await app.smokerun(["init"])
        #expect(status == .passed, "\(err)")
        #expect(out.contains("scheme: SmokeApp, test plan SmokeApp — the one scheme with tests in SmokeApp.xcodeproj"))
        #expect(
            out.contains(
                "simulator: iPhone 15 on iOS 17.5 (a simulator smokerun creates and owns) — the newest iPhone on the newest iOS runtime; pin another with --device NAME --runtime VERSION"
            ), "\(out)")
        // The inventory's iPhone 15 (D41B9E07-…) is the user's and booted: a device type is pinned, never it.
        #expect(
            out.contains(
                "each run: smokerun creates its own simulator 'smokerun iPhone 15 (iOS 17.5)' and owns it; your simulators are left alone"
            ), "\(out)")
        let written = try String(contentsOf: app.root.appendingPathComponent("Pipelines/smoke.json"), encoding: .utf8)
        #expect(
            written.contains(
                #""device": { "platform": "iOS Simulator", "name": "iPhone 15", "runtime": "iOS 17.5", "create": true, "erase": true }"#
            ) && !written.contains("D41B9E07"), "\(written)")
        #expect(out.contains("next: smokerun devices Pipelines/smoke.json, then smokerun run Pipelines/smoke.json"))
        let asked = try String(contentsOf: app.log, encoding: .utf8)
        #expect(asked.contains("xcodebuild -project SmokeApp.xcodeproj -list -json"))
        #expect(asked.contains("xcodebuild -project SmokeApp.xcodeproj -scheme SmokeApp -showTestPlans -json"))

        let (outcome, log) = try await app.run("Pipelines/smoke.json")
        let report = outcome.report
        #expect(outcome.failure == .testsFailed && report.errors.isEmpty, "\(report.errors)")
        #expect(report.totals.tests == 6 && report.totals.failed == 1)
        let failed = try #require(report.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") })
        // retries.failed 1: the failure ran twice; its screenshot is the failure moment.
        #expect(failed.attempts.count == 2)
        // The last attempt's: XCTest's screenshot of the failure, in the run folder.
        let screenshot = try #require(failed.failureScreenshot)
        #expect(screenshot.contains("kXCTAttachmentLegacyScreenImageData"), "\(failed.attachments.map(\.path))")
        #expect(
            FileManager.default.fileExists(atPath: outcome.runDirectory.appendingPathComponent(screenshot).path))
        #expect(report.device.name == "smokerun iPhone 15 (iOS 17.5)" && report.device.runtime == "iOS 17.5")
        let project = app.root.appendingPathComponent("SmokeApp.xcodeproj").standardizedFileURL.path
        let created = "5A0C0E5E-C0DE-4A11-8000-00000000C0DE"
        #expect(
            log.contains {
                $0.hasPrefix("TEST_RUNNER_IS_UNIT_TESTING=1 TEST_RUNNER_SMOKERUN_SCRATCH_DIR=")
                    && $0.contains(
                        "/scratch TEST_RUNNER_SNAPSHOT_TESTING_RECORD=never xcodebuild test-without-building -project \(project)"
                    )
                    && $0.contains("-scheme SmokeApp -testPlan SmokeApp -destination id=\(created)")
            }, "\(log)")
        // smokerun created its own device; the user's booted iPhone 15 got no simctl call at all.
        #expect(
            log.contains(
                "xcrun simctl create smokerun iPhone 15 (iOS 17.5) com.apple.CoreSimulator.SimDeviceType.iPhone-15 com.apple.CoreSimulator.SimRuntime.iOS-17-5"
            ), "\(log)")
        #expect(!log.contains { $0.contains("D41B9E07") }, "\(log)")
        #expect(!log.contains { $0.contains("simctl shutdown") || $0.contains("simctl erase") }, "\(log)")
    }

    @Test func aWorkspaceWithTwoSchemesAsksForOneThenWorksWithIt() async throws {
        let app = try AppFolder(["SmokeApp.xcworkspace", "SmokeApp.xcodeproj"], scenario: "workspace")
        defer { app.remove() }
        let (status, out, err) = await app.smokerun(["init"])
        #expect(status == .invalidInput)
        #expect(out.isEmpty)
        #expect(
            err.contains(
                "SmokeApp.xcworkspace has several schemes with tests: SmokeApp, SmokeAppUI. Pick the one to smoke-test with --scheme NAME"
            ), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: app.root.appendingPathComponent("Pipelines").path))

        let (chosen, text, chosenErr) = await app.smokerun(["init", "--scheme", "SmokeApp"])
        #expect(chosen == .passed, "\(chosenErr)")
        #expect(
            text.contains(
                "scheme: SmokeApp, test plan SmokeApp (of SmokeApp, SmokeAppNightly; another with --test-plan NAME) — as asked"
            ))
        let pipeline = try PipelineLoader().load(app.root.appendingPathComponent("Pipelines/smoke.json"))
        guard case .xcodebuild(let settings) = pipeline.driver else {
            Issue.record("not an xcodebuild pipeline")
            return
        }
        #expect(settings.workspace == "SmokeApp.xcworkspace" && settings.project == nil)
        #expect(settings.scheme == "SmokeApp" && settings.testPlan == "SmokeApp")

        let (outcome, log) = try await app.run("Pipelines/smoke.json")
        #expect(outcome.failure == .testsFailed && outcome.report.errors.isEmpty, "\(outcome.report.errors)")
        #expect(outcome.report.totals.tests == 6)
        #expect(
            log.contains { $0.contains("xcodebuild build-for-testing -workspace ") && $0.contains("-scheme SmokeApp") })
    }

    @Test func aMissingDeviceOrRuntimeListsTheInstalledOnes() async throws {
        let app = try AppFolder(["SmokeApp.xcodeproj"], scenario: "smoke")
        defer { app.remove() }
        let (device, _, deviceErr) = await app.smokerun(["init", "--device", "iPhone 99", "--runtime", "iOS 17.5"])
        #expect(device == .invalidInput)
        #expect(
            deviceErr.contains(
                "--device 'iPhone 99' is neither a simulator on iOS 17.5 nor a device type this Xcode can create; simulators on iOS 17.5: iPhone 15, smokerun iPhone SE (3rd generation) (iOS 17.5); device types: iPhone SE (3rd generation), iPhone 15,"
            ), "\(deviceErr)")
        let (runtime, _, runtimeErr) = await app.smokerun(["init", "--device", "iPhone 15", "--runtime", "iOS 18.5"])
        #expect(runtime == .invalidInput)
        #expect(
            runtimeErr.contains(
                "--runtime 'iOS 18.5' is not an installed simulator runtime; installed: iOS 16.4, iOS 17.5, watchOS 10.5."
            ), "\(runtimeErr)")
        #expect(!FileManager.default.fileExists(atPath: app.root.appendingPathComponent("Pipelines").path))

        // Both installed: pinned as asked.
        let (pinned, out, _) = await app.smokerun([
            "init", "--device", "iPhone SE (3rd generation)", "--runtime", "17.5",
        ])
        #expect(pinned == .passed)
        #expect(
            out.contains(
                "simulator: iPhone SE (3rd generation) on iOS 17.5 (a simulator smokerun creates and owns) — as asked"
            ), "\(out)")
        #expect(
            out.contains(
                "each run: smokerun's own simulator 'smokerun iPhone SE (3rd generation) (iOS 17.5)', erased before each run; your simulators are left alone"
            ), "\(out)")
    }

    /// The repository's own simulator pipeline: the sample package tested by xcodebuild without a project, on
    /// the simulator a GitHub macOS runner has (scenario `ios-smoke`). Its output goes to a temporary folder.
    @Test func theRepositorysIOSPipelineLoadsResolvesAndRuns() async throws {
        let repository = IntegrationSupport.repositoryRoot
        let app = try AppFolder([], scenario: "ios-smoke")
        defer { app.remove() }
        var environment = app.environment
        environment["FAKE_XCODE_LOG"] = app.log.path
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: environment, currentDirectory: repository)
        #expect(
            await CommandLineTool.run(arguments: ["devices", "Pipelines/ios-smoke.json"], context: context) == .passed)
        #expect(out.text.contains("iPhone 16"), "\(out.text)")
        // The runner's own "iPhone 16" (4D9A6FB3-…) is not smokerun's: smokerun creates its own.
        #expect(
            out.text.contains("each run: smokerun creates its own simulator 'smokerun iPhone 16 (iOS 18.5)'"),
            "\(out.text)")

        var pipeline = try PipelineLoader().load(repository.appendingPathComponent("Pipelines/ios-smoke.json"))
        guard case .xcodebuild(let settings) = pipeline.driver else {
            Issue.record("Pipelines/ios-smoke.json is not an xcodebuild pipeline")
            return
        }
        #expect(settings.packagePath == "Tests/Fixtures/TipCalculator" && settings.project == nil)
        pipeline.coverage.enabled = false
        var options = SmokeRun.Options()
        options.seed = 42
        options.notify = false
        options.output = app.root.appendingPathComponent("out").path
        let smokeRun = SmokeRun(
            pipeline: pipeline, options: options,
            context: HostContext(
                standardOutput: BufferOutput(), standardError: BufferOutput(), environment: environment,
                currentDirectory: repository),
            cancellation: CancellationFlag())
        let outcome = await smokeRun.execute()
        #expect(outcome.report.errors.isEmpty, "\(outcome.report.errors)")
        #expect(outcome.report.totals.tests == 6 && outcome.report.device.name == "smokerun iPhone 16 (iOS 18.5)")
        let log = (try? String(contentsOf: app.log, encoding: .utf8)) ?? ""
        #expect(log.contains("xcrun simctl create smokerun iPhone 16 (iOS 18.5)") && !log.contains("4D9A6FB3"))
        // No -project or -workspace: xcodebuild reads the package in its current folder.
        #expect(log.contains("xcodebuild build-for-testing -scheme TipCalculator -destination id=5A0C0E5E"), "\(log)")
        #expect(
            log.contains(
                "/scratch TEST_RUNNER_SNAPSHOT_TESTING_RECORD=never xcodebuild test-without-building -scheme TipCalculator"
            )
                && log.contains("TEST_RUNNER_IS_UNIT_TESTING=1 TEST_RUNNER_SMOKERUN_SCRATCH_DIR="))
    }
}
