import Testing

@testable import SmokeCore

/// XCTest records glued end to end on one line (SwiftPM's `--parallel` replay before Swift 5.9) are read one by one.
@Suite struct GluedXCTestRecordsTests {
    static func results(_ lines: [String]) -> ResultCollector {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        return collector
    }

    @Test func aFailingTestsGluedRecordsFailIt() {
        let glued = [
            "Test Suite 'Selected tests' started at 2023-05-27 08:57:28.226",
            "Test Suite 'TypeCheckerTests' started at 2023-05-27 08:57:28.228",
            "Test Case '-[ValTests.TypeCheckerTests testWhile]' started.",
            "/Users/dev/val/Tests/While.val:1: error: -[ValTests.TypeCheckerTests testWhile] : failure was expected",
            "/Users/dev/val/Tests/While.val:10: error: -[ValTests.TypeCheckerTests testWhile] : missing 'Bool'",
            "Test Case '-[ValTests.TypeCheckerTests testWhile]' failed (6.082 seconds).",
            "Test Suite 'TypeCheckerTests' failed at 2023-05-27 08:57:34.310.",
            "\t Executed 1 test, with 2 failures (0 unexpected) in 6.082 (6.082) seconds",
            "Test Case '-[ValTests.TypeCheckerTests testFor]' started.",
            "Test Case '-[ValTests.TypeCheckerTests testFor]' passed (0.001 seconds).",
        ].joined()
        let collector = Self.results([glued])
        #expect(
            collector.results.map(\.id) == ["ValTests.TypeCheckerTests/testWhile", "ValTests.TypeCheckerTests/testFor"])
        #expect(collector.results.map(\.status) == [.failed, .passed])
        #expect(collector.results.first?.failures.map(\.line) == [1, 10])
        #expect(collector.results.first?.failures.map(\.message) == ["failure was expected", "missing 'Bool'"])
        #expect(collector.results.first?.failures.first?.file == "/Users/dev/val/Tests/While.val")
    }

    /// A later issue's path is where the test's last one was, whatever it holds (a space) or the message before it
    /// quotes (a URL).
    @Test(arguments: ["/Users/me/My Project/Tests/T.swift", "/src/Tests/T.swift"])
    func aLaterIssuesPathIsTheLastOnes(_ path: String) {
        let glued = [
            "Test Case '-[M.C t]' started.",
            "\(path):1: error: -[M.C t] : XCTAssertEqual failed: (\"https://a.com/x\")",
            "\(path):9: error: -[M.C t] : XCTAssertTrue failed", "Test Case '-[M.C t]' failed (0.1 seconds).",
        ].joined()
        let failures = Self.results([glued]).results.first?.failures ?? []
        #expect(failures.map(\.file) == [path, path])
        #expect(failures.map(\.line) == [1, 9])
        #expect(failures.first?.message == "XCTAssertEqual failed: (\"https://a.com/x\")")
    }

    /// Lines of one record, and text that only quotes one, stay whole.
    @Test(arguments: [
        "Test Case '-[M.C testA]' passed (0.001 seconds).",
        "Test Suite 'All tests' started at 2023-05-27 08:57:28.226",
        "printed: Test Case '-[M.C testA]' started.",
        "/src/T.swift:3: error: -[M.C testA] : XCTAssertEqual failed: (\"Test Case 'x'\") is not equal to (\"y\")",
    ])
    func aLineOfOneRecordIsNotCut(_ line: String) {
        let cuts = Array(line.utf8).withUnsafeBufferPointer { GluedXCTestRecords.boundaries(in: $0) }
        #expect(cuts.isEmpty)
    }
}
