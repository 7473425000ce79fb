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
    /// JUnit XML: `swift test --xunit-output` (XCTest's file and the `-swift-testing` one), fastlane trainer,
    /// xcresultparser, xcbeautify's and test_center's reports.
    case junit
    /// `xcresulttool get test-results summary`: counts without tests, refused with what to pass instead.
    case xcresultSummary
    /// SonarQube's generic test execution XML (`<testExecutions>`): refused with what to pass instead.
    case sonarTestExecutions

    /// Whether the file is one document read whole, rather than lines.
    package var isDocument: Bool { self != .console && self != .eventStream }

    /// Guesses from the first bytes: an event stream's first line is a JSON object naming a `kind`; an
    /// xcresulttool document is a JSON object with a `testNodes` key, with the legacy graph's `_type` wrappers, or
    /// with a summary's `totalTestCount`; an XML document is JUnit when it has a `<testsuite` element. A CI system's
    /// line prefix and marker lines before the first record (`LineUnwrapper`) are passed over.
    package static func detect(_ head: LineBytes) -> LogFormat {
        guard let start = firstContent(head) else { return .console }
        if head[start] == UInt8(ascii: "<") { return detectXML(head, from: start) }
        let lineEnd = head.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? head.count
        if UnsafeBufferPointer(rebasing: head[start..<lineEnd]).firstIndex(of: "\"kind\"") != nil {
            return .eventStream
        }
        if head.firstIndex(of: "\"testNodes\"", from: start) != nil { return .xcresultTests }
        if head.firstIndex(of: "\"_type\"", from: start) != nil, head.firstIndex(of: "\"_name\"", from: start) != nil {
            return .xcresultLegacy
        }
        if head.firstIndex(of: "\"totalTestCount\"", from: start) != nil { return .xcresultSummary }
        return .console
    }

    /// An XML document's kind from its first element names: JUnit has `<testsuites>` or `<testsuite>`, SonarQube's
    /// report `<testExecutions>`; any other XML is read as text (and holds no test output).
    private static func detectXML(_ head: LineBytes, from start: Int) -> LogFormat {
        if head.firstIndex(of: "<testsuite", from: start) != nil { return .junit }
        if head.firstIndex(of: "<testExecutions", from: start) != nil { return .sonarTestExecutions }
        return .console
    }

    /// Lines of `head` looked through for the first one with text of the log's own.
    private static let linesBeforeContent = 8

    /// Where the first `{` or `<` of `head` is, past blanks, CI prefixes, CI marker lines and a byte-order mark, or
    /// nil when its first text is neither.
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
                    guard start < head.count else { return nil }
                    return head[start] == UInt8(ascii: "{") || head[start] == UInt8(ascii: "<") ? start : nil
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
