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
            let nameStart =
                line.hasPrefix("Test Suite '", at: start)
                ? start + 12 : line.hasPrefix("Test Case '", at: start) ? start + 11 : nil
            guard let nameStart, let close = line.firstIndex(of: UInt8(ascii: "'"), from: nameStart),
                line.count - close > 64 || line.firstIndex(of: UInt8(ascii: "T"), from: close) != nil
            else { return [] }
        }
        var cuts: [Int] = []
        var scan = Scan(line: line, pieceStart: start)
        var index = start + 1
        while index < line.count {
            if let next = scan.recordStart(at: index) {
                cuts.append(next)
                scan.startPiece(at: next)
                index = Swift.max(next, index) + 1
            } else {
                index += 1
            }
        }
        return cuts
    }

    /// The scan of one line: where the record being read starts, and what the next issue's path is looked for by.
    private struct Scan {
        let line: LineBytes
        private(set) var pieceStart: Int
        /// After `' started.` when the record being read is a test's start: a glued issue's path starts there.
        private var startedEnd: Int?
        /// The last issue's path: a test's next issue is most often in the same file, whatever its path holds (a
        /// space, a URL the message before it quotes).
        private var lastPath: Range<Int>?

        init(line: LineBytes, pieceStart: Int) {
            self.line = line
            self.pieceStart = pieceStart
            startPiece(at: pieceStart)
        }

        mutating func startPiece(at start: Int) {
            pieceStart = start
            startedEnd =
                line.hasPrefix("Test Case '", at: start)
                ? line.firstIndex(of: "' started.", from: start).map { $0 + 10 } : nil
        }

        /// Where a record glued at `index` starts, or nil.
        mutating func recordStart(at index: Int) -> Int? {
            let before = line[index - 1]
            let endsRecord =
                before == UInt8(ascii: ".") || before == UInt8(ascii: "s") || before &- UInt8(ascii: "0") < 10
            switch line[index] {
            case UInt8(ascii: "T"):
                // After any text: an issue's message ends in whatever it quotes (`'Bool''Test Case '-[…`).
                return line.hasPrefix("Test Suite '", at: index) || line.hasPrefix("Test Case '", at: index)
                    ? index : nil
            case UInt8(ascii: "\t") where endsRecord:
                return line.hasPrefix("\t Executed ", at: index) ? index : nil
            case UInt8(ascii: ":"):
                let numberEnd = line.endOfDigits(from: index + 1)
                guard numberEnd > index + 1, line.hasPrefix(": error: -[", at: numberEnd),
                    let path = issuePathStart(endingAt: index)
                else { return nil }
                lastPath = path..<index
                return path
            default:
                return nil
            }
        }

        /// Where the path of an issue whose `:N: error: -[` is at `colon` starts: right after the test's `started.`,
        /// else where the last issue's path is again, else at the first `/` after the text before it ends (a space).
        private func issuePathStart(endingAt colon: Int) -> Int? {
            if let startedEnd, startedEnd < colon, line[startedEnd] == UInt8(ascii: "/") { return startedEnd }
            if let lastPath {
                let start = colon - lastPath.count
                if start > pieceStart, zip(line[start..<colon], line[lastPath]).allSatisfy(==) { return start }
            }
            // Bounded as a path is: a long line of colons is read in linear time.
            let floor = Swift.max(pieceStart + 1, colon - SourceLocationPrefix.maximumPathLength)
            var wordStart = colon
            while wordStart > floor, line[wordStart - 1] != UInt8(ascii: " ") { wordStart -= 1 }
            guard let slash = line.firstIndex(of: UInt8(ascii: "/"), from: wordStart, upTo: colon), slash > pieceStart
            else { return nil }
            return slash
        }
    }
}
