import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A test stopped at its time limit (xcodebuild's execution time allowance, Swift Testing's `.timeLimit`) timed out
/// and ran at least that long.
@Suite struct ExecutionTimeAllowanceTests {
    @Test(arguments: [
        ("Test exceeded execution time allowance of 1 minute. The test may have hung.", 60.0),
        ("Test exceeded execution time allowance of 2 minutes", 120),
        ("Test exceeded execution time allowance of 90 seconds.", 90),
        ("Test exceeded execution time allowance of 1 second", 1),
        ("Test exceeded execution time allowance of 1 hour.", 3600),
        ("Time limit was exceeded: 60.000 seconds", 60),
        ("Time limit was exceeded: 0.250 seconds", 0.25),
    ])
    func theAllowanceIsReadInSeconds(message: String, seconds: Double) {
        #expect(ExecutionTimeAllowance.seconds(in: message) == seconds)
    }

    @Test(arguments: [
        "Test exceeded execution time allowance", "XCTAssertTrue failed - of 2 minutes",
        "Time limit was exceeded: soon",
    ])
    func aMessageWithoutAnAllowanceGivesNone(message: String) {
        #expect(ExecutionTimeAllowance.seconds(in: message) == nil)
    }

    @Test func aTestStoppedAndRestartedTakesTheAllowanceAsItsDuration() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case '-[RoutingTests.RoutingTests testPresentHorizontalRoute]' started.
            Test Case '-[RoutingTests.RoutingTests testPresentHorizontalRoute]' exceeded execution time allowance of 1 minute. The test may have hung; check Xcode's test report for additional diagnostics. If the test requires additional time, use -[XCTestCase executionTimeAllowance] or one of xcodebuild's command-line overrides.
            Restarting after unexpected exit, crash, or test timeout in RoutingTests.testPresentHorizontalRoute(); summary will include totals from previous launches.
            """)
        let test = try #require(collector.results.first)
        #expect(test.status == .timedOut)
        #expect(test.durationSeconds == 60)
        #expect(test.evidence != nil)
    }

    @Test(arguments: [("0.512", 120.0), ("125.250", 125.25)])
    func aRecordedDurationCountsWhenItIsLonger(recorded: String, expected: Double) throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case '-[RoutingTests.RoutingTests testRoute]' started.
            /src/RoutingTests.swift:12: error: -[RoutingTests.RoutingTests testRoute] : Test exceeded execution time allowance of 2 minutes. The test may have hung.
            Test Case '-[RoutingTests.RoutingTests testRoute]' failed (\(recorded) seconds).
            """)
        let test = try #require(collector.results.first)
        #expect(test.status == .timedOut)
        #expect(test.durationSeconds == expected)
    }

    /// Swift Testing's result line says `failed`; the issue before it says the time limit stopped it.
    @Test func aSwiftTestingTestPastItsTimeLimitTimedOut() throws {
        let collector = ParsingTestSupport.collect(
            """
            ◇ Test downloadsTheCatalog() started.
            ✘ Test downloadsTheCatalog() recorded an issue at CatalogTests.swift:12:6: Time limit was exceeded: 60.000 seconds
            ✘ Test downloadsTheCatalog() failed after 60.012 seconds with 1 issue.
            ◇ Test parsesThePrice() started.
            ✘ Test parsesThePrice() recorded an issue at CatalogTests.swift:20:6: Expectation failed: 1 == 2
            ✘ Test parsesThePrice() failed after 0.002 seconds with 1 issue.
            """)
        let tests = collector.results
        #expect(tests.map(\.status) == [.timedOut, .failed])
        #expect(tests.first?.durationSeconds == 60.012)
        #expect(tests.first?.failures.first?.message == "Time limit was exceeded: 60.000 seconds")
    }
}
