import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// report.json is streamed test by test, most tests written by hand: the bytes must be exactly the ones
/// `JSONEncoder` writes for the whole document, so consumers and golden files see no difference.
@Suite struct JSONReportStreamingTests {
    private static func plain(_ id: String, name: String, suite: String, seconds: Double, status: TestStatus = .passed)
        -> TestResult
    {
        TestResult(
            id: id, name: name, suite: suite, framework: .xctest, status: status, durationSeconds: seconds, order: 1)
    }

    @Test func theGoldenFixtureStreamsToTheBytesJSONEncoderWrites() {
        let report = ReportFixture.report
        #expect(JSONReport.render(report) == JSONReport.encodedWhole(report))
    }

    @Test(arguments: [
        0, 1, 205, 0.012, 0.1, 1e-7, 123.456789, 1e20, 3e15, -0.0, -2.5, .nan, .infinity, 0.30000000000000004,
        // Whole thousandths, as logs write durations: written without a String, as Swift spells them.
        0.001, 0.005, 0.01, 0.05, 0.051, 0.105, 0.12, 0.5, 0.999, 1.5, 2.25, 59.999, 86_399.001, 999_999_999.999,
        1_000_000_000.001, 0.0005, 0.0015,
    ])
    func aPlainTestWithAnyDurationStreamsAsJSONEncoderWritesIt(seconds: Double) {
        var report = ReportFixture.minimalReport
        report.tests = [Self.plain("M.S/t", name: "t", suite: "S", seconds: seconds)]
        #expect(
            String(decoding: JSONReport.render(report), as: UTF8.self)
                == String(decoding: JSONReport.encodedWhole(report), as: UTF8.self))
    }

    /// Every whole number of thousandths up to 3 s, and some beyond, as JSONEncoder writes each.
    @Test func everyWholeNumberOfThousandthsIsSpelledAsSwiftSpellsIt() {
        for thousandths in Array(0...3_000) + [12_345, 86_400_000, 123_456_789_012] {
            let value = Double(thousandths) / 1000
            var expected = value.description
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            #expect(JSONTestEntry.number(value) == expected, "\(thousandths)")
            let written = String(
                decoding: ReportSink.collect { #expect(JSONTestEntry.appendNumber(value, to: &$0)) }, as: UTF8.self)
            #expect(written == expected, "\(thousandths)")
        }
    }

    @Test(arguments: [
        "plain", "with \"quotes\" and \\ backslash", "line\nbreak\ttab\r\u{08}\u{0C}", "bell\u{07}\u{1F}",
        "café/ünïcode 🚀", "a/b/c",
    ])
    func namesThatNeedEscapingStreamAsJSONEncoderWritesThem(name: String) {
        var report = ReportFixture.minimalReport
        report.tests = [
            Self.plain("M.\(name)/\(name)", name: name, suite: name, seconds: 0.5),
            Self.plain("M.S/second", name: "second", suite: "S", seconds: 2, status: .skipped),
        ]
        #expect(
            String(decoding: JSONReport.render(report), as: UTF8.self)
                == String(decoding: JSONReport.encodedWhole(report), as: UTF8.self))
    }

    @Test func failingTestsWithoutOutputStreamAsJSONEncoderWritesThem() {
        var report = ReportFixture.minimalReport
        report.tests = [
            TestResult(
                id: "M.S/a", name: "a", suite: "S", framework: .xctest, status: .failed, durationSeconds: 0.5, order: 1,
                failures: [
                    TestFailure(
                        message: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")", file: "/src/Tests/A.swift",
                        line: 12)
                ]),
            TestResult(
                id: "M.S/b", name: "b", suite: "S", framework: .swiftTesting, status: .crashed, durationSeconds: 0,
                order: 2,
                failures: [
                    TestFailure(message: "line\nbreak \\ </script> café", file: nil, line: nil),
                    TestFailure(message: "second", file: "B.swift", line: -1),
                ]),
            Self.plain("M.S/c", name: "c", suite: "S", seconds: 1),
        ]
        #expect(
            String(decoding: JSONReport.render(report), as: UTF8.self)
                == String(decoding: JSONReport.encodedWhole(report), as: UTF8.self))
    }

    /// `tests` holds one test per line: each of those lines (without its comma) is a JSON object of its own, in the
    /// report's order, and the whole document still decodes to the same tests.
    @Test func eachTestIsOneLineOfItsOwn() throws {
        let report = ReportFixture.report
        let text = String(decoding: JSONReport.render(report), as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("    {\"activities\":") }
        #expect(lines.count == report.tests.count)
        for (line, test) in zip(lines, report.tests) {
            let entry = Data((line.hasSuffix(",") ? line.dropLast() : line).utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: entry) as? [String: Any])
            #expect(object["id"] as? String == test.id)
        }
        let decoded = try JSONCoding.decoder().decode(RunReport.self, from: Data(text.utf8))
        #expect(decoded.tests == report.tests)
    }

    @Test func aReportWithoutTestsStreamsAsJSONEncoderWritesIt() {
        var report = ReportFixture.minimalReport
        report.tests = []
        #expect(JSONReport.render(report) == JSONReport.encodedWhole(report))
    }

    @Test func aStreamedReportArrivesInPiecesOfAboutAMegabyte() throws {
        var report = ReportFixture.minimalReport
        report.tests = (0..<20_000).map {
            Self.plain("M.Suite\($0 / 50)/test\($0)", name: "test\($0)", suite: "Suite\($0 / 50)", seconds: 0.001)
        }
        var pieces: [Int] = []
        var whole = Data()
        var sink = ReportSink {
            pieces.append($0.count)
            whole.append(contentsOf: $0)
        }
        JSONReport.write(report, to: &sink)
        try sink.finish()
        #expect(pieces.count > 3)
        #expect(pieces.dropLast().allSatisfy { $0 >= 1 << 20 && $0 < (1 << 20) + 64 * 1024 })
        #expect(whole == JSONReport.encodedWhole(report))
    }
}
