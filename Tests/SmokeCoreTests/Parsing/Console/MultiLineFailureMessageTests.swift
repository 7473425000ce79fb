import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// An XCTest failure message that spans lines (`XCTAssertEqual` of multi-line strings, a snapshot diff) stays one
/// message: the lines after `path:line: error: …` up to the next recognised line are its own.
@Suite struct MultiLineFailureMessageTests {
    @Test func appleFormKeepsTheWholeMessage() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case '-[ShopTests.ReceiptTests testLines]' started.
            /Users/dev/Shop/Tests/ShopTests/ReceiptTests.swift:42: error: -[ShopTests.ReceiptTests testLines] : XCTAssertEqual failed: ("Total: 3
            Tax: 0") is not equal to ("Total: 3
            Tax: 1")
            Test Case '-[ShopTests.ReceiptTests testLines]' failed (0.004 seconds).
            """)
        let test = try #require(collector.results.first)
        #expect(test.status == .failed)
        #expect(
            test.failures == [
                TestFailure(
                    message: "XCTAssertEqual failed: (\"Total: 3\nTax: 0\") is not equal to (\"Total: 3\nTax: 1\")",
                    file: "/Users/dev/Shop/Tests/ShopTests/ReceiptTests.swift", line: 42)
            ])
        #expect(test.output.isEmpty)
        #expect(collector.unrecognizedLineCount == 0)
    }

    @Test func linuxFormKeepsBlankLinesInsideTheMessageButNotAfterIt() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000
            /src/Tests/ShopTests/ReceiptTests.swift:42: error: ReceiptTests.testLines : failed - Snapshot does not match reference.

            @−
            "Total: 3"
            @+
            "Total: 4"

            Test Case 'ReceiptTests.testLines' failed (0.004 seconds)
            """)
        let test = try #require(collector.results.first)
        #expect(
            test.failures.map(\.message) == [
                "failed - Snapshot does not match reference.\n\n@−\n\"Total: 3\"\n@+\n\"Total: 4\""
            ])
        #expect(test.output.isEmpty)
    }

    @Test func eachIssueKeepsItsOwnLinesAndOutputAfterTheResultIsOutputAgain() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000
            /src/Tests/ReceiptTests.swift:10: error: ReceiptTests.testLines : XCTAssertEqual failed: ("a
            b") is not equal to ("c")
            /src/Tests/ReceiptTests.swift:11: error: ReceiptTests.testLines : XCTAssertTrue failed - first
            second
            Test Case 'ReceiptTests.testLines' failed (0.004 seconds)
            Test Case 'ReceiptTests.testTotal' started at 2025-03-01 12:00:00.010
            printed by testTotal
            Test Case 'ReceiptTests.testTotal' passed (0.001 seconds)
            """)
        #expect(
            collector.results.first?.failures.map(\.message) == [
                "XCTAssertEqual failed: (\"a\nb\") is not equal to (\"c\")", "XCTAssertTrue failed - first\nsecond",
            ])
        #expect(collector.results.last?.output == ["printed by testTotal"])
    }

    @Test func aParallelLogsIssueNamesItsTestWithoutAStartLine() throws {
        let collector = ParsingTestSupport.collect(
            """
            /Users/dev/Shop/Tests/ReceiptTests.swift:42: error: -[ShopTests.ReceiptTests testLines] : XCTAssertEqual failed: ("1
            2") is not equal to ("1")
            Test case '-[ShopTests.ReceiptTests testLines]' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.004 seconds)
            """)
        #expect(
            collector.results.first?.failures.map(\.message) == [
                "XCTAssertEqual failed: (\"1\n2\") is not equal to (\"1\")"
            ])
        #expect(collector.unrecognizedLineCount == 0)
    }

    @Test func aSwiftTestingLineEndsTheMessage() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000
            /src/Tests/ReceiptTests.swift:10: error: ReceiptTests.testLines : XCTAssertTrue failed - one
            two
            ◇ Test total() started.
            ✔ Test total() passed after 0.001 seconds.
            Test Case 'ReceiptTests.testLines' failed (0.004 seconds)
            """)
        #expect(collector.results.first?.failures.map(\.message) == ["XCTAssertTrue failed - one\ntwo"])
    }
}
