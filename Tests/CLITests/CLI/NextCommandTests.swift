import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

@Suite struct NextCommandTests {
    static func run(_ arguments: [String], root: URL, now: String = "2026-01-01T00:00:00Z") async throws -> (
        ExitCode, String, String
    ) {
        let output = BufferOutput()
        let errors = BufferOutput()
        let context = HostContext(
            standardOutput: output, standardError: errors, environment: [:], currentDirectory: root)
        let command = try NextCommand(
            arguments: arguments, environment: TestPipelineFiles.environment(clock: TestClock(now: date(now))))
        let code = try await command.run(in: context)
        return (code, output.text, errors.text)
    }

    @Test func everyFourHoursInNewYorkAcrossTheSpringForwardNight() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(
            #"{"name": "smoke", "schedule": "0 */4 * * *", "timeZone": "America/New_York"}"#, as: "smoke.json",
            in: root.url)
        let (code, output, errors) = try await Self.run(
            ["Pipelines/smoke.json", "--from", "2026-03-08T00:00:00", "--count", "5"], root: root.url)
        #expect(code == .passed)
        #expect(errors.isEmpty)
        #expect(
            output == """
                smoke: '0 */4 * * *' in America/New_York
                  2026-03-08T00:00:00-05:00  2026-03-08T05:00:00Z
                  2026-03-08T04:00:00-04:00  2026-03-08T08:00:00Z
                  2026-03-08T08:00:00-04:00  2026-03-08T12:00:00Z
                  2026-03-08T12:00:00-04:00  2026-03-08T16:00:00Z
                  2026-03-08T16:00:00-04:00  2026-03-08T20:00:00Z

                """)
    }

    @Test func fromWithAnOffsetIsAnInstantAndDefaultsListEveryPipeline() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(
            #"{"name": "berlin", "schedule": "30 2 * * *", "timeZone": "Europe/Berlin"}"#, as: "a.json", in: root.url)
        try TestPipelineFiles.write(#"{"name": "utc", "schedule": "@daily"}"#, as: "b.json", in: root.url)
        let (code, output, _) = try await Self.run(["--from", "2026-03-28T12:00:00Z", "--count", "2"], root: root.url)
        #expect(code == .passed)
        #expect(
            output == """
                berlin: '30 2 * * *' in Europe/Berlin
                  2026-03-29T03:00:00+02:00  2026-03-29T01:00:00Z
                  2026-03-30T02:30:00+02:00  2026-03-30T00:30:00Z

                utc: '@daily' in UTC
                  2026-03-29T00:00:00+00:00  2026-03-29T00:00:00Z
                  2026-03-30T00:00:00+00:00  2026-03-30T00:00:00Z

                """)
    }

    @Test func withoutFromItStartsAtTheClocksNow() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(#"{"name": "smoke"}"#, as: "smoke.json", in: root.url)
        let (_, output, _) = try await Self.run(["--count", "1"], root: root.url, now: "2026-01-01T04:00:01Z")
        #expect(output.contains("2026-01-01T08:00:00Z"))
    }

    @Test func anInvalidPipelineIsReportedAndTheOthersListed() async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(#"{"name": "bad", "schedule": "0 25 * * *"}"#, as: "a.json", in: root.url)
        try TestPipelineFiles.write(#"{"name": "good"}"#, as: "b.json", in: root.url)
        let (code, output, errors) = try await Self.run(["--count", "1"], root: root.url)
        #expect(code == .invalidInput)
        #expect(output.hasPrefix("good: '0 */4 * * *' in UTC"))
        #expect(errors.contains("a.json: cron expression '0 25 * * *': field 2 (hour) '25' is out of range 0–23"))
    }

    @Test(arguments: [
        ["--count", "0"], ["--count", "x"], ["--from", "2026-02-30T00:00:00"], ["--from", "yesterday"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async throws {
        let root = try ScratchDirectory()
        try TestPipelineFiles.write(#"{"name": "smoke"}"#, as: "smoke.json", in: root.url)
        await #expect(throws: UsageError.self) { _ = try await Self.run(arguments, root: root.url) }
    }

    @Test func localDateTimeReadsOffsetsAndWallTimes() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(try LocalDateTime.parse("2026-03-08T05:00:00Z", in: newYork) == date("2026-03-08T05:00:00Z"))
        #expect(try LocalDateTime.parse("2026-03-08T00:00:00+01:00", in: newYork) == date("2026-03-07T23:00:00Z"))
        #expect(try LocalDateTime.parse("2026-03-08", in: newYork) == date("2026-03-08T05:00:00Z"))
        #expect(try LocalDateTime.parse("2026-03-08 02:30", in: newYork) == date("2026-03-08T07:00:00Z")) // in the gap
        // first of two
        #expect(try LocalDateTime.parse("2026-11-01T01:30:00", in: newYork) == date("2026-11-01T05:30:00Z"))
    }
}
