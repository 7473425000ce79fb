import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// How `TerminalText` shows text from tests: control characters as Swift escapes (see `HostileText`).
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
        ("a\rb", #"a\u{D}b"#),
        ("crlf\r\nline", "crlf\nline"),
        ("tab\tand\nnewline kept", "tab\tand\nnewline kept"),
        ("nul\u{0} bell\u{07} del\u{7F} csi\u{9B}", #"nul\u{0} bell\u{7} del\u{7F} csi\u{9B}"#),
        ("café ✔ 漢字", "café ✔ 漢字"),
    ])
    func controlCharactersAreShownAsSwiftEscapes(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test func onOneLineANewlineIsShownEscapedToo() {
        #expect(TerminalText.escaped("a\nb\r\nc", newlines: false) == #"a\u{A}b\u{D}\u{A}c"#)
    }
}
