import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// XCTest runs one test at a time in its process: in a log one process writes, the suite, test and totals lines that
/// come while a test runs are what it printed (a log formatter's fixture, a multi-line `XCTAssertEqual` of two logs).
/// They invent no test, no failure, no total and no time; a multi-line message stays whole.
@Suite struct PrintedConsoleLinesTests {
    /// Another run's console output, as a formatter's test prints it or an assertion quotes it.
    private static let fixture = [
        "Test Suite 'Fake' started at 2026-01-01 00:00:00.000",
        "Test Case 'Fake.testFake' started at 2026-01-01 00:00:00.000",
        "/tmp/Fake.swift:3: error: Fake.testFake : XCTAssertTrue failed -",
        "Test Case 'Fake.testFake' failed (0.001 seconds)",
        "Test Suite 'Fake' failed at 2026-01-01 00:00:00.000",
        "\t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds",
    ]

    private static func log(failing: Bool) -> [String] {
        let second: [String]
        if failing {
            let first = "/src/Tests/FormatterTests.swift:24: error: FormatterTests.testKeepsStatus : XCTAssertEqual "
            second =
                [first + #"failed: (""# + fixture[0]] + fixture.dropFirst().dropLast()
                + [fixture[5] + #"") is not equal to ("x") - "#]
        } else {
            second = []
        }
        let executed = "\t Executed 2 tests, with \(failing ? 1 : 0) failures (0 unexpected) in 0.005 (0.005) seconds"
        return [
            "Test Suite 'All tests' started at 2026-11-30 05:18:16.893",
            "Test Suite 'debug.xctest' started at 2026-11-30 05:18:16.894",
            "Test Suite 'FormatterTests' started at 2026-11-30 05:18:16.894",
            "Test Case 'FormatterTests.testFormatsFixture' started at 2026-11-30 05:18:16.894",
        ] + fixture + [
            "Test Case 'FormatterTests.testFormatsFixture' passed (0.004 seconds)",
            "Test Case 'FormatterTests.testKeepsStatus' started at 2026-11-30 05:18:16.898",
        ] + second + [
            "Test Case 'FormatterTests.testKeepsStatus' \(failing ? "failed" : "passed") (0.0 seconds)",
            "Test Suite 'FormatterTests' passed at 2026-11-30 05:18:16.899", executed,
            "Test Suite 'debug.xctest' passed at 2026-11-30 05:18:16.899", executed,
            "Test Suite 'All tests' passed at 2026-11-30 05:18:16.899", executed,
        ]
    }

    /// The log read as `parse` reads it: events into a collector, lines into the totals reader.
    private static func read(_ lines: [String]) -> (ResultCollector, LineInterpreter) {
        var interpreter = LineInterpreter(timeZone: TimeZone(identifier: "UTC")!)
        interpreter.reader = .console
        var sink = CollectorSink(collector: ResultCollector())
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { interpreter.handle($0, into: &sink) }
        }
        interpreter.finish(into: &sink)
        return (sink.collector, interpreter)
    }

    @Test func aPrintedFixtureIsThePassingTestsOutput() throws {
        let (collector, interpreter) = Self.read(Self.log(failing: false))
        #expect(collector.results.map(\.id) == ["FormatterTests/testFormatsFixture", "FormatterTests/testKeepsStatus"])
        #expect(collector.results.map(\.status) == [.passed, .passed])
        #expect(collector.results.first?.output.count == Self.fixture.count)
        let counts = interpreter.totals.counts(from: "log")
        #expect(counts.map(\.tests) == [2])
        #expect(counts.map(\.failures) == [0])
        let started = try #require(interpreter.totals.times().startedAt)
        #expect(started > Date(timeIntervalSince1970: 1_790_000_000)) // 2026-09: the run's day, not the fixture's
    }

    @Test func aMultiLineMessageQuotingALogStaysWhole() throws {
        let (collector, interpreter) = Self.read(Self.log(failing: true))
        #expect(collector.results.map(\.status) == [.passed, .failed])
        let failures = try #require(collector.results.last?.failures)
        #expect(failures.count == 1)
        let message = try #require(failures.first?.message)
        #expect(message.hasPrefix(#"XCTAssertEqual failed: ("Test Suite 'Fake' started"#))
        #expect(message.hasSuffix(#"") is not equal to ("x") - "#))
        #expect(message.split(separator: "\n").count == Self.fixture.count)
        #expect(interpreter.totals.counts(from: "log").map(\.failures) == [1])
    }

    /// Two processes writing one log at once: the second opens its outermost suite while the first's test runs, and
    /// from then on tests of both run at once and count.
    @Test func interleavedProcessesStillKeepEveryTest() {
        let (collector, interpreter) = Self.read(
            PipelineLogs.interleaved(
                PipelineLogs.process("MathTests", ["testA", "testB"]), PipelineLogs.process("OtherTests", ["testC"])
            ).split(separator: "\n").map(String.init))
        #expect(collector.results.map(\.status) == [.passed, .passed, .passed])
        #expect(interpreter.totals.interleavedFrameworks == [.xctest])
    }
}
