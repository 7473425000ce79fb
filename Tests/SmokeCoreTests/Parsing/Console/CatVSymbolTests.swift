import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Swift Testing's symbols as `cat -v` and `less` render their bytes (`M-bM-^\M-^T` for `✔`) read as the symbols.
@Suite struct CatVSymbolTests {
    private typealias Support = ParsingTestSupport

    /// One line of each kind, with each platform's symbols.
    static let lines = [
        "◇ Test adds() started.", "✔ Test adds() passed after 0.001 seconds.",
        "✘ Test totals() failed after 0.001 seconds with 1 issue.", #"➜ Test later() skipped: "not today""#,
        "✘ Test totals() recorded an issue at CartTests.swift:5:22: Expectation failed: 1 == 2",
        "↳ A detail of the issue", "◇ Suite CartSuite started.",
        "⚠\u{FE0E} Test adds() recorded a warning at A.swift:1:2: w",
        "􀟈 Test adds() started.", "􁁛 Test adds() passed after 0.001 seconds.",
        "× Test totals() failed after 0.001 seconds.",
    ]

    @Test(arguments: lines)
    func aCatVRenderedLineReadsAsTheLineItRenders(_ line: String) {
        let rendered = PipelineLogs.catV(line)
        #expect(rendered != line)
        #expect(Support.consoleEvents(rendered) == Support.consoleEvents(line))
    }

    /// `M-` text that renders no symbol stays text, as does a symbol before words that are not Swift Testing's.
    @Test(arguments: ["M-bM-^\\M-^T passed", "M-bM-^WM-^G", "M-cM-^AM-^B Test x() started.", "M- Test x() started."])
    func otherCatVTextIsNoTestLine(_ line: String) {
        #expect(Support.consoleEvents(line).allSatisfy { if case .testStarted = $0 { false } else { true } })
    }

    @Test(arguments: ["M-cM-^AM-^B Test x() started.", "M- Test x() started.", "Mr. Test"])
    func otherCatVTextIsNoSymbol(_ line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { CatVSymbol.symbolLength($0, at: 0) } == nil)
    }
}
