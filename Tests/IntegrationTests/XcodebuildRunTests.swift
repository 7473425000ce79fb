import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

// Pending: compiled once `XCResultToolReader` (branch xcresulttool) is merged; rename to
// XcodebuildRunTests.swift then. Expectations follow Tests/Fixtures/FakeXcode/README.md, scenario `smoke`.

/// A whole xcodebuild smoke run on Linux: fake `xcrun`/`xcodebuild` replay the `smoke` scenario,
/// the real xcresulttool reader reads the bundles, and the run directory matches the scenario.
@Suite struct XcodebuildRunTests {
    static let fakeXcode = IntegrationSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/FakeXcode")

    func run(scenario: String, retries: Int = 0, shard: ShardRecord? = nil, root: URL? = nil) async throws -> (
        SmokeRun.Outcome, [String]
    ) {
        let root =
            root
            ?? TestScratch.root.appendingPathComponent(
                "smokerun-ios-run-\(UUID().uuidString.prefix(8))")
        let url = root.appendingPathComponent("Pipelines/ios.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            """
            {"name": "ios-smoke", "xcodebuild": {"project": "SmokeApp.xcodeproj", "scheme": "SmokeApp"},
             "device": {"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"},
             "retries": {"failed": \(retries)}, "coverage": {"enabled": false}}
            """.utf8
        ).write(to: url)
        let log = root.appendingPathComponent("fake-xcode-\(UUID().uuidString.prefix(8)).log")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            Self.fakeXcode.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FAKE_XCODE_SCENARIO"] = Self.fakeXcode.appendingPathComponent("Scenarios/\(scenario)").path
        environment["FAKE_XCODE_LOG"] = log.path
        var options = SmokeRun.Options()
        options.seed = 42
        options.notify = false
        options.shard = shard
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: environment,
            currentDirectory: root)
        let smokeRun = SmokeRun(
            pipeline: try PipelineLoader().load(url), options: options, context: context,
            cancellation: CancellationFlag())
        let outcome = await smokeRun.execute()
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return (outcome, lines)
    }

    @Test func theRunDirectoryMatchesTheReplayedBundle() async throws {
        let (outcome, log) = try await run(scenario: "smoke")
        let report = outcome.report
        #expect(outcome.failure == .testsFailed)
        #expect(report.status == .failed)
        #expect(report.errors.isEmpty, "\(report.errors)")
        // Each bundle's reading agrees with Xcode's own count of it (the fake replays the whole bundle every time).
        #expect(report.reconciliation?.agrees == true)
        #expect(report.reconciliation?.sources.first?.framework == "xcresult")
        let statuses = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0.status) })
        #expect(
            statuses == [
                "SmokeAppTests.SmokeAppTests/testLaunchShowsTipButton": .passed,
                "SmokeAppTests.SmokeAppTests/testSplitBillOnIPad": .skipped,
                "SmokeAppTests.SmokeAppTests/testTipIsRoundedToCents": .failed,
                "SmokeAppTests.SmokeAppTests/testTipScreenScreenshot": .passed,
                "SmokeAppSwiftTests.TipCalculatorTests/totalIncludesTip()": .passed,
                "SmokeAppSwiftTests.TipCalculatorTests/roundingKnownIssue()": .expectedFailure,
            ])
        #expect(
            report.totals.tests == 6 && report.totals.failed == 1 && report.totals.skipped == 1
                && report.totals.expectedFailures == 1)
        let failed = try #require(report.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") })
        #expect(
            failed.failures.first?.message.contains(#"XCTAssertEqual failed: ("15.0") is not equal to ("15.5")"#)
                == true)
        #expect(failed.failures.first?.file?.hasSuffix("SmokeAppTests.swift") == true)
        #expect(failed.failures.first?.line == 27)
        let screenshot = try #require(
            report.tests.first { $0.id.hasSuffix("testTipScreenScreenshot") }?.attachments.first)
        #expect(screenshot.mediaType == "image/png")
        #expect(
            FileManager.default.fileExists(atPath: outcome.runDirectory.appendingPathComponent(screenshot.path).path))
        let html = try String(contentsOf: outcome.runDirectory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<img") && html.contains(screenshot.path))
        #expect(report.device.udid == "8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90")
        #expect(report.device.runtimeBuild == "21F79")
        #expect(report.toolchain?.version == "Xcode 16.2 (16C5032a)")
        #expect(report.tests.map(\.order) == Array(1...6))
        #expect(
            log.contains {
                $0.hasPrefix("TEST_RUNNER_IS_UNIT_TESTING=1 TEST_RUNNER_SMOKERUN_SCRATCH_DIR=")
                    && $0.contains(
                        "/scratch TEST_RUNNER_SNAPSHOT_TESTING_RECORD=never xcodebuild test-without-building")
            })
        // xcresulttool: summary and tests per bundle, activities only for the failed test, one bulk export.
        #expect(log.contains { $0.hasPrefix("xcrun xcresulttool export attachments") })
        #expect(
            log.filter { $0.contains("get test-results activities") }.allSatisfy {
                $0.contains("testTipIsRoundedToCents")
            })
        let junit = try String(contentsOf: outcome.runDirectory.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 6)
    }

    @Test func aFailedTestIsRetriedWithOnlyItselfAndKeepsEveryAttempt() async throws {
        let (outcome, log) = try await run(scenario: "smoke", retries: 1)
        let retry = try #require(log.last { $0.contains("-resultBundlePath") })
        #expect(
            retry.split(separator: " ").filter { $0.hasPrefix("-only-testing:") } == [
                "-only-testing:SmokeAppTests/SmokeAppTests/testTipIsRoundedToCents"
            ])
        let failed = try #require(outcome.report.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") })
        #expect(failed.attempts.count == 2)
        #expect(outcome.report.totals.tests == 6)
    }

    /// xcodebuild exits 65 saying the runner crashed after the last test, while the bundle's tests all passed: the
    /// run cannot pass, and its error quotes xcodebuild's own lines.
    @Test func xcodebuildsFailureAfterPassingTestsFailsTheRun() async throws {
        let (outcome, _) = try await run(scenario: "crash-after-tests")
        let report = outcome.report
        #expect(report.status == .error && outcome.failure == .infrastructure)
        #expect(report.totals.failing == 0 && report.totals.passed == 4)
        let error = try #require(report.errors.first { !$0.isNote })
        #expect(error.exitStatus == 65 && error.message.contains("the run cannot pass"))
        #expect(error.details.first == "Testing failed:")
        #expect(error.details.contains { $0.contains("Test crashed with signal segv after the last test finished") })
    }

    /// xcresulttool cannot read the bundle: xcodebuild's own output tells how each test ended, and those results stand
    /// (a warning says where they came from), not an `error` of 0 tests.
    @Test func anUnreadableBundleLeavesTheResultsXcodebuildPrinted() async throws {
        let (outcome, _) = try await run(scenario: "unreadable-bundle")
        let report = outcome.report
        #expect(report.status == .failed && outcome.failure == .testsFailed, "\(report.errors)")
        let failed = try #require(report.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") })
        #expect(failed.status == .failed && failed.failures.first?.line == 27, "\(failed)")
        #expect(report.totals.passed > 0)
        let warning = try #require(report.errors.first { $0.message.contains("read from xcodebuild's output") })
        #expect(warning.severity == .warning && warning.message.contains("incomplete or corrupt"))
    }

    /// The app host crashed in a test: the bundle says `Failed` (its message `Crash: …`), xcodebuild's output shows the
    /// fatal error and the restart. The test is `crashed`, as `parse` of that output says, with the output as evidence.
    @Test func aTestTheAppHostCrashedInIsCrashed() async throws {
        let (outcome, _) = try await run(scenario: "crash-in-test")
        let crashed = try #require(outcome.report.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") })
        #expect(crashed.status == .crashed)
        #expect(
            crashed.evidence?.source?.hasPrefix("output of xcodebuild") == true,
            "\(String(describing: crashed.evidence))")
        #expect(crashed.failures.first?.message.contains("Unexpectedly found nil") == true)
        #expect(outcome.report.totals.crashed == 1 && outcome.report.totals.failed == 0)
    }

    @Test func aMissingDeviceIsCreatedAndTheRunStillReadsEveryTest() async throws {
        let (outcome, log) = try await run(scenario: "missing-device")
        #expect(log.contains { $0.hasPrefix("xcrun simctl create smokerun iPhone SE (3rd generation) (iOS 17.5) ") })
        #expect(outcome.report.device.udid == "5A0C0E5E-C0DE-4A11-8000-00000000C0DE")
        #expect(outcome.report.totals.tests == 6)
    }

    @Test func twoXcodebuildShardsRunEveryTestOnceAndTheirMergeHasTheUnshardedTotals() async throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-ios-shards-\(UUID().uuidString.prefix(8))")
        let (whole, _) = try await run(scenario: "smoke", root: root)
        let (first, firstLog) = try await run(scenario: "smoke", shard: ShardRecord(index: 1, count: 2), root: root)
        let (second, secondLog) = try await run(scenario: "smoke", shard: ShardRecord(index: 2, count: 2), root: root)
        #expect(first.report.shard?.description == "1/2")
        // Each shard records the whole run's selection, which `merge` checks every test of ran somewhere.
        #expect(first.report.shard?.selected?.count == 6)
        #expect(second.report.shard?.selected == first.report.shard?.selected)
        #expect(
            first.report.errors.isEmpty && second.report.errors.isEmpty,
            "\(first.report.errors) \(second.report.errors)")
        #expect(first.report.totals.tests > 0 && second.report.totals.tests > 0)
        let firstIDs = first.report.tests.map(\.id)
        let secondIDs = second.report.tests.map(\.id)
        #expect(Set(firstIDs).isDisjoint(with: secondIDs))
        #expect((firstIDs + secondIDs).sorted() == whole.report.tests.map(\.id).sorted())
        // Each shard asked xcodebuild for its own tests only.
        for (log, ids) in [(firstLog, firstIDs), (secondLog, secondIDs)] {
            let asked = log.filter { $0.contains("-resultBundlePath") }.flatMap {
                $0.split(separator: " ").filter { $0.hasPrefix("-only-testing:") }
            }
            #expect(
                Set(asked.map { String($0.dropFirst("-only-testing:".count)) })
                    == Set(ids.map(XcodeTestIdentifier.xcode)))
        }

        let out = BufferOutput()
        let err = BufferOutput()
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            Self.fakeXcode.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let context = HostContext(
            standardOutput: out, standardError: err, environment: environment, currentDirectory: root)
        let exit = await CommandLineTool.run(
            arguments: [
                "merge", first.runDirectory.path, second.runDirectory.path, "--pipeline", "Pipelines/ios.json",
                "--no-notify",
            ], context: context)
        #expect(exit == ExitCode(whole.failure), "\(err.text)")
        let merged = try RunReportFile.load(
            at: try #require(
                RunDirectoryLocator.latestRun(
                    outputDirectory: whole.runDirectory.deletingLastPathComponent().deletingLastPathComponent())))
        #expect(![whole.report.runID, first.report.runID, second.report.runID].contains(merged.runID))
        #expect(merged.totals == whole.report.totals)
        #expect(Set(merged.tests.map(\.id)) == Set(whole.report.tests.map(\.id)))
        #expect(merged.status == whole.report.status)
    }
}
