/// The lines that record an issue or belong to one: an activity's assertion, `file:line: error: …`, and the
/// process log lines and blocks around them.
extension XCTestConsoleParser {
    /// `    t =     4.13s Assertion Failure: FlakyTests.swift:63: XCTAssertTrue failed -` (UI test activity log).
    static func activityAssertion(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.hasPrefix("t = ", at: start),
            let marker = line.firstIndex(of: "Assertion Failure: ", from: start + 4)
        else {
            return nil
        }
        let textStart = marker + 19
        if let location = SourceLocationPrefix(line, textStart) {
            return .issue(
                nil,
                TestFailure(
                    message: line.string(from: location.restStart), file: location.knownFile, line: location.knownLine),
                isKnown: false)
        }
        return .issue(nil, TestFailure(message: line.string(from: textStart)), isKnown: false)
    }

    /// A line that starts with `path:line: ` — XCTest failures (`error: Class.method : message`), skips
    /// (`Class.method : Test skipped - reason`), fatal errors, `measured` lines, and compiler diagnostics (noise).
    static func locatedLine(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard let location = SourceLocationPrefix(line, start) else { return nil }
        let rest = location.restStart
        if line.hasPrefix("error: ", at: rest) {
            if location.column != nil { return .ignored } // a compiler error: `File.swift:12:5: error: …`
            let issue = xctestIssue(line, from: rest + 7, location)
            // XCTest names the test in each issue line it prints (`Class.method : `, `-[M.C m] : `): one naming none is
            // what a test printed (a linter's `File.swift:12: error: trailing whitespace`), never a failure.
            if case .issue(nil, _, _) = issue { return .output(line.string(0..<line.count)) }
            return issue
        }
        if line.hasPrefix("warning: ", at: rest) || line.hasPrefix("note: ", at: rest) { return .ignored }
        if let fatal = fatalError(line, rest, file: location.knownFile, lineNumber: location.knownLine) { return fatal }
        if line.hasPrefix("Test Case '", at: rest) { return testCaseLine(line, rest) }
        if let marker = line.firstIndex(of: " : Test skipped", from: rest),
            let ref = XCTestNameParser.ref(line, rest..<marker)
        {
            var reasonStart = marker + 15
            // `Test skipped - reason` (XCTSkip), `Test skipped: required true value …` (XCTSkipIf/Unless, a throw).
            if line.hasPrefix(" - ", at: reasonStart) {
                reasonStart += 3
            } else if line.hasPrefix(": ", at: reasonStart) {
                reasonStart += 2
            }
            return .skipped(ref, reason: reasonStart < line.count ? line.string(from: reasonStart) : nil)
        }
        // `File.swift:12: -[M.C test] : Expected failure: reason: message` (`XCTExpectFailure`): a known issue.
        if let marker = line.firstIndex(of: " : Expected failure", from: rest),
            XCTestNameParser.ref(line, rest..<marker) != nil
        {
            return xctestIssue(line, from: rest, location)
        }
        return nil
    }

    /// `Class.method : message` or `-[M.C m] : message` after `error: `.
    static func xctestIssue(_ line: LineBytes, from: Int, _ location: SourceLocationPrefix) -> TestEvent {
        var ref: TestRef?
        var messageStart = from
        if let separator = line.firstIndex(of: " : ", from: from) {
            ref = XCTestNameParser.ref(line, from..<separator)
            if ref != nil { messageStart = separator + 3 }
        }
        // An issue `XCTExpectFailure` caught is printed `Expected failure: reason: message`: known, not a failure.
        let isKnown = ref != nil && line.hasPrefix("Expected failure", at: messageStart)
        if isKnown {
            messageStart += 16
            if line.hasPrefix(": ", at: messageStart) { messageStart += 2 }
        }
        let failure = TestFailure(
            message: line.string(from: messageStart), file: location.knownFile, line: location.knownLine)
        return .issue(ref, failure, isKnown: isKnown)
    }

    /// `Testing failed:`, `Test session results, code coverage, and logs:` and the like, whose indented lines follow.
    static func isTestingBlockHeader(_ line: LineBytes, _ start: Int) -> Bool {
        line.hasPrefix("Testing failed", at: start) || line.hasPrefix("Testing started", at: start)
            || line.hasPrefix("Test session results", at: start) || line.hasPrefix("Test run started", at: start)
    }

    /// A timestamped process log line (`2018-11-04 10:28:22.4 App[28750:2314289] text`, `09:32:55.2 App[1:2] text`):
    /// true for xcodebuild itself (noise), false for the app or runner (a test's output), nil for another line.
    static func processLogLine(_ line: LineBytes, _ start: Int) -> Bool? {
        guard line[start] &- UInt8(ascii: "0") < 10 else { return nil }
        let limit = Swift.min(line.count, start + 120)
        var search = start
        while let open = line.firstIndex(of: UInt8(ascii: "["), from: search, upTo: limit) {
            search = open + 1
            let colon = line.endOfDigits(from: open + 1)
            guard colon > open + 1, colon < line.count, line[colon] == UInt8(ascii: ":") else { continue }
            let close = line.endOfDigits(from: colon + 1)
            guard close > colon + 1, close < line.count, line[close] == UInt8(ascii: "]") else { continue }
            return open >= 10 && line.hasPrefix("xcodebuild", at: open - 10)
        }
        return nil
    }

    /// The rest of a multi-line log message: indented, a closing `)` or `}`, or a bare path.
    static func isLogContinuation(_ line: LineBytes, _ start: Int) -> Bool {
        if start > 0 { return true }
        let first = line[start]
        if first == UInt8(ascii: ")") || first == UInt8(ascii: "}") { return true }
        return first == UInt8(ascii: "/") && line.firstIndex(of: UInt8(ascii: " ")) == nil
    }
}
