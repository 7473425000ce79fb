/// Puts a test line back together when other output cut it, on every input path (all read through `ConsoleParser`).
/// xcodebuild writes its status and log lines, and an app its own, into the runner's stream, sometimes mid-line:
/// `Test Case '-[M.C testCurre2025-12-30 17:50:26.278 xcodebuild[5:6] …` then `ntUser]' passed (…).`. The line that
/// cut in is read as itself; the halves are joined only when together they make a line of the framework's grammar,
/// so a test id never holds a timestamp, a process name or a path.
enum LineJoiner {
    /// `Test Case '…`, `Test case '…` (Apple's form with the device), `Test Suite '…`, or a Swift Testing test line.
    static func startsTestLine(_ line: LineBytes) -> Bool {
        if line.hasPrefix("Test Case '") || line.hasPrefix("Test case '") || line.hasPrefix("Test Suite '") {
            return true
        }
        return startsSwiftTestingTestLine(line)
    }

    /// `✔ Test …`, `✘ Test …`, `◇ Test …` (or the SF-symbol forms).
    static func startsSwiftTestingTestLine(_ line: LineBytes) -> Bool {
        guard line.count > 8, line[0] >= 0xE2, let length = SwiftTestingConsoleParser.symbolLength(line, at: 0) else {
            return false
        }
        return line.hasPrefix("Test ", at: line.skippingBlanks(from: length))
    }

    /// A Swift Testing `started`, result or totals line cut before its end (whole, they end ` started.`, ` seconds.`,
    /// ` issue.` or ` issues.`). An issue, skip or cancel line ends in its message, so it is never held back.
    static func isSplitSwiftTestingLine(_ line: LineBytes) -> Bool {
        guard startsSwiftTestingTestLine(line), line.firstIndex(of: " recorded ") == nil,
            line.firstIndex(of: " skipped") == nil, line.firstIndex(of: " was cancelled after ") == nil
        else { return false }
        return
            !(line.hasSuffix(" started.") || line.hasSuffix(" seconds.") || line.hasSuffix(" issue.")
            || line.hasSuffix(" issues."))
    }

    /// Swift Testing's closing totals, `✘ Test run with 3 tests failed after 0.1 seconds with 1 issue.`.
    static func isSwiftTestingRunLine(_ line: LineBytes) -> Bool {
        guard startsSwiftTestingTestLine(line), line[line.count - 1] == UInt8(ascii: ".") else { return false }
        let symbol = SwiftTestingConsoleParser.symbolLength(line, at: 0) ?? 0
        return line.hasPrefix("Test run with ", at: line.skippingBlanks(from: symbol))
    }

    /// Where another line that cut this test line starts inside it — one of xcodebuild's status lines
    /// (`XcodebuildStatusLine`) or a timestamped process log line (`ProcessLogLine`) running to its end — or nil.
    static func interleavedStart(insideTestLine line: LineBytes) -> Int? {
        if let status = XcodebuildStatusLine.start(insideTestLine: line) { return status }
        // A whole result line ends `)` or `.`: only a line cut short is searched.
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end > 0, line[end - 1] != UInt8(ascii: ")") else { return nil }
        return ProcessLogLine.start(in: line, from: 12)
    }

    /// A `Test Case '…` line cut before its outcome's closing `)` (`started` lines are whole; outcomes end `seconds).`
    /// from the runner, `seconds)` from xcodebuild), or a `Test Suite '…` line cut before the end of its time.
    static func isSplitTestLine(_ line: LineBytes) -> Bool {
        guard line.count > 11 else { return false }
        if line.hasPrefix("Test Suite '") { return !isWholeSuiteLine(line) }
        guard line.hasPrefix("Test Case '") || line.hasPrefix("Test case '") else { return false }
        // Cut inside the name (`Test case 'C.m()`): its closing quote is yet to come.
        guard let quote = line.firstIndex(of: "' ", from: 11) else { return true }
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        let last = line[end - 1]
        if last == UInt8(ascii: ")") || (last == UInt8(ascii: ".") && line[end - 2] == UInt8(ascii: ")")) {
            return false
        }
        let verb = quote + 2
        // Cut inside or right after an outcome verb (`pas`, `failed (0.`); `started`, `measured`, `exceeded` are whole.
        guard verb < line.count else { return true }
        if line.hasPrefix("started", at: verb)
            || line.hasPrefix("skipped", at: verb) && line.firstIndex(of: UInt8(ascii: "(")) == nil
        {
            return false
        }
        let first = line[verb]
        return first == UInt8(ascii: "p") || first == UInt8(ascii: "f") || first == UInt8(ascii: "s")
    }

    /// `Test Suite 'X' started at 2025-03-01 12:00:00.000` (`passed`, `failed`, `finished`; a trailing `.`; a zone
    /// ` +0000` instead of milliseconds).
    private static func isWholeSuiteLine(_ line: LineBytes) -> Bool {
        guard let quote = line.firstIndex(of: "' ", from: 12) else { return false }
        var verb = quote + 2
        while verb < line.count, line[verb] &- UInt8(ascii: "a") < 26 { verb += 1 }
        guard line.hasPrefix(" at ", at: verb) else { return false }
        let date = verb + 4
        guard date + 19 <= line.count, line[date + 10] == UInt8(ascii: " "), line[date + 16] == UInt8(ascii: ":")
        else { return false }
        let time = date + 19
        if line.hasPrefix(".", at: time) { return line.endOfDigits(from: time + 1) >= time + 4 }
        return line.hasPrefix(" +", at: time) && line.endOfDigits(from: time + 2) >= time + 6
    }

    /// Lines that land between the halves of a split test line: blank lines, `** TEST … **` banners and the other
    /// status lines (`XcodebuildStatusLine`), the bundle path under `Test session results …`, timestamped process
    /// log lines (xcodebuild's, the app's).
    static func isForeign(_ line: LineBytes) -> Bool {
        let start = line.skippingBlanks()
        guard start < line.count else { return true }
        if line.hasPrefix("** ", at: start) || XcodebuildStatusLine.isWhole(line, from: start) { return true }
        if line[start] == UInt8(ascii: "/"), line.firstIndex(of: ".xcresult") != nil { return true }
        guard line[start] &- UInt8(ascii: "0") < 10 else { return false }
        if let bracket = line.firstIndex(of: "xcodebuild["), bracket < 40 { return true }
        return ProcessLogLine.start(in: line, from: start) == start
    }
}
