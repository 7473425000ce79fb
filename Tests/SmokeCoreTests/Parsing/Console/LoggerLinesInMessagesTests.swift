import Testing

@testable import SmokeCore

/// A server test's logger prints while its failure's message is read: its records are the test's output, and a
/// message's own further lines stay the message.
@Suite struct LoggerLinesInMessagesTests {
    private func results(_ lines: [String]) -> [TestResult] {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        return collector.results
    }

    @Test(arguments: [
        "[ INFO ] GET /hello [request-id: 1B2D]",
        "[ WARNING ] background job failed",
        "2026-12-01T09:00:00+0000 info codes.vapor.application : [Vapor] Server shutting down",
        "2026-12-01T09:00:00.123Z error worker : job 7 failed",
    ])
    func aLoggersRecordEndsTheMessage(record: String) throws {
        let test = try #require(
            results([
                "Test Case 'AppTests.testHello' started at 2026-12-01 09:00:00.000",
                "/src/AppTests.swift:12: error: AppTests.testHello : XCTAssertTrue failed - two",
                "lines of message",
                record,
                "Test Case 'AppTests.testHello' failed (0.010 seconds)",
            ]).first)
        #expect(test.status == .failed)
        #expect(test.failures.map(\.message) == ["XCTAssertTrue failed - two\nlines of message"])
        #expect(test.output == [record])
    }

    /// Text that only looks like a level in brackets, or a date without a level, is more of the message.
    @Test(arguments: ["[ info ] lower case", "[ INFO] unspaced", "2026-12-01T09:00:00+0000 shutting down"])
    func otherLinesStayTheMessage(line: String) throws {
        let test = try #require(
            results([
                "Test Case 'AppTests.testHello' started at 2026-12-01 09:00:00.000",
                "/src/AppTests.swift:12: error: AppTests.testHello : XCTAssertEqual failed - ",
                line,
                "Test Case 'AppTests.testHello' failed (0.010 seconds)",
            ]).first)
        #expect(test.failures.map(\.message) == ["XCTAssertEqual failed - \n\(line)"])
    }
}
