/// Test lines behind a prefix nothing removed (`Nov 30 02:09:31 Test Case 'A.b' started` from a tool smokerun does
/// not know): the first one's number, the prefix as it stands there and its width in bytes.
package struct UnreadPrefix: Sendable, Equatable {
    package var line: Int
    package var prefix: String
    package var width: Int

    /// The text of a prefix quoted in a message, at most this many bytes.
    static let quotedBytes = 80
}

/// Watches a console's lines for test lines its rules could not read because of a prefix. Until a rule anchored at a
/// line's start has read a line (a test's start or result, a suite, a run's totals), each line is searched for a test
/// line's start after other text; then the search stops, so a log that reads costs nothing more. Two such lines make
/// a prefix: one may be a line cut short, or a test's own output.
struct UnreadPrefixProbe {
    private var readAnchoredLine = false
    private var first: UnreadPrefix?
    private var hidden = 0

    /// A prefix that hid every test line: test lines were seen behind it and none was read.
    var found: UnreadPrefix? { readAnchoredLine || hidden < 2 ? nil : first }

    /// Notes a line's event: one a rule anchored at a line's start reads ends the search.
    mutating func read(_ event: TestEvent) {
        if !readAnchoredLine, Self.isAnchored(event) { readAnchoredLine = true }
    }

    /// Searches a console line as the rules saw it (`line`, known prefixes and colour codes removed) after its events
    /// were read; the prefix is quoted from the line as the file has it (`raw`).
    mutating func search(_ line: LineBytes, raw: LineBytes, number: Int) {
        guard !readAnchoredLine, hidden < 2, let start = Self.testLineStart(line), start > line.skippingBlanks()
        else { return }
        hidden += 1
        guard first == nil, let rawStart = Self.testLineStart(raw) else { return }
        let end = Swift.min(rawStart, UnreadPrefix.quotedBytes)
        first = UnreadPrefix(line: number, prefix: raw.string(0..<end), width: rawStart)
    }

    private static func isAnchored(_ event: TestEvent) -> Bool {
        switch event {
        case .testStarted, .testFinished, .skipped, .cancelled, .suiteStarted, .suiteFinished, .runSummary: true
        default: false
        }
    }

    /// Where an XCTest line (`Test Case '…`, `Test Suite '…`) or a Swift Testing test's start (`◇ Test …`) begins.
    static func testLineStart(_ line: LineBytes) -> Int? {
        var from = 0
        while let hit = line.firstIndex(of: "Test ", from: from) {
            if line.hasPrefix("Case '", at: hit + 5) || line.hasPrefix("Suite '", at: hit + 5) { return hit }
            if hit >= 4, line.hasPrefix("◇ ", at: hit - 4) { return hit - 4 }
            from = hit + 5
        }
        return nil
    }
}
