import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// The classes of real input that once made a report disagree with the framework's own account,
/// each from a small hand-written log.
@Suite struct FidelityTests {
    private func parse(_ text: String, name: String = "log.txt") throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8), name: name)])
    }

    @Test func aPassedLineSplitByTestSucceededIsRejoined() throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' pas

            ** TEST SUCCEEDED **

            sed (0.003 seconds).
            Test Suite 'All tests' passed at 2025-03-01 12:00:01.000.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.003 (0.004) seconds
            """)
        #expect(parsed.results.map(\.id) == ["AppTests.CartTests/testTotal"])
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.results.first?.durationSeconds == 0.003)
        #expect(parsed.reconciliation?.agrees == true)
    }

    @Test func anXcode26PassedOnLineSplitByTheResultBundleLinesIsRejoined() throws {
        let parsed = try parse(
            """
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 17 - App (123)' (0.
            Test session results, code coverage, and logs:
                /tmp/DerivedData/Logs/Test/Test-App-2026.01.09.xcresult

            474 seconds)
            """)
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(abs((parsed.results.first?.durationSeconds ?? 0) - 0.474) < 1e-9)
    }

    @Test(arguments: [
        "** TEST SUCCEEDED **", "** TEST EXECUTE SUCCEEDED **", "Testing started",
        "Test session results, code coverage, and logs:",
    ])
    func aTestLineCutByXcodebuildsLineOnItsOwnLineIsRejoined(_ status: String) throws {
        let parsed = try parse(
            """
            Test Case '-[ProcedureKitLocationTests.CLAuthorizationStatusTests test_foo]' started.
            Test Case '-[ProcedureKitLocati\(status)

            onTests.CLAuthorizationStatusTests test_foo]' passed (0.250 seconds).
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 16 - App (4242)' \(status)
            (0.003 seconds)
            """)
        #expect(
            parsed.results.map(\.id) == [
                "ProcedureKitLocationTests.CLAuthorizationStatusTests/test_foo", "CartTests/testTotal",
            ])
        #expect(parsed.results.map(\.status) == [.passed, .passed])
        #expect(parsed.results.map(\.durationSeconds) == [0.25, 0.003])
        #expect(parsed.unrecognizedLineCount == 0)
    }

    @Test func aBannerWrittenIntoATestLineStillEndsTheLogInSuccess() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTot** TEST SUCCEEDED **
            al]' passed (0.001 seconds).
            Test Case '-[AppTests.CartTests testOther]' started.
            """)
        // The banner was read as itself: the test nothing ended passed.
        #expect(parsed.results.map(\.status) == [.passed, .passed])
    }

    @Test func aLogEndingInTestSucceededNeverLeavesACrashedTest() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.CartTests testTotal]' started.
            ** TEST SUCCEEDED **
            """)
        #expect(parsed.results.map(\.status) == [.passed])
    }

    @Test func aGitHubActionsTimestampedLogParsesLikeTheBareLog() throws {
        let bare = """
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000
            /src/CartTests.swift:12: error: CartTests.testTotal : XCTAssertEqual failed
            Test Case 'CartTests.testTotal' failed (0.010 seconds)
            Test Suite 'Selected tests' failed at 2025-03-01 12:00:01.000
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
            """
        let prefixed = bare.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "2025-03-01T12:00:00.1234567Z \($0)" }.joined(separator: "\n")
        let plain = try parse(bare)
        let ci = try parse(prefixed)
        #expect(ci.results == plain.results)
        #expect(ci.unrecognizedLineCount == 0)
        #expect(ci.inputs.first?.strippedPrefix == "github-actions-timestamp")
        #expect(ci.reconciliation?.agrees == true)
        #expect(ci.frameworkCounts.map(\.tests) == [1])
    }

    @Test func anXcodebuildProcessLogLineKeepsItsTimestamp() {
        let line = Array("2018-11-04 10:28:22.4 xcodebuild[1:2] IDETestOperationsObserverDebug: 1.0 elapsed".utf8)
        #expect(line.withUnsafeBufferPointer { LinePrefix.strip($0) } == nil)
    }

    @Test func bothXcode16FormsCountEachExecutionOnce() throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' passed (0.001 seconds).
            Test Suite 'All tests' passed at 2025-03-01 12:00:01.000.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            Test case 'CartTests.testTotal()' passed on 'My Mac - App-Runner (4242)' (0.001 seconds)
            """)
        #expect(parsed.results.map(\.id) == ["AppTests.CartTests/testTotal"])
        #expect(parsed.reconciliation?.agrees == true)
    }

    @Test func exceedingTheExecutionTimeAllowanceIsATimeoutNotACrash() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.SlowTests testWait]' started.
            Test Case '-[AppTests.SlowTests testWait]' exceeded execution time allowance of 1 minute. Test took too long.
            Restarting after unexpected exit, crash, or test timeout in SlowTests.testWait(); summary will include totals from previous launches.
            Test Case '-[AppTests.SlowTests testNext]' started.
            Test Case '-[AppTests.SlowTests testNext]' passed (0.001 seconds).
            """)
        #expect(parsed.results.map(\.status) == [.timedOut, .passed])
    }

    @Test func aLinuxParallelLogNamesEveryTest() throws {
        let parsed = try parse(
            """
            [1/3] Testing CartTests.CartTests/testTotal
            [2/3] Testing CartTests.CartTests/testEmpty
            [3/3] Testing CartTests.CartTests/testTax
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTax' started at 2025-03-01 12:00:00.000
            /src/CartTests.swift:30: error: CartTests.testTax : XCTAssertEqual failed
            Test Case 'CartTests.testTax' failed (0.002 seconds)
            """)
        #expect(
            parsed.results.map(\.id) == [
                "CartTests.CartTests/testTotal", "CartTests.CartTests/testEmpty", "CartTests.CartTests/testTax",
            ])
        #expect(parsed.results.map(\.status) == [.passed, .passed, .failed])
    }

    @Test func repeatedNamesWithoutAMarkerAreDistinctTests() throws {
        let parsed = try parse(
            """
            Test Case '-[Specs.SharedExample test]' started.
            Test Case '-[Specs.SharedExample test]' passed (0.001 seconds).
            Test Case '-[Specs.SharedExample test]' started.
            Test Case '-[Specs.SharedExample test]' failed (0.001 seconds).
            """)
        #expect(parsed.results.map(\.id) == ["Specs.SharedExample/test", "Specs.SharedExample/test#2"])
        #expect(parsed.results.map(\.status) == [.passed, .failed])
    }

    @Test func repeatedNamesWithAnIterationMarkerAreAttempts() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.Flaky test]' started (Iteration 1 of 2).
            /src/Flaky.swift:3: error: -[AppTests.Flaky test] : failed
            Test Case '-[AppTests.Flaky test]' failed (0.001 seconds).
            Test Case '-[AppTests.Flaky test]' started (Iteration 2 of 2).
            Test Case '-[AppTests.Flaky test]' passed (0.001 seconds).
            """)
        #expect(parsed.results.map(\.id) == ["AppTests.Flaky/test"])
        #expect(parsed.results.first?.flaky == true)
        // Both runs, the last one included, as a run's retries are kept.
        #expect(parsed.results.first?.attempts.map(\.status) == [.failed, .passed])
        #expect(parsed.results.first?.attempts.first?.failures.map(\.message) == ["failed"])
    }

    @Test func anExpressionPlaceholderIsNoSourceLocation() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.CartTests testTotal]' started.
            <EXPR>:0: error: -[AppTests.CartTests testTotal] : failed - boom
            Test Case '-[AppTests.CartTests testTotal]' failed (0.001 seconds).
            """)
        let failure = try #require(parsed.results.first?.failures.first)
        #expect(failure.file == nil && failure.line == nil)
        #expect(failure.message == "failed - boom")
    }

    @Test func anEventStreamWinsOverTheConsoleOfTheSameRun() throws {
        let console = try ParsingTestSupport.temporaryFile(
            Data(
                """
                ◇ Test run started.
                ◇ Test add() started.
                ✔ Test add() passed after 0.001 seconds.
                ✔ Test run with 1 test passed after 0.001 seconds.
                """.utf8), name: "console.txt")
        let id = "Calc.CalcTests/add()/CalcTests.swift:3:6"
        let stream = try ParsingTestSupport.temporaryFile(
            Data(
                """
                {"kind":"event","payload":{"kind":"runStarted","instant":{"absolute":1,"since1970":1},"messages":[]},"version":0}
                {"kind":"event","payload":{"kind":"testStarted","testID":"\(id)","instant":{"absolute":1,"since1970":1},"messages":[]},"version":0}
                {"kind":"event","payload":{"kind":"testEnded","testID":"\(id)","instant":{"absolute":2,"since1970":2},"messages":[]},"version":0}
                {"kind":"event","payload":{"kind":"runEnded","instant":{"absolute":2,"since1970":2},"messages":[{"symbol":"pass","text":"Test run with 1 test passed after 0.001 seconds."}]},"version":0}
                """.utf8), name: "events.jsonl")
        let parsed = try LogParser().parse(files: [console, stream])
        #expect(parsed.results.map(\.id) == ["Calc.CalcTests/add()"])
        #expect(parsed.frameworkCounts.map(\.tests) == [1])
        #expect(parsed.reconciliation?.agrees == true)
    }

    @Test func aDisagreementNamesBothCounts() {
        let tests = [TestResult(id: "M.A/a", name: "a", suite: "A", framework: .xctest, status: .passed)]
        let own = [FrameworkCount(framework: "xctest", tests: 2, failures: 0, from: "log.txt:9")]
        let reconciliation = Reconciliation.compare(own, with: tests)
        #expect(reconciliation?.agrees == false)
        #expect(reconciliation?.differences.first?.contains("XCTest counted 2 executions") == true)
        #expect(reconciliation?.differences.first?.contains("smokerun counted 1 executions") == true)
        // No totals for a framework with results: unverified, never agreeing.
        let unchecked = Reconciliation.compare([], with: tests)
        #expect(unchecked?.agrees == false)
        #expect(unchecked?.unverified == ["xctest"])
        #expect(unchecked?.differences == [])
        #expect(Reconciliation.compare([], with: []) == nil)
    }

    @Test func totalsAreSummedOverTheOutermostSuiteOfEachProcess() {
        var reader = FrameworkTotalsReader()
        let log = """
            Test Suite 'All tests' started at x
            Test Suite 'AppTests.xctest' started at x
            Test Suite 'AppTests.xctest' passed at x.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds
            Test Suite 'All tests' passed at x.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds
            [smokerun] xctest: AppTests.A/c
            Test Suite 'Selected tests' started at x
            Test Case 'A.c' started at x
            A.c printed: Executed 9 tests, with 9 failures
            Test Suite 'Selected tests' failed at x.
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.1 (0.1) seconds
            ✘ Test run with 3 tests failed after 0.1 seconds with 2 issues (including 1 known issue).
            """
        var splitter = LineSplitter()
        splitter.push(Data(log.utf8)) { reader.read($0) }
        splitter.finish { reader.read($0) }
        let counts = reader.counts(from: "console.log")
        #expect(counts.map(\.framework) == ["xctest", "swift-testing"])
        #expect(counts.map(\.tests) == [3, 3])
        #expect(counts.map(\.failures) == [1, 1])
    }
}
