import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A bundle with repetitions, arguments and two configurations reads like Xcode reads it, the
/// same from its database as from xcresulttool's JSON of it.
@Suite struct XCResultReadingsAgreeTests {
    private func readDatabase(_ folder: TemporaryDirectory) throws -> ResultBundleContents {
        let bundle = folder.url.appendingPathComponent("Shop.xcresult")
        try XCResultConfigurationFixture.bundle(at: bundle)
        return try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: folder.url)
    }

    @Test func aTestInTwoConfigurationsWithRetriesAndArgumentsIsOneTestTimedAsXcodeTimesIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = try readDatabase(folder)
        #expect(contents.tests.map(\.id) == ["ShopTests.PriceTests/rounds(_:)", "ShopUITests.LaunchTests/testLaunch"])
        let rounds = contents.tests[0]
        #expect(rounds.status == .failed)
        #expect(!rounds.flaky)
        // The mean of the six runs, as xcresulttool's durationInSeconds, not their 1.3 s sum.
        #expect(abs(rounds.durationSeconds - XCResultConfigurationFixture.roundsDuration) < 1e-9)
        // English once, German twice; each attempt's duration is its cases' sum.
        #expect(rounds.attempts.map(\.status) == [.passed, .failed, .failed])
        #expect(rounds.attempts.map(\.configuration) == ["English", "German", "German"])
        // German's first run is the one retry: English's run is no attempt before German's.
        #expect(rounds.earlierAttempts.map(\.status) == [.failed] && rounds.tries == 2)
        #expect(zip(rounds.attempts.map(\.durationSeconds), [0.3, 0.4, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 })
        // Led by the argument case that failed, in both readings.
        #expect(
            rounds.failures == [
                TestFailure(
                    message: "[2.675] " + XCResultConfigurationFixture.failure, file: "PriceTests.swift", line: 20)
            ])
        #expect(
            rounds.output == [
                "Configuration English: passed", "Configuration German: failed", "Case (1.005): passed",
                "Case (2.675): failed",
            ])
        #expect(!rounds.output.joined().contains("(1, "))
    }

    @Test(arguments: [("RunFixedIterations", TestStatus.failed, false), ("RunRetryOnFailure", .passed, true)])
    func iterationsCountEveryRunWhileRetriesEndWithTheLast(mode: String, status: TestStatus, flaky: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Loop.xcresult")
        let b = try XCResultFixtureBuilder(at: bundle)
        let plan = try b.insert("TestPlans", ["name": "Loop"])
        let testable = try b.insert("Testables", ["testPlan_fk": plan, "name": "LoopTests"])
        let suite = try b.insert(
            "TestSuites", ["identifier": "LoopTests", "testable_fk": testable, "name": "LoopTests"])
        let suiteRun = try b.insert("TestSuiteRuns", ["testSuite_fk": suite, "orderInParent": 0])
        let test = try b.insert(
            "TestCases",
            [
                "identifier": "LoopTests/testOnce()", "name": "testOnce()", "testSuite_fk": suite,
                "identifierURL": "test://com.apple.xcode/Loop/LoopTests/LoopTests/testOnce",
            ])
        for (index, result) in ["Success", "Failure", "Success"].enumerated() {
            let policy = try b.insert(
                "RepetitionPolicies", ["repetition": index + 1, "repetitionModeString": mode, "totalRepetitions": 3])
            try b.insert(
                "TestCaseRuns",
                [
                    "result": result, "duration": 1.0, "testSuiteRun_fk": suiteRun, "orderInTestSuiteRun": index,
                    "testCase_fk": test, "repetitionPolicy_fk": policy,
                ])
        }
        let read = try #require(
            try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: folder.url).tests.first)
        #expect(read.status == status)
        #expect(read.flaky == flaky)
        #expect(read.attempts.count == 3)
    }

    @Test func uiConfigurationsShowTheirNamesNeverRawValues() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let launch = try #require(try readDatabase(folder).tests.last)
        #expect(launch.framework == .xctest)
        #expect(launch.status == .passed)
        #expect(launch.durationSeconds == 3.0)
        #expect(launch.attempts.isEmpty)
        #expect(
            launch.output == [
                "Case (Light Appearance, Portrait): passed", "Case (Dark Appearance, Landscape Right): passed",
            ])
    }

    @Test func theRunsTimesAndXcodesOwnCountsComeFromTheBundle() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = try readDatabase(folder)
        #expect(contents.startedAt == XCResultConfigurationFixture.started)
        #expect(contents.finishedAt == XCResultConfigurationFixture.finished)
        // Only the overall rows count: two test cases, one failed (not four rows, not two failures).
        #expect(
            contents.summaryCounts == [
                FrameworkCount(
                    framework: "xcresult", tests: 2, failures: 1,
                    from: "Shop.xcresult: database.sqlite3 TestCaseResultsByDestinationAndConfiguration")
            ])
    }

    @Test func theSavedJSONAndTheDatabaseGiveTheSameReport() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try readDatabase(folder)
        let json = folder.url.appendingPathComponent("tests.json")
        try Data(XCResultConfigurationFixture.testsJSON.utf8).write(to: json)
        let parsed = try LogParser().parse(files: [json])
        var fromJSON = ResultBundleContents()
        fromJSON.tests = parsed.results
        fromJSON.device = parsed.device
        #expect(parsed.device?.name == "iPhone 16")
        #expect(parsed.device?.runtime == "iOS 18.2")
        // Tests, statuses, attempts, durations, failure messages and device: `--cross-check` stays quiet.
        #expect(ResultBundleComparison.differences(database: database, xcresulttool: fromJSON) == [])
        #expect(fromJSON.tests.map(\.status) == database.tests.map(\.status))
        #expect(fromJSON.tests.map(\.failures) == database.tests.map(\.failures))
        #expect(
            fromJSON.tests.map { $0.attempts.map(\.configuration) }
                == database.tests.map { $0.attempts.map(\.configuration) })
        #expect(fromJSON.tests.last?.output == database.tests.last?.output)
        #expect(
            fromJSON.tests.first?.output.prefix(2) == ["Configuration English: passed", "Configuration German: failed"])
    }

    @Test func aDifferentDeviceIsADifference() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try readDatabase(folder)
        var other = database
        other.device?.name = "iPhone 15"
        #expect(
            ResultBundleComparison.differences(database: database, xcresulttool: other) == [
                """
                device: iOS Simulator, iPhone 16, 5C0E0000-0000-4000-8000-00000000AB12, iOS 18.2 in the database, iOS \
                Simulator, iPhone 15, 5C0E0000-0000-4000-8000-00000000AB12, iOS 18.2 from xcresulttool
                """
            ])
    }

    @Test func xcresulttoolsSummaryGivesItsCountsAndTheRunsTimes() throws {
        let json = """
            {"title": "Shop", "result": "Failed", "totalTestCount": 2, "passedTests": 1, "failedTests": 1, "skippedTests": 0,
             "expectedFailures": 0, "startTime": 1700000000.5, "finishTime": 1700000100.5, "devicesAndConfigurations": []}
            """
        let summary = try JSONDecoder().decode(XCResultToolSummary.self, from: Data(json.utf8))
        #expect(
            summary.count(bundleName: "Shop.xcresult")
                == FrameworkCount(
                    framework: "xcresult", tests: 2, failures: 1,
                    from: "Shop.xcresult: xcresulttool get test-results summary"))
        #expect(summary.interval.startedAt == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(summary.interval.finishedAt == Date(timeIntervalSince1970: 1_700_000_100.5))
        let bare = try JSONDecoder().decode(XCResultToolSummary.self, from: Data(#"{"title": "x"}"#.utf8))
        #expect(bare.count(bundleName: "x") == nil)
        #expect(bare.interval.startedAt == nil)
    }

    @Test(arguments: [
        ("1, 1", "Light Appearance, Portrait"), ("4, 2", "Dark Appearance, Landscape Right"),
        ("3, 4", "Unspecified Appearance, Landscape Left"),
    ])
    func xcresulttoolsRawUIConfigurationsAreNamed(raw: String, named: String) {
        #expect(XCUIConfigurationName.name(xctestArguments: raw) == named)
    }

    @Test(arguments: ["1.005", "\"a\", \"b\"", "1, 2, 3", "x, 1"])
    func otherArgumentsAreNoUIConfiguration(raw: String) {
        #expect(XCUIConfigurationName.name(xctestArguments: raw) == nil)
    }
}
