import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The real `smokerun run` on an xcodebuild pipeline with the fake `xcrun`/`xcodebuild` first on
/// PATH: the exact simctl and xcodebuild command lines, the create path, and the resolved device.
/// Independent of the result-bundle reader (XcodebuildRunTests checks the report's tests).
@Suite struct XcodebuildCommandLineRunTests {
    static let fakeXcode = IntegrationSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/FakeXcode")

    struct Finished {
        var root: URL
        var log: [String]
        var output: String
    }

    static func pipeline(create: Bool = true) -> String {
        """
        {"name": "ios-smoke", "xcodebuild": {"project": "SmokeApp.xcodeproj", "scheme": "SmokeApp"},
         "device": {"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5", "create": \(create)},
         "ordering": {"mode": "random", "isolation": "suite"}, "retries": {"failed": 0}, "coverage": {"enabled": false}}
        """
    }

    /// Runs the binary (bounded) in a fresh folder holding `Pipelines/ios.json`.
    static func smokerun(
        scenario: String, pipeline: String = pipeline(),
        arguments: [String] = ["run", "Pipelines/ios.json", "--no-notify", "--seed", "42"]
    ) throws -> Finished {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-ios-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data(pipeline.utf8).write(to: root.appendingPathComponent("Pipelines/ios.json"))
        let log = root.appendingPathComponent("fake-xcode.log")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            fakeXcode.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FAKE_XCODE_SCENARIO"] = fakeXcode.appendingPathComponent("Scenarios/\(scenario)").path
        environment["FAKE_XCODE_LOG"] = log.path
        // Its own simulator locks: tests running at once would wait for each other's fake device.
        environment["TMPDIR"] = root.path
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path, arguments: arguments, environment: environment,
            currentDirectory: root)
        var output = Data()
        let deadline = Date().addingTimeInterval(120)
        _ = child.run(onOutput: { output.append(contentsOf: $0) }, onTick: { Date() > deadline ? .kill : .keepRunning })
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return Finished(root: root, log: lines, output: String(decoding: output, as: UTF8.self))
    }

    @Test func smokerunsOwnDeviceIsErasedBootedAndEveryXcodebuildCallCarriesTheEnvironment() throws {
        let run = try Self.smokerun(scenario: "smoke")
        let udid = "8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90"
        let root = run.root.resolvingSymlinksInPath().path
        let common =
            "-project \(root)/SmokeApp.xcodeproj -scheme SmokeApp -destination id=\(udid) -derivedDataPath \(root)/.smokerun/DerivedData/ios-smoke"
        let report = try RunReportFile.load(at: run.root.appendingPathComponent(".smokerun/latest"))
        let bundles = "\(root)/.smokerun/runs/\(report.runID)/xcodebuild"
        // xcodebuild orders an invocation's tests itself: the seed replays the batches, not the order inside them.
        #expect(!report.ordering.orderControlled)
        let note = "seed 42 chose the batches, but xcodebuild decides the order inside them"
        #expect(run.output.contains(note), "\(run.output)")
        // Suite isolation, seed 42: the Swift Testing suite's batch, then the XCTest class's.
        #expect(
            run.log == [
                "xcodebuild -version",
                "xcrun simctl list devices -j",
                "xcrun simctl list runtimes -j",
                "xcrun simctl list devicetypes -j",
                "xcrun simctl erase \(udid)",
                "xcrun simctl boot \(udid)",
                "xcrun simctl bootstatus \(udid) -b",
                "\(Self.environment(bundles)) xcodebuild build-for-testing \(common)",
                "\(Self.environment(bundles)) xcodebuild test-without-building \(common) -enumerate-tests -test-enumeration-format json -test-enumeration-output-path \(bundles)/tests.json",
            ] + Self.batchLines(common: common, bundles: bundles, report: report, log: run.log), "\(run.output)")
        #expect(
            report.device
                == ResolvedDevice(
                    platform: "iOS Simulator", name: "smokerun iPhone SE (3rd generation) (iOS 17.5)", udid: udid,
                    runtime: "iOS 17.5", runtimeBuild: "21F79",
                    deviceType: "com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation"))
        #expect(report.toolchain?.version == "Xcode 16.2 (16C5032a)")
        #expect(FileManager.default.fileExists(atPath: "\(bundles)/bundles/1.xcresult/Info.plist"))
        #expect(FileManager.default.fileExists(atPath: "\(bundles)/bundles/2.xcresult/Info.plist"))
        let plan = try String(contentsOfFile: "\(bundles)/smokerun.xctestplan", encoding: .utf8)
        #expect(plan.contains(#""testExecutionOrdering" : "random""#) && plan.contains(#""key" : "IS_UNIT_TESTING""#))
    }

    /// The variables every xcodebuild call carries, as the fake logs them: the pipeline's, the run's scratch folder
    /// (beside `bundles`, the run's xcodebuild folder) and the snapshot default.
    static func environment(_ bundles: String) -> String {
        let scratch = URL(fileURLWithPath: bundles).deletingLastPathComponent().appendingPathComponent("scratch").path
        return """
            TEST_RUNNER_IS_UNIT_TESTING=1 TEST_RUNNER_SMOKERUN_SCRATCH_DIR=\(scratch) \
            TEST_RUNNER_SNAPSHOT_TESTING_RECORD=never
            """
    }

    /// The two batch lines: each suite's tests, in the order the log shows, into bundles 1 and 2,
    /// each followed by the xcresulttool calls that read its bundle.
    static func batchLines(common: String, bundles: String, report: RunReport, log: [String]) -> [String] {
        let swiftTesting = [
            "-only-testing:SmokeAppSwiftTests/TipCalculatorTests/roundingKnownIssue()",
            "-only-testing:SmokeAppSwiftTests/TipCalculatorTests/totalIncludesTip()",
        ]
        let xctest = [
            "testLaunchShowsTipButton", "testSplitBillOnIPad", "testTipIsRoundedToCents", "testTipScreenScreenshot",
        ].map { "-only-testing:SmokeAppTests/SmokeAppTests/\($0)" }
        let batches = log.filter { $0.contains("-resultBundlePath") }
        let tail =
            "-test-timeouts-enabled YES -default-test-execution-time-allowance 300 -maximum-test-execution-time-allowance 300"
        return batches.enumerated().map { index, line in
            // Order within a batch follows the seed; the membership of each batch does not.
            let selection = line.split(separator: " ").filter { $0.hasPrefix("-only-testing:") }.map(String.init)
            let expected = Set(selection) == Set(swiftTesting) ? swiftTesting : xctest
            #expect(Set(selection) == Set(expected))
            let bundle = "\(bundles)/bundles/\(index + 1).xcresult"
            return [
                "\(environment(bundles)) xcodebuild test-without-building \(common) \(selection.joined(separator: " ")) -resultBundlePath \(bundle) \(tail)"
            ]
                + readerLines(bundle: bundle, exported: "\(bundles)/exported/\(index + 1)")
        }.flatMap { $0 }
    }

    /// How one bundle is read: probe, tests, summary, activities of the failed test only, one attachments export.
    static func readerLines(bundle: String, exported: String) -> [String] {
        let schema = "--schema-version 0.1.0"
        return [
            "xcrun xcresulttool version",
            "xcrun xcresulttool get test-results tests --path \(bundle) \(schema)",
            "xcrun xcresulttool get test-results summary --path \(bundle) \(schema)",
            "xcrun xcresulttool get test-results activities --test-id SmokeAppTests/testTipIsRoundedToCents() --path \(bundle) \(schema)",
            "xcrun xcresulttool export attachments --path \(bundle) --output-path \(exported)/xcresulttool-attachments",
        ]
    }

    @Test func aMissingDeviceIsCreatedWithADeterministicNameThenBooted() throws {
        let run = try Self.smokerun(scenario: "missing-device")
        let udid = "5A0C0E5E-C0DE-4A11-8000-00000000C0DE"
        #expect(
            Array(run.log.dropFirst(4).prefix(3)) == [
                "xcrun simctl create smokerun iPhone SE (3rd generation) (iOS 17.5) com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation com.apple.CoreSimulator.SimRuntime.iOS-17-5",
                "xcrun simctl boot \(udid)",
                "xcrun simctl bootstatus \(udid) -b",
            ], "\(run.output)")
        let report = try RunReportFile.load(at: run.root.appendingPathComponent(".smokerun/latest"))
        #expect(report.device.udid == udid)
        #expect(report.device.name == "smokerun iPhone SE (3rd generation) (iOS 17.5)")
    }

    @Test func aMissingDeviceWithoutCreateExitsThreeListingWhatIsAvailable() throws {
        let run = try Self.smokerun(scenario: "missing-device", pipeline: Self.pipeline(create: false))
        #expect(
            run.output.contains(
                "no available simulator 'smokerun iPhone SE (3rd generation) (iOS 17.5)' with iOS 17.5 to use; available: iPhone 15"
            ), "\(run.output)")
        #expect(!run.log.contains { $0.contains("xcodebuild build-for-testing") })
        let report = try RunReportFile.load(at: run.root.appendingPathComponent(".smokerun/latest"))
        #expect(report.status == .error)
    }

    @Test func devicesShowsTheResolutionAndExitsThreeForAMissingRuntime() throws {
        let shown = try Self.smokerun(scenario: "smoke", arguments: ["devices", "Pipelines/ios.json"])
        #expect(
            shown.output.contains(
                "resolves to: smokerun iPhone SE (3rd generation) (iOS 17.5) 8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90 — iOS 17.5 (21F79)"
            ),
            "\(shown.output)")
        let pinned = Self.pipeline().replacingOccurrences(of: "iOS 17.5", with: "iOS 18.2")
        let root = try Self.smokerun(scenario: "smoke", pipeline: pinned, arguments: ["devices", "Pipelines/ios.json"])
        #expect(
            root.output.contains(
                "simulator runtime 'iOS 18.2' (device.runtime) is not installed; installed: iOS 16.4, iOS 17.5, watchOS 10.5"
            ), "\(root.output)")
    }
}
