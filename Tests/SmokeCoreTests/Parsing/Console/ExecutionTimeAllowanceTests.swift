import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A test xcodebuild stopped at its execution time allowance ran at least that long.
@Suite struct ExecutionTimeAllowanceTests {
    @Test(arguments: [
        ("Test exceeded execution time allowance of 1 minute. The test may have hung.", 60.0),
        ("Test exceeded execution time allowance of 2 minutes", 120),
        ("Test exceeded execution time allowance of 90 seconds.", 90),
        ("Test exceeded execution time allowance of 1 second", 1),
        ("Test exceeded execution time allowance of 1 hour.", 3600),
    ])
    func theAllowanceIsReadInSeconds(message: String, seconds: Double) {
        #expect(ExecutionTimeAllowance.seconds(in: message) == seconds)
    }

    @Test(arguments: ["Test exceeded execution time allowance", "XCTAssertTrue failed - of 2 minutes"])
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
}
