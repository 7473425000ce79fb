import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// index.html stays under 10 MB whatever fails and whatever the failures printed; report.json still has them all,
/// and writes output lines by hand exactly as `JSONEncoder` would.
@Suite struct ReportBudgetTests {
    private static func failing(_ index: Int, output: [String] = []) -> TestResult {
        TestResult(
            id: "Module.Suite\(index / 100)/testNumber\(index)", name: "testNumber\(index)",
            suite: "Suite\(index / 100)",
            framework: .xctest, status: .failed, durationSeconds: 0.01, order: index + 1,
            failures: [
                TestFailure(
                    message: "XCTAssertEqual failed: (\"\(index)\") is not equal to (\"0\") "
                        + String(repeating: "x", count: 100),
                    file: "Tests/A.swift", line: 3)
            ],
            output: output)
    }

    private static func render(_ report: RunReport) -> String {
        HTMLReport.render(report, attachmentContent: { _ in nil })
    }

    @Test func moreFailuresThanTheCompactListHoldsAreCountedAndThePageStaysUnderTenMegabytes() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<36_000).map { Self.failing($0) }
        let html = Self.render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        #expect(html.contains("Failures (36000)"))
        #expect(html.contains(#"<p id="unlisted-failures">"#))
        // Cards, compact rows and the unlisted count add up to every failure.
        let cards = html.components(separatedBy: "<article class=\"card failed\"").count - 1
        let rows = html.components(separatedBy: "[\"test-").count - 1
        let unlisted = 36_000 - cards - rows
        #expect(unlisted > 0)
        #expect(
            html.contains(
                "\(unlisted) more failures not listed on this page (it stays small); report.json and junit.xml have every failure."
            ))
        #expect(html.contains("Show \(rows) more failures"))
    }

    @Test func failureCardsWithLongOutputStopAtTheirByteBudgetAndTheRestAreListedInShort() {
        var report = ReportFixture.minimalReport
        let output = (0..<50).map { "line \($0) " + String(repeating: "y", count: 200) }
        report.tests = (0..<1_000).map { Self.failing($0, output: output) }
        let html = Self.render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        let cards = html.components(separatedBy: "<article class=\"card failed\"").count - 1
        #expect(cards > 0 && cards < 1_000)
        #expect(html.contains("The first \(cards) failures in full, the other \(1_000 - cards) below them in short."))
        #expect(html.contains("Show \(1_000 - cards) more failures"))
        #expect(!html.contains("unlisted-failures"))
        // The test table links only the failures that have cards.
        #expect(html.components(separatedBy: "<tr class=\"failed\"").count - 1 == cards)
    }

    @Test func aHundredThousandTestParseWithFiveThousandFailuresListsEveryFailure() {
        var report = ReportFixture.minimalReport
        report.tests = (0..<100_000).map { index in
            index % 20 == 0
                ? Self.failing(index, output: ["printed \(index)"])
                : TestResult(
                    id: "Module.Suite\(index / 100)/testNumber\(index)", name: "testNumber\(index)",
                    suite: "Suite\(index / 100)",
                    framework: .xctest, status: .passed, durationSeconds: 0.01, order: index + 1)
        }
        let html = Self.render(report)
        #expect(html.utf8.count < 10 * 1024 * 1024, "\(html.utf8.count) bytes")
        #expect(!html.contains("unlisted-failures"))
        let named = Self.testIDs(in: html)
        for index in stride(from: 0, to: 100_000, by: 20) {
            #expect(named.contains("Module.Suite\(index / 100)/testNumber\(index)"))
        }
    }

    /// Every `Module.Suite…/testNumber…` id the page names, in one pass over its bytes (a `contains` per failure
    /// scanned the 8 MB page 5,000 times: minutes in a debug build, holding a test thread all along).
    private static func testIDs(in html: String) -> Set<String> {
        let bytes = Array(html.utf8)
        let marker = Array("Module.Suite".utf8)
        var ids = Set<String>()
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + marker.count
            while end < bytes.count, Self.isIDByte(bytes[end]) { end += 1 }
            ids.insert(String(decoding: bytes[index..<end], as: UTF8.self))
            index = end
        }
        return ids
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ".")
    }

    @Test func testsWithOutputLinesStreamAsJSONEncoderWritesThem() {
        var report = ReportFixture.minimalReport
        report.tests = [
            Self.failing(
                1,
                output: ["plain", "with \"quotes\" \\ and /slashes/", "esc \u{1B}[31mred\u{1B}[0m", "tab\tcafé 🚀", ""]),
            TestResult(
                id: "M.S/p", name: "p", suite: "S", framework: .swiftTesting, status: .passed, durationSeconds: 0.25,
                order: 2,
                output: ["one line"]),
            TestResult(
                id: "M.S/q", name: "q", suite: "S", framework: .xctest, status: .skipped, durationSeconds: 0, order: 3,
                output: ["Skipped: not on Linux"]),
        ]
        #expect(
            String(decoding: JSONReport.render(report), as: UTF8.self)
                == String(decoding: JSONReport.encodedWhole(report), as: UTF8.self))
    }
}
