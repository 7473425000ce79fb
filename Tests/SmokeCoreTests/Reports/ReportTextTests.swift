import Foundation
import Testing

@testable import SmokeCore

/// The hand-made number and escape paths must give what the slow general ones give.
@Suite struct ReportTextTests {
    @Test func secondsAgreeWithPrintfOverManyDurationsAndTies() {
        var values: [Double] = [
            0, 0.0005, 0.0015, 0.0025, 1.0005, 2.5, 0.9995, 0.001, 0.01, 0.1, 59.9999, 1e6 - 0.0005, 123_456.789,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Double.random(in: 0..<100, using: &generator)) }
        for thousandth in 0..<3_000 { values.append(Double(thousandth) / 1000 + 0.0005) }
        for value in values {
            #expect(ReportText.seconds(value) == String(format: "%.3f", value), "value \(value)")
        }
    }

    @Test func secondsOfNegativeAndNonFiniteValuesKeepTheirOldForm() {
        #expect(ReportText.seconds(-1.5) == "-1.500")
        #expect(ReportText.seconds(.nan) == "0.000")
        #expect(ReportText.seconds(.infinity) == "0.000")
        #expect(ReportText.seconds(2e12) == String(format: "%.3f", 2e12))
    }

    @Test(arguments: [
        "plain text", "a & b", "<tag>", "quote \" and 'single'", "tab\there", "line\nbreak", "ünïcode ✓",
        "esc \u{1B}[31m", "c1 \u{85}", "del \u{7F}", "nul \u{0} us \u{1F} cr \r", "c1 edges \u{80}\u{9F}\u{A0}",
        "non-characters \u{FFFE}\u{FFFF} and \u{FFFD}\u{FFFC} \u{EFBF}", "emoji 🚀 & \"CJK\" 漢字 <ok>",
        "XCTAssertEqual failed: (\"2\") is not equal to (\"161\") - totals differ",
        "bidi \u{202E}txt.exe\u{202C} \u{2066}isolate\u{2069} \u{2067}\u{2068}\u{202A}\u{202B}\u{202D} marks \u{200E}\u{200F}",
    ])
    func plainTextFastPathEscapesAsTheScalarPathDoes(_ text: String) {
        #expect(XMLText.escape(text) == Self.slowEscape(text, attribute: false))
        #expect(XMLText.escapeAttribute(text) == Self.slowEscape(text, attribute: true))
    }

    /// Random strings of scalars from every range the rules treat apart (ASCII, controls, C1, the non-characters,
    /// multi-byte neighbours of them) escape as the scalar rules say.
    @Test func randomTextEscapesAsTheScalarPathDoes() {
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x80...0xA0, 0xFFF0...0xFFFF, 0xEFB0...0xEFC0, 0x2400...0x2430, 0x1F600...0x1F64F,
            0x2020...0x2070,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.append(scalar) }
            }
            let string = String(text)
            #expect(XMLText.escape(string) == Self.slowEscape(string, attribute: false), "\(string.debugDescription)")
            #expect(
                XMLText.escapeAttribute(string) == Self.slowEscape(string, attribute: true),
                "\(string.debugDescription)")
        }
    }

    /// Bidirectional overrides and isolates would show a message's text in another order than it is: replaced in
    /// reports, escaped in a terminal.
    @Test func bidiControlsNeverReorderWhatIsShown() {
        let text = "expected \u{202E}gnp.txt\u{202C} and \u{2066}x\u{2069}"
        #expect(XMLText.escape(text) == "expected \u{FFFD}gnp.txt\u{FFFD} and \u{FFFD}x\u{FFFD}")
        #expect(MarkdownText.escape(text).unicodeScalars.allSatisfy { !(0x202A...0x202E).contains($0.value) })
        #expect(TerminalText.escaped(text) == "expected \\u{202E}gnp.txt\\u{202C} and \\u{2066}x\\u{2069}")
    }

    /// The escape rules written out one scalar at a time, as the writer did before its fast path.
    private static func slowEscape(_ text: String, attribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "'" where attribute: result += "&#39;"
            case "\n" where attribute: result += "&#10;"
            case "\r" where attribute: result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            default: result.unicodeScalars.append(XMLText.legal(scalar))
            }
        }
        return result
    }

    /// A dashboard's percentages are rounded down as every report's coverage is: a day with one failing run in
    /// 2,000 is not "100.0%", and 66.66% is not 66.7; a value a division left a hair under its tenth stays on it.
    @Test func percentagesAreRoundedDownToATenth() {
        let cases: [(Double, String)] = [
            (1999.0 * 100 / 2000, "99.9%"), (2.0 * 100 / 3, "66.6%"), (29.0 * 100 / 100, "29.0%"),
            (0.7 * 100, "70.0%"), (100, "100.0%"), (0, "0.0%"), (.nan, "0.0%"),
        ]
        for (value, shown) in cases { #expect(ReportText.percent(value) == shown, "\(value)") }
        for covered in 0...1000 {
            let expected = CoverageCount(covered: covered, count: 1000).percentText
            #expect(ReportText.percent(Double(covered) * 100 / 1000) == expected)
        }
    }

    /// A log that ends while a test runs is cut, or its process ended during the test without a word (`exit(0)` in
    /// a test): the notice says both, never only "pass the whole log" to a user who did.
    @Test func aLogEndingDuringATestNamesBothWaysItCouldHaveEnded() {
        let notice = ReportText.incompleteNotice(
            IncompleteInput(
                source: "swift-test.log", lastLine: 12, lastLineText: "Test Case 'T.testExits' started", unfinished: 1))
        #expect(notice.hasPrefix("swift-test.log ends at line 12 (\"Test Case 'T.testExits' started\") while 1 test"))
        #expect(notice.contains("pass the whole log"))
        #expect(notice.contains("ended during them without a word (a test that calls exit()"))
    }
}
