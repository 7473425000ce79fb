import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The driver against the fake `xcrun`/`xcodebuild` (Tests/Fixtures/FakeXcode) and a reader that
/// returns fixed contents for every bundle, as the replaying fake xcresulttool does.
@Suite struct XcodebuildDriverTests {
    static let fakeXcode = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/FakeXcode")

    /// Every bundle holds the whole scenario, whatever was asked for.
    struct ReplayingReader: ResultBundleReading {
        var contents: ResultBundleContents
        func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents {
            guard FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Info.plist").path) else {
                throw XcodebuildError(message: "no bundle at \(bundle.path)")
            }
            return contents
        }
    }

    static func test(_ id: String, _ status: TestStatus, _ framework: TestFramework = .xctest) -> TestResult {
        let (suite, name) = TestCase.split(id)
        return TestResult(
            id: id, name: name, suite: suite, framework: framework, status: status, durationSeconds: 0.5,
            failures: status == .failed
                ? [TestFailure(message: "XCTAssertEqual failed", file: "SmokeAppTests/SmokeAppTests.swift", line: 27)]
                : [])
    }

    static var smokeContents: ResultBundleContents {
        var contents = ResultBundleContents()
        contents.tests = [
            test("SmokeAppTests.SmokeAppTests/testLaunchShowsTipButton", .passed),
            test("SmokeAppTests.SmokeAppTests/testSplitBillOnIPad", .skipped),
            test("SmokeAppTests.SmokeAppTests/testTipIsRoundedToCents", .failed),
            test("SmokeAppTests.SmokeAppTests/testTipScreenScreenshot", .passed),
            test("SmokeAppSwiftTests.TipCalculatorTests/totalIncludesTip()", .passed, .swiftTesting),
            test("SmokeAppSwiftTests.TipCalculatorTests/roundingKnownIssue()", .expectedFailure, .swiftTesting),
        ]
        contents.attachments = [
            RawAttachment(
                testID: "SmokeAppTests.SmokeAppTests/testTipScreenScreenshot", name: "Tip screen.png",
                content: .bytes(Data([0x89, 0x50, 0x4E, 0x47])), mediaType: "image/png")
        ]
        return contents
    }

    struct Run {
        var result: DriverResult
        var log: [String]
        var runDirectory: URL
    }

    func run(
        scenario: String = "smoke", retries: Int = 0, isolation: Isolation = .suite, seed: UInt64? = 42,
        onlyTesting: [String] = [], contents: ResultBundleContents = smokeContents,
        reader: (any ResultBundleReading)? = nil, runSeconds: TimeInterval = 120, graceSeconds: TimeInterval = 10,
        cancellation: CancellationFlag = CancellationFlag(), root: URL? = nil, workers: Int = 1
    ) throws -> Run {
        let root =
            root
            ?? TestScratch.root.appendingPathComponent(
                "smokerun-xcb-\(UUID().uuidString.prefix(8))")
        let runDirectory = root.appendingPathComponent(".smokerun/runs/20261122T040000Z-abcd")
        try FileManager.default.createDirectory(at: runDirectory, withIntermediateDirectories: true)
        let log = root.appendingPathComponent("fake.log")
        var settings = XcodebuildSettings(scheme: "SmokeApp")
        settings.project = "SmokeApp.xcodeproj"
        settings.onlyTesting = onlyTesting
        var pipeline = Pipeline(name: "ios-smoke", driver: .xcodebuild(settings))
        pipeline.device.platform = "iOS Simulator"
        pipeline.device.name = "iPhone SE (3rd generation)"
        pipeline.device.runtime = "iOS 17.5"
        pipeline.ordering.isolation = isolation
        pipeline.retries.failed = retries
        pipeline.coverage.enabled = false
        pipeline.sourcePath = root.appendingPathComponent("Pipelines/ios-smoke.json").path
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            Self.fakeXcode.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FAKE_XCODE_SCENARIO"] =
            scenario.hasPrefix("/") ? scenario : Self.fakeXcode.appendingPathComponent("Scenarios/\(scenario)").path
        environment["FAKE_XCODE_LOG"] = log.path
        // Its own simulator locks: tests running at once would wait for each other's fake device.
        environment["TMPDIR"] = root.path
        var context = RunContext(
            pipeline: pipeline, seed: seed, runDirectory: runDirectory, currentDirectory: root,
            environment: environment,
            runner: ProcessCommandRunner(),
            limits: RunLimits(
                testSeconds: 300, runDeadline: Date().addingTimeInterval(runSeconds), cancellation: cancellation),
            console: try ConsoleLog(url: runDirectory.appendingPathComponent("console.log")))
        context.limits.graceSeconds = graceSeconds
        context.workers = workers
        let result = XcodebuildDeviceRun(
            settings: settings, context: context, reader: reader ?? ReplayingReader(contents: contents)
        ).run()
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return Run(result: result, log: lines, runDirectory: runDirectory)
    }

    @Test func preparesTheDeviceBuildsOnceAndRunsEachSuiteIntoItsOwnBundle() throws {
        let run = try run()
        #expect(run.result.errors.isEmpty, "\(run.result.errors)")
        let udid = "8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90"
        let derived = run.runDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "DerivedData/ios-smoke"
        ).path
        let project = run.runDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SmokeApp.xcodeproj").path
        let common = "-project \(project) -scheme SmokeApp -destination id=\(udid) -derivedDataPath \(derived)"
        let scratch = run.runDirectory.appendingPathComponent("scratch").path
        let env =
            "TEST_RUNNER_IS_UNIT_TESTING=1 TEST_RUNNER_SMOKERUN_SCRATCH_DIR=\(scratch) TEST_RUNNER_SNAPSHOT_TESTING_RECORD=never "
        #expect(
            Array(run.log.prefix(9)) == [
                "xcodebuild -version",
                "xcrun simctl list devices -j", "xcrun simctl list runtimes -j", "xcrun simctl list devicetypes -j",
                "xcrun simctl erase \(udid)", "xcrun simctl boot \(udid)", "xcrun simctl bootstatus \(udid) -b",
                env + "xcodebuild build-for-testing \(common)",
                """
                \(env)xcodebuild test-without-building \(common) -enumerate-tests -test-enumeration-format json \
                -test-enumeration-output-path \(run.runDirectory.path)/xcodebuild/tests.json
                """,
            ])
        let batches = run.log.dropFirst(9)
        #expect(batches.count == 2)
        #expect(batches.allSatisfy { $0.hasPrefix(env + "xcodebuild test-without-building \(common) -only-testing:") })
        #expect(
            batches.enumerated().allSatisfy {
                $0.element.contains(
                    "-resultBundlePath \(run.runDirectory.path)/xcodebuild/bundles/\($0.offset + 1).xcresult")
            })
        #expect(run.result.device.udid == udid)
        #expect(run.result.device.runtimeBuild == "21F79")
        #expect(run.result.toolchain?.version == "Xcode 16.2 (16C5032a)")
        #expect(run.result.tests.map(\.order) == Array(1...6))
        #expect(Set(run.result.tests.map(\.id)) == Set(Self.smokeContents.tests.map(\.id)))
        #expect(run.result.attachments.count == 1)
        #expect(
            FileManager.default.fileExists(
                atPath: run.runDirectory.appendingPathComponent("xcodebuild/smokerun.xctestplan").path))
    }

    @Test func theSameSeedGivesTheSameBatchOrderAndTestIsolationOneTestPerInvocation() throws {
        let first = try run(isolation: .test, seed: 7)
        let second = try run(isolation: .test, seed: 7)
        let batches = { (run: Run) in
            run.log.filter { $0.contains("-resultBundlePath") }.map {
                $0.split(separator: " ").filter { $0.hasPrefix("-only-testing:") }
            }
        }
        #expect(batches(first).count == 6)
        #expect(batches(first).allSatisfy { $0.count == 1 })
        #expect(batches(first) == batches(second))
    }

    @Test func failedTestsAreRetriedWithOnlyThoseTests() throws {
        let run = try run(retries: 2)
        let retries = run.log.filter { $0.contains("-resultBundlePath") }.dropFirst(2)
        #expect(retries.count == 2)
        #expect(
            retries.allSatisfy {
                $0.contains(" -only-testing:SmokeAppTests/SmokeAppTests/testTipIsRoundedToCents -resultBundlePath")
            })
        let failed = try #require(run.result.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") })
        #expect(failed.status == .failed)
        #expect(failed.attempts.count == 3)
        #expect(run.result.tests.count == 6)
    }

    @Test func aMissingDeviceIsCreatedThenBooted() throws {
        let run = try run(scenario: "missing-device")
        let udid = "5A0C0E5E-C0DE-4A11-8000-00000000C0DE"
        #expect(
            Array(run.log[4...6]) == [
                "xcrun simctl create smokerun iPhone SE (3rd generation) (iOS 17.5) com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation com.apple.CoreSimulator.SimRuntime.iOS-17-5",
                "xcrun simctl boot \(udid)", "xcrun simctl bootstatus \(udid) -b",
            ])
        #expect(run.result.device.udid == udid)
        #expect(run.result.device.name == "smokerun iPhone SE (3rd generation) (iOS 17.5)")
    }

    @Test func aRequestedTestMissingFromTheBundleIsCrashedAndOnlyTestingFilters() throws {
        var contents = Self.smokeContents
        contents.tests.removeAll { $0.id.hasSuffix("testLaunchShowsTipButton") }
        let run = try run(onlyTesting: ["SmokeAppTests/SmokeAppTests/testLaunchShowsTipButton"], contents: contents)
        let crashed = try #require(
            run.result.tests.first { $0.id == "SmokeAppTests.SmokeAppTests/testLaunchShowsTipButton" })
        #expect(crashed.status == .crashed)
        #expect(run.log.filter { $0.contains("-resultBundlePath") }.count == 1)
    }

    @Test func anUnreadableBundleLeavesTheConsolesResultsAndTheReadersNotesStay() throws {
        struct Failing: ResultBundleReading {
            func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents {
                throw XcodebuildError(message: "broken bundle")
            }
        }
        // xcodebuild's own output tells how each test ended: those results stand, a warning per bundle says so.
        let failed = try run(reader: Failing())
        #expect(failed.result.tests.count == 6)
        #expect(failed.result.tests.first { $0.id.hasSuffix("testTipIsRoundedToCents") }?.status == .failed)
        #expect(!failed.result.errors.isEmpty)
        #expect(
            failed.result.errors.allSatisfy {
                $0.severity == .warning && $0.message.hasPrefix("could not read the result bundle")
                    && $0.message.contains("broken bundle; the results are read from xcodebuild's output")
            })
        var contents = Self.smokeContents
        contents.notes = ["attachment 'x' has no payload"]
        contents.issuesOutsideTests = ["Suite CartTests recorded an issue outside any test: tear-down failed"]
        let noted = try run(contents: contents)
        // What could not be read is a note; a failure outside any test fails the run.
        #expect(noted.result.errors.contains { $0.message == "attachment 'x' has no payload" && $0.isNote })
        #expect(noted.result.errors.contains { $0.message.hasPrefix("Suite CartTests recorded") && !$0.isNote })
    }

    @Test func aFailedBuildStopsBeforeAnyTestWithTheCompilerErrors() throws {
        let scenario = TestScratch.root.appendingPathComponent(
            "smokerun-xcb-\(UUID().uuidString.prefix(8))/broken")
        try FileManager.default.createDirectory(
            at: scenario.appendingPathComponent("xcodebuild"), withIntermediateDirectories: true)
        try Data("smoke\n".utf8).write(to: scenario.appendingPathComponent("base"))
        try Data(
            "/p/SmokeApp/TipCalculator.swift:12:5: error: cannot find 'tipp' in scope\n** TEST BUILD FAILED **\n".utf8
        )
        .write(to: scenario.appendingPathComponent("xcodebuild/build-for-testing.log"))
        try Data("65".utf8).write(to: scenario.appendingPathComponent("xcodebuild/build-for-testing.status"))
        // `base` names a sibling scenario: link `smoke` beside this temporary one.
        try FileManager.default.createSymbolicLink(
            at: scenario.deletingLastPathComponent().appendingPathComponent("smoke"),
            withDestinationURL: Self.fakeXcode.appendingPathComponent("Scenarios/smoke"))
        let run = try run(scenario: scenario.path)
        #expect(run.result.tests.isEmpty)
        let error = try #require(run.result.errors.first)
        #expect(error.message == "xcodebuild build-for-testing failed (exit status 65)")
        #expect(
            error.details == [
                "/p/SmokeApp/TipCalculator.swift:12:5: error: cannot find 'tipp' in scope", "** TEST BUILD FAILED **",
            ])
        #expect(!run.log.contains { $0.contains("test-without-building") })
    }

    @Test func withoutTestEnumerationTheSchemeRunsInOneInvocationWithThePipelinesSelection() throws {
        let scenario = TestScratch.root.appendingPathComponent(
            "smokerun-xcb-\(UUID().uuidString.prefix(8))/xcode15")
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        for folder in ["simctl", "xcodebuild"] {
            try FileManager.default.copyItem(
                at: Self.fakeXcode.appendingPathComponent("Scenarios/smoke/\(folder)"),
                to: scenario.appendingPathComponent(folder))
        }
        try FileManager.default.removeItem(at: scenario.appendingPathComponent("xcodebuild/enumerate-tests.json"))
        let run = try run(scenario: scenario.path, onlyTesting: ["SmokeAppTests"])
        let batches = run.log.filter { $0.contains("-resultBundlePath") }
        #expect(batches.count == 1)
        #expect(batches.first?.contains(" -only-testing:SmokeAppTests -resultBundlePath ") == true)
        #expect(run.result.tests.count == 6)
        #expect(run.result.errors.isEmpty)
    }

    /// A variant of `smoke` whose test-without-building hangs until a signal (see the FakeXcode README).
    func hangingScenario() throws -> URL {
        let scenario = TestScratch.root.appendingPathComponent(
            "smokerun-xcb-\(UUID().uuidString.prefix(8))/hang")
        try FileManager.default.createDirectory(
            at: scenario.appendingPathComponent("xcodebuild"), withIntermediateDirectories: true)
        try Data("smoke\n".utf8).write(to: scenario.appendingPathComponent("base"))
        try Data().write(to: scenario.appendingPathComponent("xcodebuild/test-without-building.hang"))
        try FileManager.default.createSymbolicLink(
            at: scenario.deletingLastPathComponent().appendingPathComponent("smoke"),
            withDestinationURL: Self.fakeXcode.appendingPathComponent("Scenarios/smoke"))
        return scenario
    }

    @Test func theRunDeadlineStopsXcodebuildWithSIGINTAndTheTestsItsBundleHoldsAreKept() throws {
        let started = Date()
        let run = try run(scenario: try hangingScenario().path, runSeconds: 4, graceSeconds: 120)
        // SIGINT, not SIGKILL: the fake finalized its bundle and the run read every test in it.
        let marker = run.runDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("fake.log.sigint")
        #expect((try? String(contentsOf: marker, encoding: .utf8)) == "interrupted\n")
        #expect(run.result.tests.count == 6)
        #expect(run.log.filter { $0.contains("-resultBundlePath") }.count == 1)
        // Every test has a result: the deadline is a note, the tests say how the run went.
        #expect(
            run.result.errors.map(\.message) == [
                """
                the run reached timeouts.runSeconds (1800 s) after every test had a result, and was stopped
                """
            ])
        #expect(run.result.errors.first?.severity == .note)
        // It finished on SIGINT well inside the 120 s grace period (room for a loaded machine).
        #expect(Date().timeIntervalSince(started) < 90)
    }

    /// Without a test list (Xcode 15), the test the console shows running at the deadline timed out, and the run
    /// cannot pass: how many tests xcodebuild had still to run is unknown.
    @Test func theRunDeadlineOfAnUnlistedRunTimesOutTheRunningTestAndTheRunCannotPass() throws {
        let scenario = try hangingScenario()
        for folder in ["simctl", "xcodebuild"] {
            let copy = scenario.appendingPathComponent(folder)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(
                at: Self.fakeXcode.appendingPathComponent("Scenarios/smoke/\(folder)"), to: copy)
        }
        // Its own files only: `base` would give it smoke's test list.
        try FileManager.default.removeItem(at: scenario.appendingPathComponent("base"))
        try FileManager.default.removeItem(at: scenario.appendingPathComponent("xcodebuild/enumerate-tests.json"))
        let log = scenario.appendingPathComponent("xcodebuild/test-without-building.log")
        let shown = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").prefix(21)
        let hanging = "Test Case '-[SmokeAppTests.SmokeAppTests testWaitsForever]' started."
        try Data((shown.joined(separator: "\n") + "\n" + hanging + "\n").utf8).write(to: log)
        try Data().write(to: scenario.appendingPathComponent("xcodebuild/test-without-building.hang"))

        let run = try run(scenario: scenario.path, runSeconds: 4, graceSeconds: 120)
        let waiting = try #require(run.result.tests.first { $0.id == "SmokeAppTests.SmokeAppTests/testWaitsForever" })
        #expect(waiting.status == .timedOut)
        #expect(run.result.tests.count == 7)
        let errors = run.result.errors.filter { !$0.isNote }.map(\.message)
        #expect(errors.count == 1)
        let stopped = "xcodebuild was stopped at timeouts.runSeconds while it ran the scheme's tests unlisted"
        #expect(errors.first?.hasPrefix(stopped) == true)
        #expect(!run.result.errors.contains { $0.message.contains("after every test had a result") })
    }

    @Test func stoppingSmokerunStopsXcodebuildWithSIGINTAndTheRunIsInterruptedWithWhatItsBundleHeld() throws {
        let scenario = try hangingScenario()
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-xcb-\(UUID().uuidString.prefix(8))")
        let cancellation = CancellationFlag()
        // What SignalTrap does on SIGTERM/SIGINT of smokerun, once the hanging test-without-building has started
        // (bounded: 30 s).
        Thread.detachNewThread {
            for _ in 0..<300 where !Self.hangStarted(log: root.appendingPathComponent("fake.log")) {
                Thread.sleep(forTimeInterval: 0.1)
            }
            cancellation.cancel()
        }
        let run = try run(scenario: scenario.path, graceSeconds: 30, cancellation: cancellation, root: root)
        #expect(run.result.interrupted)
        // Finalized on SIGINT: every test of the bundle is read, and nothing is reported missing.
        #expect(run.result.tests.count == 6)
        #expect(run.result.errors.isEmpty, "\(run.result.errors)")
        #expect(run.log.filter { $0.contains("-resultBundlePath") }.count == 1)
        #expect(
            (try? String(contentsOf: root.appendingPathComponent("fake.log.sigint"), encoding: .utf8))
                == "interrupted\n")
    }

    /// Whether the fake's log shows the hanging test-without-building started.
    static func hangStarted(log: URL) -> Bool {
        (try? String(contentsOf: log, encoding: .utf8))?.contains("-resultBundlePath") == true
    }
}

/// `-parallel-testing-worker-count 2` end to end over the fake xcodebuild: each test's worker is the
/// clone xcodebuild printed for it, its position its place among that clone's results.
@Suite struct XcodeCloneRecordingTests {
    @Test func eachTestRecordsTheCloneThatRanItAndItsPlaceThere() throws {
        let run = try XcodebuildDriverTests().run(scenario: "parallel", workers: 2)
        let tests = Dictionary(uniqueKeysWithValues: run.result.tests.map { ($0.name, $0) })
        #expect(run.result.tests.count == 6)
        for name in ["testLaunchShowsTipButton", "testSplitBillOnIPad", "totalIncludesTip()"] {
            #expect(tests[name]?.worker == 1)
        }
        for name in ["testTipIsRoundedToCents", "testTipScreenScreenshot", "roundingKnownIssue()"] {
            #expect(tests[name]?.worker == 2)
        }
        for worker in [1, 2] {
            let positions = run.result.tests.filter { $0.worker == worker }.compactMap(\.position).sorted()
            #expect(positions == [1, 2, 3])
        }
        // Within one invocation, the order the clone printed them.
        #expect((tests["testLaunchShowsTipButton"]?.position ?? 0) < (tests["testSplitBillOnIPad"]?.position ?? 0))
        #expect((tests["testTipIsRoundedToCents"]?.position ?? 0) < (tests["testTipScreenScreenshot"]?.position ?? 0))
        #expect(run.log.contains { $0.contains("-parallel-testing-worker-count 2") })
    }

    @Test func aSerialRunRecordsNoWorker() throws {
        let run = try XcodebuildDriverTests().run(scenario: "smoke")
        #expect(!run.result.tests.isEmpty)
        #expect(run.result.tests.allSatisfy { $0.worker == nil && $0.position == nil })
    }
}
