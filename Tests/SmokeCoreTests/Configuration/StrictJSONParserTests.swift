import Foundation
import Testing

@testable import SmokeCore

@Suite struct StrictJSONParserTests {
    @Test func validJSONParsesExactly() throws {
        let value = try StrictJSONParser.parse(
            Array(#"{"a": [1, -2, 18446744073709551615, 1.5, true, null, "x\n\u00e9\ud83d\ude00"]}"#.utf8))
        #expect(
            value
                == .object([
                    "a": .array([
                        .integer(1), .integer(-2), .unsigned(UInt64.max), .number(1.5), .bool(true), .null,
                        .string("x\né😀"),
                    ])
                ]))
    }

    /// Bytes that are not UTF-8 (a Latin-1 file, a truncated sequence) are refused where they are, not read as U+FFFD.
    @Test(arguments: [
        ([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x20, 0x22, 0x61, 0xE9, 0x22, 0x7D] as [UInt8], "n"), // {"n": "a\xE9"}
        ([0x7B, 0x22, 0x6F, 0x22, 0x3A, 0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D, 0x7D], "o"), // {"o": {"\xFF": 1}}
        ([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x20, 0x22, 0xF0, 0x9F, 0x5C, 0x6E, 0x22, 0x7D], "n"), // cut before an escape
    ])
    func invalidUTF8InAStringIsRefusedWithItsKey(_ bytes: [UInt8], _ keyPath: String) {
        do {
            let value = try StrictJSONParser.parse(bytes)
            Issue.record("accepted: \(value)")
        } catch {
            #expect(error.keyPath == keyPath)
            #expect(error.problem.contains("invalid UTF-8"), "\(error.problem)")
            #expect(error.line == 1)
        }
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "trailing comma"),
        ("{\n  \"a\": 01\n}", 2, 8, "cannot start with 0"),
        ("{\"a\": 'x'}", 1, 7, "double quotes"),
        ("{\"a\": 1} x", 1, 10, "after the end"),
        ("{\"a\": \"é\" \"b\"}", 1, 11, "expected ',' or '}'"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
    ])
    func mistakesNameLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ problem: String) {
        do {
            _ = try StrictJSONParser.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }
}
