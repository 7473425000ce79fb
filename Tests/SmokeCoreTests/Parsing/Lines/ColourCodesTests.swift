import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct ColourCodesTests {
    static let cases: [(String, String?)] = [
        ("\u{1B}[0;32mTest Case 'A.b' passed (0.001 seconds)\u{1B}[0m", "Test Case 'A.b' passed (0.001 seconds)"),
        ("Test Case 'A.b' \u{1B}[32mpassed\u{1B}[0m (0.001 seconds)", "Test Case 'A.b' passed (0.001 seconds)"),
        ("[0;96;49m[worker 2] [0mTest Case", "[worker 2] Test Case"),
        // `tput sgr0` writes a character-set switch before its reset.
        ("\u{1B}[1mBold\u{1B}(B\u{1B}[m", "Bold"),
        // An ESC that starts no colour code (Buildkite's `ESC _bk;t=…`) leaves the line as it is.
        ("\u{1B}_bk;t=1714556400123\u{07}Test Case", nil),
        ("Test Case '-[A.B c]' passed", nil),
        // A bracket in the middle of a line without ESC is text, not a code.
        ("Test Case 'A.b' [0m", nil),
        ("Test Case 'A.b' [32m passed", nil),
        // Unless it colours a status word, closed by a reset: the same codes without their ESC.
        ("Test Case '-[A.B c]' [31mfailed[0m (0.1 seconds).", "Test Case '-[A.B c]' failed (0.1 seconds)."),
        ("Test Case 'A.b' [1;32mpassed[0m (0.001 seconds)", "Test Case 'A.b' passed (0.001 seconds)"),
        (
            "/src/A.swift:3: [31merror[0m: A.b : XCTAssertTrue failed",
            "/src/A.swift:3: error: A.b : XCTAssertTrue failed"
        ),
        // Or a framework's leading word after blanks or Swift Testing's glyph.
        (
            "\t [1mExecuted[0m 3 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds",
            "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds"
        ),
        ("􀟈  [1mTest[0m example() started.", "􀟈  Test example() started."),
        ("print([1, 2]) [0m", nil),
    ]

    @Test(arguments: cases)
    func colourCodesAreRemovedAndNothingElse(_ line: String, _ expected: String?) {
        var plain: [UInt8] = []
        let removed = Array(line.utf8).withUnsafeBufferPointer { ColourCodes.remove(from: $0, into: &plain) }
        #expect(removed == (expected != nil))
        if let expected { #expect(String(decoding: plain, as: UTF8.self) == expected) }
    }

    @Test func aLineWithAnEscapeThatStartsNoColourCodeIsReadAsOutput() {
        let events = ParsingTestSupport.consoleEvents("\u{1B}_bk;t=1714556400123\u{07}hello\n\u{1B}(Bworld\n")
        #expect(events.count == 2)
    }
}
