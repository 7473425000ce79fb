import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A parsed log's `startedAt`/`finishedAt`/`durationSeconds` are the recorded run's — suite stamps, `in X (Y) seconds`
/// totals, event-stream instants — never the time of parsing.
@Suite struct RecordedRunTimesTests {
    private static let utc = TimeZone(identifier: "UTC")!

    private func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test(arguments: [
        ("2025-03-01 12:00:00.123", "2025-03-01T12:00:00Z", 0.123),
        ("2025-03-01 12:00:01.456.", "2025-03-01T12:00:01Z", 0.456),
        ("2016-12-15 10:43:15 +0000", "2016-12-15T10:43:15Z", 0.0),
        ("2016-12-15 10:43:15 +0130", "2016-12-15T09:13:15Z", 0.0),
    ])
    func suiteStampsReadInTheirOwnZoneOrTheGivenOne(stamp: String, iso: String, fraction: Double) throws {
        let read = try #require(SuiteTimestamp.date(stamp, timeZone: Self.utc))
        #expect(abs(read.timeIntervalSince(try date(iso)) - fraction) < 1e-6)
    }

    @Test func aStampWithoutAZoneIsReadInTheGivenZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let read = try #require(SuiteTimestamp.date("2025-03-01 12:00:00.000", timeZone: berlin))
        #expect(read == (try date("2025-03-01T11:00:00Z")))
        #expect(SuiteTimestamp.date("at x", timeZone: Self.utc) == nil)
        #expect(SuiteTimestamp.date("2025-03-01", timeZone: Self.utc) == nil)
    }

    @Test func aLogsTimesAreItsSuiteStampsAndTotals() throws {
        let log = """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.100
            Test Suite 'AppTests.xctest' started at 2025-03-01 12:00:00.200
            Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.300
            Test Case 'CartTests.testTotal' passed (0.500 seconds)
            Test Suite 'AppTests.xctest' passed at 2025-03-01 12:00:00.900
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.500 (0.700) seconds
            Test Suite 'All tests' passed at 2025-03-01 12:00:01.000
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.500 (0.900) seconds
            """
        var parser = LogParser()
        parser.timeZone = Self.utc
        let parsed = try parser.parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        let start = try #require(parsed.times.startedAt)
        let finish = try #require(parsed.times.finishedAt)
        #expect(abs(start.timeIntervalSince(try date("2025-03-01T12:00:00Z")) - 0.1) < 1e-6)
        #expect(abs(finish.timeIntervalSince(try date("2025-03-01T12:00:01Z"))) < 1e-6)
        // The outermost suite's wall-clock seconds, not the inner suite's, and not both.
        #expect(abs((parsed.times.durationSeconds ?? 0) - 0.9) < 1e-9)
        let resolved = parsed.times.resolved(parsedAt: Date(timeIntervalSince1970: 0))
        #expect(resolved.startedAt == start)
        #expect(abs(resolved.durationSeconds - 0.9) < 1e-9)
    }

    @Test func anEventStreamsTimesAreItsRunInstants() throws {
        let stream = [
            SwiftTestingRunPairTests.event("runStarted", at: 0.25),
            SwiftTestingRunPairTests.event("testStarted", "adds", at: 0.3),
            SwiftTestingRunPairTests.event(
                "testEnded", "adds", at: 0.5, "Test adds() passed after 0.2 seconds.", symbol: "pass"),
            SwiftTestingRunPairTests.event(
                "runEnded", at: 0.75, "Test run with 1 test passed after 0.5 seconds.", symbol: "pass"),
        ].joined(separator: "\n")
        let parsed = try LogParser().parse(files: [
            ParsingTestSupport.temporaryFile(Data(stream.utf8), name: "events.jsonl")
        ])
        #expect(parsed.times.startedAt == Date(timeIntervalSince1970: 1_795_471_047.25))
        #expect(parsed.times.finishedAt == Date(timeIntervalSince1970: 1_795_471_047.75))
        #expect(parsed.times.durationSeconds == 0.5)
    }

    @Test func withoutStampsOnlyTheDurationIsRecordedAndTheStartIsWhenItWasParsed() throws {
        let log = """
            ◇ Test run started.
            ◇ Test adds() started.
            ✔ Test adds() passed after 0.2 seconds.
            ✔ Test run with 1 test passed after 0.25 seconds.
            """
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        #expect(parsed.times.startedAt == nil && parsed.times.finishedAt == nil)
        #expect(abs((parsed.times.durationSeconds ?? 0) - 0.25) < 1e-9)
        let parsedAt = Date(timeIntervalSince1970: 1_000)
        let resolved = parsed.times.resolved(parsedAt: parsedAt)
        #expect(resolved.startedAt == parsedAt)
        #expect(abs(resolved.finishedAt.timeIntervalSince(parsedAt) - 0.25) < 1e-9)
        #expect(abs(resolved.durationSeconds - 0.25) < 1e-9)
    }
}
