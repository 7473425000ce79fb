/// The kinds of text log `LogParser` reads.
package enum LogFormat: String, Sendable, Equatable {
    /// XCTest (Linux or Apple form) and Swift Testing console lines, possibly mixed, with build output around them.
    case console
    /// Swift Testing's JSON event stream, one record per line.
    case eventStream
    /// One JSON document from `xcresulttool get test-results tests` (the `testNodes` tree).
    case xcresultTests
    /// One JSON document of the legacy `xcresulttool get --legacy --format json` object graph (`_type`/`_value`).
    case xcresultLegacy

    /// Whether the file is one JSON document read whole, rather than lines.
    package var isDocument: Bool { self == .xcresultTests || self == .xcresultLegacy }

    /// Guesses from the first bytes: an event stream's first line is a JSON object naming a `kind`; an
    /// xcresulttool document is a JSON object with a `testNodes` key, or with the legacy graph's `_type` wrappers.
    /// A CI system's line prefix and marker lines before the first record (`LineUnwrapper`) are passed over.
    package static func detect(_ head: LineBytes) -> LogFormat {
        guard let start = firstContent(head) else { return .console }
        let lineEnd = head.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? head.count
        if UnsafeBufferPointer(rebasing: head[start..<lineEnd]).firstIndex(of: "\"kind\"") != nil {
            return .eventStream
        }
        if head.firstIndex(of: "\"testNodes\"", from: start) != nil { return .xcresultTests }
        if head.firstIndex(of: "\"_type\"", from: start) != nil, head.firstIndex(of: "\"_name\"", from: start) != nil {
            return .xcresultLegacy
        }
        return .console
    }

    /// Lines of `head` looked through for the first one with text of the log's own.
    private static let linesBeforeContent = 8

    /// Where the first `{` of `head` is, past blanks, CI prefixes and CI marker lines, or nil when its first text is
    /// not a `{`.
    private static func firstContent(_ head: LineBytes) -> Int? {
        var unwrapper = LineUnwrapper()
        var lineStart = 0
        for _ in 0..<linesBeforeContent {
            guard lineStart < head.count else { return nil }
            let lineEnd = head.firstIndex(of: UInt8(ascii: "\n"), from: lineStart) ?? head.count
            let line = UnsafeBufferPointer(rebasing: head[lineStart..<lineEnd])
            if let contentStart = unwrapper.contentStart(of: line) {
                let start = lineStart + line.skippingBlanks(from: contentStart)
                if start < lineEnd || lineEnd == head.count {
                    return start < head.count && head[start] == UInt8(ascii: "{") ? start : nil
                }
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
    /// Whether `sample` looks like binary data: NUL bytes, or many bytes that are not UTF-8.
    package static func looksBinary(_ sample: LineBytes) -> Bool {
        guard !sample.isEmpty else { return false }
        var nulCount = 0
        var search = 0
        while let nul = sample.firstIndex(of: 0, from: search) {
            nulCount += 1
            search = nul + 1
        }
        if nulCount * 100 > sample.count { return true }
        var invalid = 0
        var iterator = sample.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .error: invalid += 1
            case .emptyInput: break decoding
            }
        }
        return invalid * 20 > sample.count
    }
}
