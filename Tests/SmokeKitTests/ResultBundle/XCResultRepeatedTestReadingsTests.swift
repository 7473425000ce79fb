import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A test run several times is timed as xcresulttool times it (`durationInSeconds`: the mean of its runs), and a
/// failure message with control characters reads the same from the bundle's database and from xcresulttool's JSON.
@Suite struct XCResultRepeatedTestReadingsTests {
    /// What the test wrote: colour codes, a CR LF, a tab, a C0 byte; blanks around it that neither reading keeps.
    static let written = " \t\u{1B}[31mExpected\u{1B}[0m 1\r\n\tgot 2\u{01} \t"
    static let message = "\u{1B}[31mExpected\u{1B}[0m 1\r\n\tgot 2\u{01}"

    /// A bundle of one test run three times (1, 2 and 3 seconds), each run failing with `written`.
    private func readDatabase(_ folder: TemporaryDirectory) throws -> ResultBundleContents {
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
        for index in 0..<3 {
            let policy = try b.insert(
                "RepetitionPolicies",
                ["repetition": index + 1, "repetitionModeString": "RunFixedIterations", "totalRepetitions": 3])
            let run = try b.insert(
                "TestCaseRuns",
                [
                    "result": "Failure", "duration": Double(index + 1), "testSuiteRun_fk": suiteRun,
                    "orderInTestSuiteRun": index, "testCase_fk": test, "repetitionPolicy_fk": policy,
                ])
            let location = try b.insert("SourceCodeLocations", ["filePath": "LoopTests.swift", "lineNumber": 7])
            let context = try b.insert("SourceCodeContexts", ["location_fk": location])
            try b.insert(
                "TestIssues",
                [
                    "compactDescription": Self.written, "orderInOwner": 0, "testCaseRun_fk": run,
                    "sourceCodeContext_fk": context, "issueType": "Assertion Failure",
                ])
        }
        return try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: folder.url)
    }

    /// xcresulttool's `get test-results tests` of that bundle, with or without the test case's own duration.
    private func readJSON(_ folder: TemporaryDirectory, testCaseDuration: Double?) throws -> [TestResult] {
        let name = try String(decoding: JSONEncoder().encode("LoopTests.swift:7: " + Self.written), as: UTF8.self)
        let repetitions = (1...3).map { index in
            """
            {"nodeType": "Repetition", "nodeIdentifier": "\(index)", "name": "Repetition \(index)", "result": "Failed",
             "durationInSeconds": \(index), "children": [{"nodeType": "Failure Message", "name": \(name), "result": "Failed"}]}
            """
        }
        let duration = testCaseDuration.map { "\"durationInSeconds\": \($0), " } ?? ""
        let json = """
            {"testNodes": [{"nodeType": "Test Plan", "name": "Loop", "children": [
              {"nodeType": "Unit test bundle", "name": "LoopTests", "children": [
                {"nodeType": "Test Suite", "name": "LoopTests", "children": [
                  {"nodeType": "Test Case", "nodeIdentifier": "LoopTests/testOnce()", "name": "testOnce()", "result": "Failed",
                   \(duration)"children": [\(repetitions.joined(separator: ","))]}]}]}]}]}
            """
        let file = folder.url.appendingPathComponent("tests.json")
        try Data(json.utf8).write(to: file)
        return try LogParser().parse(files: [file]).results
    }

    @Test func aRepeatedTestIsTimedByTheMeanOfItsRunsInBothReadings() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try #require(try readDatabase(folder).tests.first)
        #expect(database.durationSeconds == 2)
        #expect(database.attempts.map(\.durationSeconds) == [1, 2, 3])
        // xcresulttool's own figure wins; without one, the JSON reading takes the same mean.
        #expect(try readJSON(folder, testCaseDuration: 2).first?.durationSeconds == 2)
        #expect(try readJSON(folder, testCaseDuration: nil).first?.durationSeconds == 2)
    }

    @Test func controlCharactersInAMessageReadTheSameFromBoth() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var database = ResultBundleContents()
        database.tests = try readDatabase(folder).tests
        var json = ResultBundleContents()
        json.tests = try readJSON(folder, testCaseDuration: 2)
        let expected = TestFailure(message: Self.message, file: "LoopTests.swift", line: 7)
        #expect(database.tests.first?.attempts.first?.failures == [expected])
        #expect(json.tests.first?.attempts.first?.failures == [expected])
        #expect(ResultBundleComparison.differences(database: database, xcresulttool: json) == [])
    }

    /// The corpus bundle of a test run three times: its time is the mean of the runs, as xcresultparser's JUnit of
    /// the same bundle (made from xcresulttool's reading) says: 0.073 s, not the 0.218 s sum.
    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus is not beside the package"))
    func theCorpusRepeatedBundleIsTimedAsXcresulttoolTimesIt() throws {
        try CorpusLocation.require()
        let archive = CorpusLocation.file("xcresult/bundles/xcresultparser__test_repeated.xcresult.tar.gz")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let untar = try ProcessCommandRunner().run("tar", ["-xzf", archive.path, "-C", folder.url.path])
        try #require(untar.exitStatus == 0)
        let bundle = folder.url.appendingPathComponent("test_repeated.xcresult")
        let test = try #require(
            try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: folder.url).tests.first)
        let junit = try String(
            contentsOf: CorpusLocation.file("junit/xcresultparser__junit_repeated.xml"), encoding: .utf8)
        let time = try #require(junit.firstMatch(of: /<testcase name="test_random\(\)" time="([0-9.]+)"/))
        #expect(ReportText.seconds(test.durationSeconds) == String(time.1))
        #expect(test.attempts.count == 3)
    }
}
