/// Turns Swift Testing's console lines into events: `◇ ✔ ✘ ➜ ━ ⎙ ↳` on Linux, the SF-symbol forms (`􀟈 􁁛 􀢄 􀙟 􀄵` …)
/// on macOS, and `◊ √ × - ▲ →` on Windows (its console font lacks the others). The words after the symbol decide the
/// meaning, so all read alike; a `?` stands for any of them where the log lost them (a console that is not UTF-8), and
/// `cat -v`'s rendering of their bytes (`M-bM-^\M-^T`) for the symbol it renders.
struct SwiftTestingConsoleParser {
    init() {}

    /// The byte length of the status symbol at `start`, or nil when the line does not start with one.
    static func symbolLength(_ line: LineBytes, at start: Int) -> Int? {
        guard start < line.count else { return nil }
        let first = line[start]
        if first == 0xE2, start + 2 < line.count {
            switch (line[start + 1], line[start + 2]) {
            case (0x97, 0x87), (0x9C, 0x94), (0x9C, 0x98), (0x9E, 0x9C), (0x94, 0x81), (0x8E, 0x99), (0x86, 0xB3):
                return 3 // ◇ ✔ ✘ ➜ ━ ⎙ ↳
            case (0x97, 0x8A), (0x88, 0x9A), (0x96, 0xB2), (0x86, 0x92):
                return 3 // Windows: ◊ √ ▲ →
            case (0x9A, 0xA0): // ⚠ (a warning), maybe followed by the text-style selector U+FE0E
                return line.hasPrefix("\u{FE0E}", at: start + 3) ? 6 : 3
            default:
                return nil
            }
        }
        // Windows: `×` (U+00D7), and `-` for a pass with known issues, only before the words that follow a symbol.
        if first == 0xC3, line.hasPrefix("× ", at: start) { return 2 }
        if first == UInt8(ascii: "-"), line.hasPrefix("- Test ", at: start) || line.hasPrefix("- Suite ", at: start) {
            return 1
        }
        // Any symbol a console or `iconv -t ASCII//TRANSLIT` could not show (a Jenkins console that is not UTF-8).
        if first == UInt8(ascii: "?"), line.hasPrefix("? Test ", at: start) || line.hasPrefix("? Suite ", at: start) {
            return 1
        }
        if first == UInt8(ascii: "M") { return CatVSymbol.symbolLength(line, at: start) }
        // SF Symbols live in Supplementary Private Use Area-B (U+100000…): F4 80–8F xx xx.
        if first == 0xF4, start + 3 < line.count, line[start + 1] & 0xF0 == 0x80 { return 4 }
        return nil
    }

    /// Parses a line whose symbol (`symbolLength` bytes at `start`) was already recognised.
    func parse(_ line: LineBytes, symbolAt start: Int, symbolLength: Int) -> TestEvent? {
        var text = line.skippingBlanks(from: start + symbolLength)
        // A tagged test's coloured dots, one per tag (`✘ ● ● Test total() failed …`).
        while line.hasPrefix("●", at: text) { text = line.skippingBlanks(from: text + 3) }
        if Self.isDetailSymbol(line, start) { return detail(line, text) }
        if line.hasPrefix("Test case passing", at: text) { return caseStart(line, text) }
        if line.hasPrefix("Test run ", at: text) || line.hasPrefix("Passing ", at: text)
            || line.hasPrefix("Attached '", at: text)
        {
            return .ignored
        }
        if line.hasPrefix("Suite ", at: text) { return suite(line, text + 6) }
        if line.hasPrefix("Test ", at: text) { return test(line, text + 5) }
        return nil
    }

    /// `Test case passing 1 argument x → 1 to param(x:) started.`: the start of the named test's case, read as that
    /// test's start (`SwiftTestingAnnouncements` keeps it only where the input does not show the test's own); the name
    /// is after the last ` to ` that gives one (an argument may hold ` to `, a display name too).
    private func caseStart(_ line: LineBytes, _ text: Int) -> TestEvent {
        var end = line.count
        for _ in 0..<8 {
            guard let to = line.lastIndex(of: " to ", before: end), to > text else { break }
            // Not one inside a quoted name (`… to "Converts paths to root" started.`): the quotes before it pair up.
            let quotes = line[text..<to].count { $0 == UInt8(ascii: "\"") }
            if quotes % 2 == 0, case .testStarted(let ref)? = test(line, to + 4) { return .testStarted(ref) }
            end = to
        }
        return .ignored
    }

    /// `↳` (Linux), `􀄵` (macOS) and `→` (Windows) introduce details of the line before.
    private static func isDetailSymbol(_ line: LineBytes, _ start: Int) -> Bool {
        line.hasPrefix("↳", at: start) || line.hasPrefix("\u{100135}", at: start) || line.hasPrefix("→", at: start)
            || (line[start] == UInt8(ascii: "M") && CatVSymbol.isDetail(line, at: start))
    }

    /// `↳ Testing Library Version: …` and `↳ Target Platform: …` are banners; other details belong to the last issue.
    private func detail(_ line: LineBytes, _ text: Int) -> TestEvent {
        if line.hasPrefix("Testing Library Version", at: text) || line.hasPrefix("Target Platform", at: text) {
            return .ignored
        }
        return .detail(line.string(from: text))
    }

    /// `Suite LedgerSwiftTests started.`, `Suite "Display" passed after 0.1 seconds.`, `… failed after …`.
    private func suite(_ line: LineBytes, _ nameStart: Int) -> TestEvent? {
        guard let (name, after) = Self.name(line, nameStart) else { return nil }
        if line.hasPrefix(" started", at: after) { return .suiteStarted(name: name) }
        if line.hasPrefix(" passed", at: after) { return .suiteFinished(name: name, passed: true) }
        if line.hasPrefix(" failed", at: after) { return .suiteFinished(name: name, passed: false) }
        // `Test.cancel` in a suite (Swift 6.3) ends it early, as a skip: it failed nothing.
        if line.hasPrefix(" was cancelled", at: after) { return .suiteFinished(name: name, passed: true) }
        if line.hasPrefix(" recorded an issue", at: after) {
            return .suiteIssue(suite: name, issue(line, after + 18))
        }
        // A suite's known issue or warning fails nothing.
        if line.hasPrefix(" recorded a", at: after) { return .ignored }
        return nil
    }

    /// `Test f() started.`, `… passed after 0.001 seconds[ with 1 known issue].`, `… failed after …`,
    /// `… skipped[: "reason"]`, `… recorded an issue [with N arguments …] at File.swift:1:2: message`,
    /// `… recorded a known issue at …`. Parameterized tests say `Test f(x:) with 3 test cases passed …`.
    /// A display name is followed by its function in verbose output, `Test "Adds" (aka 'add()') started.`: the
    /// test is then named by its function, as the event stream names it.
    private func test(_ line: LineBytes, _ nameStart: Int) -> TestEvent? {
        // An issue no test owns (recorded from a detached task after its test ended) names no test: the run's.
        if line.hasPrefix("«unknown» recorded a", at: nameStart) {
            let after = nameStart + "«unknown»".utf8.count
            if line.hasPrefix(" recorded an issue", at: after) { return .issueOutsideTests(issue(line, after + 18)) }
            return line.hasPrefix(" recorded a warning", at: after)
                ? .warning(nil, line.string(from: line.skippingBlanks(from: after + 19))) : .ignored
        }
        guard var (name, nameEnd) = Self.name(line, nameStart) else { return nil }
        if line.hasPrefix(" (aka '", at: nameEnd), let close = line.firstIndex(of: "')", from: nameEnd + 7),
            close > nameEnd + 7
        {
            name = line.string((nameEnd + 7)..<close)
            nameEnd = close + 2
        }
        let ref = TestRef(framework: .swiftTesting, suite: "", name: name)
        var after = nameEnd
        if line.hasPrefix(" with ", at: after), let cases = line.firstIndex(of: " test case", from: after + 6),
            line.endOfDigits(from: after + 6) == cases
        {
            after = (line.firstIndex(of: UInt8(ascii: " "), from: cases + 10)) ?? line.count
        }
        if line.hasPrefix(" started", at: after) { return .testStarted(ref) }
        if line.hasPrefix(" passed after ", at: after) {
            let duration = line.decimal(from: after + 14)
            let known = line.firstIndex(of: " known issue", from: duration?.end ?? after) != nil
            return .testFinished(ref, known ? .expectedFailure : .passed, durationSeconds: duration?.value)
        }
        if line.hasPrefix(" failed after ", at: after) {
            return .testFinished(ref, .failed, durationSeconds: line.decimal(from: after + 14)?.value)
        }
        if line.hasPrefix(" skipped", at: after) {
            var reason: String?
            // The closing quote is not the opening one (a line cut right after it).
            if line.hasPrefix(": \"", at: after + 8), line.count > after + 11,
                line[line.count - 1] == UInt8(ascii: "\"")
            {
                reason = line.string((after + 11)..<(line.count - 1))
            }
            return .skipped(ref, reason: reason)
        }
        // `Test.cancel` (Swift 6.3): `… was cancelled after 0.001 seconds[: "reason"]`, a skip after it started; with
        // no time, `… was cancelled: "reason".`
        if line.hasPrefix(" was cancelled after ", at: after) {
            let duration = line.decimal(from: after + 21)
            return .cancelled(
                ref, reason: Self.quotedReason(line, from: duration?.end ?? after + 21),
                durationSeconds: duration?.value)
        }
        if line.hasPrefix(" was cancelled", at: after) {
            return .cancelled(ref, reason: Self.quotedReason(line, from: after + 14), durationSeconds: nil)
        }
        if line.hasPrefix(" recorded an issue", at: after) {
            return .issue(ref, issue(line, after + 18), isKnown: false)
        }
        if line.hasPrefix(" recorded a known issue", at: after) {
            return .issue(ref, issue(line, after + 23), isKnown: true)
        }
        if line.hasPrefix(" recorded a warning", at: after) {
            return .warning(ref, line.string(from: line.skippingBlanks(from: after + 19)))
        }
        return nil
    }

    /// Whether the words at `at` (after a display name's closing quote) are what Swift Testing prints after a name:
    /// ` started.` at the line's end, ` passed after 0.1`, ` skipped`, ` with 3 test cases`, ` (aka 'f()')`, ….
    private static func continuesAfterName(_ line: LineBytes, _ at: Int) -> Bool {
        if line.hasPrefix(" started.", at: at) {
            var end = line.count
            while end > at + 9, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return end == at + 9
        }
        if line.hasPrefix(" passed after ", at: at) || line.hasPrefix(" failed after ", at: at) {
            return line.decimal(from: at + 14) != nil
        }
        if line.hasPrefix(" was cancelled after ", at: at) { return line.decimal(from: at + 21) != nil }
        if line.hasPrefix(" was cancelled", at: at) {
            return at + 14 == line.count || line.hasPrefix(".", at: at + 14) || line.hasPrefix(": \"", at: at + 14)
        }
        if line.hasPrefix(" skipped", at: at) {
            return at + 8 == line.count || line.hasPrefix(".", at: at + 8) || line.hasPrefix(": \"", at: at + 8)
        }
        if line.hasPrefix(" with ", at: at), let cases = line.firstIndex(of: " test case", from: at + 6) {
            return line.endOfDigits(from: at + 6) == cases
        }
        return line.hasPrefix(" recorded a", at: at) || line.hasPrefix(" (aka '", at: at)
    }

    /// The text between `: "` (at or after `from`) and the quote that ends the line, or nil.
    private static func quotedReason(_ line: LineBytes, from: Int) -> String? {
        let end = line.hasSuffix("\".") ? line.count - 1 : line.count
        guard let colon = line.firstIndex(of: ": \"", from: from), end > colon + 3,
            line[end - 1] == UInt8(ascii: "\"")
        else { return nil }
        return line.string((colon + 3)..<(end - 1))
    }

    /// `[ with N arguments …] at File.swift:12:9: message` or a bare `: message`.
    private func issue(_ line: LineBytes, _ from: Int) -> TestFailure {
        var search = from
        while let at = line.firstIndex(of: " at ", from: search) {
            search = at + 4
            if let location = SourceLocationPrefix(line, at + 4), location.column != nil {
                return TestFailure(
                    message: line.string(from: location.restStart), file: location.knownFile, line: location.knownLine)
            }
        }
        // No location (`recorded an issue with 1 argument food → sandwich`): the message is what follows, if anything.
        var messageStart = from
        if line.hasPrefix(": ", at: messageStart) { messageStart += 2 }
        let message = line.string(from: messageStart)
        return TestFailure(message: message.isEmpty ? "Issue recorded" : message)
    }

    /// A function name up to the first space (`f(x:)`), or a quoted display name. Swift Testing prints a display name's
    /// own quotes unescaped (`"parses "quoted" values" started.`): the name ends at the first quote the line's words go
    /// on after (`continuesAfterName`), else at the first quote before a space or the line's end.
    private static func name(_ line: LineBytes, _ start: Int) -> (String, Int)? {
        guard start < line.count else { return nil }
        if line[start] == UInt8(ascii: "\"") {
            var close = line.firstIndex(of: "\" ", from: start + 1)
            var candidate = close
            while let quote = candidate, !continuesAfterName(line, quote + 1) {
                candidate = line.firstIndex(of: "\" ", from: quote + 1)
            }
            close = candidate ?? close ?? (line.hasSuffix("\"") ? line.count - 1 : nil)
            guard let close, close > start else { return nil }
            return (line.string((start + 1)..<close), close + 1)
        }
        let end = line.firstIndex(of: UInt8(ascii: " "), from: start) ?? line.count
        guard end > start else { return nil }
        var nameEnd = end
        if line[end - 1] == UInt8(ascii: "."), line.hasPrefix(" started", at: end) == false, end == line.count {
            nameEnd -= 1
        }
        return (line.string(start..<nameEnd), end)
    }
}
