/// XCTest's records run together on one line, each glued to the end of the one before: SwiftPM's `--parallel`
/// before Swift 5.9 replayed a failed test's output without its line ends (`…08:57:28.228Test Case '-[M.C t]'
/// started./src/T.swift:1: error: -[M.C t] : no/src/T.swift:9: error: -[M.C t] : noTest Case '-[M.C t]' failed (6.1
/// seconds).`). Read as one line, only its first record counted, and a failing test was passed.
///
/// Only a line that starts with a suite, test or totals record is cut, and only where a record starts: before
/// `Test Suite '` or `Test Case '`, before `\t Executed ` right after a record's last character (`.`, a time's digit,
/// the `s` of `seconds`), and before an Objective-C-named issue (`path:N: error: -[`, its path starting after the
/// text before it or after the test's `started.`).
enum GluedXCTestRecords {
    /// Where each record after the first starts, in order; empty for a line of one record (nearly every line).
    static func boundaries(in line: LineBytes) -> [Int] {
        let start = line.skippingBlanks()
        // Cheap on the lines of one record (nearly all): totals end `seconds`, and after a suite's or test's closing
        // quote come a few words and a time, no `T` of another record.
        if line.hasPrefix("Executed ", at: start) {
            let end = line.endSkippingBlanks()
            guard end >= 7, !line.hasPrefix("seconds", at: end - 7) else { return [] }
        } else {
            guard line.hasPrefix("Test Suite '", at: start) || line.hasPrefix("Test Case '", at: start),
                let close = line.firstIndex(of: UInt8(ascii: "'"), from: start + 11),
                line.count - close > 64 || line.firstIndex(of: UInt8(ascii: "T"), from: close) != nil
            else { return [] }
        }
        var cuts: [Int] = []
        var index = start + 1
        while index < line.count {
            if let next = recordStart(line, at: index, after: cuts.last ?? start) {
                cuts.append(next)
                index = Swift.max(next, index) + 1
            } else {
                index += 1
            }
        }
        return cuts
    }

    /// Where a record glued at `index` starts, or nil.
    private static func recordStart(_ line: LineBytes, at index: Int, after pieceStart: Int) -> Int? {
        let before = line[index - 1]
        let endsRecord = before == UInt8(ascii: ".") || before == UInt8(ascii: "s") || before &- UInt8(ascii: "0") < 10
        switch line[index] {
        case UInt8(ascii: "T"):
            // After any text: an issue's message ends in whatever it quotes (`'Bool''Test Case '-[…`).
            return line.hasPrefix("Test Suite '", at: index) || line.hasPrefix("Test Case '", at: index) ? index : nil
        case UInt8(ascii: "\t") where endsRecord:
            return line.hasPrefix("\t Executed ", at: index) ? index : nil
        case UInt8(ascii: ":") where line.hasPrefix(": error: -[", at: line.endOfDigits(from: index + 1)):
            // `path:N: error: -[` — the path starts at the first `/` after the text before it ends (a space, or the
            // `started.` of the test's start record).
            guard line.endOfDigits(from: index + 1) > index + 1 else { return nil }
            var pathStart = index
            while pathStart > pieceStart + 1, line[pathStart - 1] != UInt8(ascii: " ") { pathStart -= 1 }
            if line.hasPrefix("Test Case '", at: pieceStart), let started = startedEnd(line, from: pieceStart),
                started < index
            {
                pathStart = Swift.max(pathStart, started)
            }
            guard let slash = line.firstIndex(of: UInt8(ascii: "/"), from: pathStart, upTo: index),
                slash > pieceStart
            else { return nil }
            return slash
        default:
            return nil
        }
    }

    /// After `' started.` in the test start record at `from`, or nil.
    private static func startedEnd(_ line: LineBytes, from: Int) -> Int? {
        line.firstIndex(of: "' started.", from: from).map { $0 + 10 }
    }
}
