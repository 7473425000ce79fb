import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The hand-made number and escape paths must give what the slow general ones give.
@Suite struct ReportTextFormatTests {
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
        "esc \u{1B}[31m", "c1 \u{85}", "del \u{7F}",
    ])
    func plainTextFastPathEscapesAsTheScalarPathDoes(_ text: String) {
        #expect(XMLText.escape(text) == Self.slowEscape(text, attribute: false))
        #expect(XMLText.escapeAttribute(text) == Self.slowEscape(text, attribute: true))
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
}
