/// Lines that hold more than one line's text, as `ConsoleParser` finds them: a wrapper's prefix before a line, a line
/// glued after output printed without a newline or after the backtracer's unfinished line.
extension ConsoleParser {
    /// Where a Swift Testing test line (a result, a start, an issue) starts inside `line`, after output printed without
    /// a newline.
    static func gluedSwiftTestingResultStart(in line: LineBytes) -> Int? {
        guard line.count > 16, line.lastIndex(of: UInt8(ascii: "T")) != nil else { return nil }
        let start = [
            line.lastIndex(of: "✔ Test "), line.lastIndex(of: "✘ Test "), line.lastIndex(of: "➜ Test "),
            line.lastIndex(of: "◇ Test "),
        ].compactMap { $0 }.max()
        return start.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether a split line's halves joined make a test line: a test's start or result, a suite's start or end.
    static func isTestLineEvent(_ event: TestEvent) -> Bool {
        switch event {
        case .testStarted, .testFinished, .skipped, .cancelled, .suiteStarted, .suiteFinished: true
        default: false
        }
    }

    /// Where a line glued after the backtracer's unfinished `*** Signal N: Backtracing from 0x….` starts, or nil.
    static func afterBacktracingDots(_ line: LineBytes) -> Int? {
        let start = line.skippingBlanks()
        guard line.hasPrefix("*** Signal ", at: start),
            let from = line.firstIndex(of: "Backtracing from ", from: start),
            let dots = line.firstIndex(of: "...", from: from)
        else { return nil }
        let rest = line.skippingBlanks(from: dots + 3)
        guard rest < line.count, !line.hasPrefix("done", at: rest) else { return nil }
        return dots + 3
    }

    /// Where the text starts after the date-time `docker compose logs --timestamps` puts after a container's name
    /// (`app-1  | 2025-03-01T12:00:00.123456789Z Test Suite …`): `start` when there is none.
    static func afterContainerTimestamp(_ line: LineBytes, _ start: Int) -> Int {
        guard start < line.count, line[start] &- UInt8(ascii: "0") < 10,
            let (kind, end) = LinePrefix.strip(UnsafeBufferPointer(rebasing: line[start...])),
            kind == .isoTimestamp || kind == .githubActionsTimestamp
        else { return start }
        return start + end
    }

    /// The kind of a known wrapper prefix and where the text after it starts.
    static func wrapperEnd(_ line: LineBytes) -> (String, Int)? {
        let window = Swift.min(line.count, 80)
        if line.hasPrefix("[worker "), let close = line.firstIndex(of: "] ") { return ("worker-prefix", close + 2) }
        if let arrow = UnsafeBufferPointer(rebasing: line[0..<window]).firstIndex(of: "▸ ") {
            return ("fastlane", arrow + 4)
        }
        // A container's name (`app-1  | `), not a compiler excerpt's line-number gutter (`307 | `, `    | `).
        if let bar = UnsafeBufferPointer(rebasing: line[0..<window]).firstIndex(of: " | "),
            line[0..<bar].contains(where: { $0 != UInt8(ascii: " ") && $0 &- UInt8(ascii: "0") >= 10 })
        {
            return ("docker-compose", bar + 3)
        }
        return nil
    }
}
