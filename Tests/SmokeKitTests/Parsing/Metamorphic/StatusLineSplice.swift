@testable import SmokeCore

/// xcodebuild writing one of its status lines into the middle of a test outcome line, as it does near the end of a
/// run: `Test Case '-[M.C t** TEST FAILED **`, 0-2 blank lines, then `est]' passed (0.001 seconds).`.
struct StatusLineSplice {
    /// Test lines spliced into at most.
    static let lineLimit = 3

    let seed: UInt64
    /// The status lines to write in: only ones that say nothing new about this log.
    let statusLines: [String]

    /// Status lines that leave `log`'s meaning alone: a `** TEST SUCCEEDED **` banner tells how a log ends (a test
    /// still running then passed, the run ended), so it is written only into a log that has one already; a failure
    /// banner is xcodebuild's verdict that the run failed and ended, which a log of passing tests cannot pass with
    /// (`RunFailureEvidence`) and a log without its closing lines is not cut with, so it is written only into a log
    /// that has a test banner already.
    static func statusLines(for log: [UInt8]) -> [String] {
        var lines = ["** BUILD SUCCEEDED **", "Test session results, code coverage, and logs:", "Testing started"]
        let text = String(decoding: log, as: UTF8.self)
        if text.contains("** TEST FAILED **") || text.contains("** TEST EXECUTE FAILED **") {
            lines += ["** TEST FAILED **", "** TEST EXECUTE FAILED **"]
        }
        if text.contains("** TEST SUCCEEDED **") { lines.append("** TEST SUCCEEDED **") }
        if text.contains("** TEST EXECUTE SUCCEEDED **") { lines.append("** TEST EXECUTE SUCCEEDED **") }
        return lines
    }

    func apply(to lines: inout LogLines) {
        var generator = SplitMix64(seed: seed)
        let candidates = lines.contents.indices.filter { Self.cutRange(in: lines.contents[$0]) != nil }
        let chosen = candidates.seededShuffle(seed: seed).prefix(Self.lineLimit).sorted(by: >)
        for index in chosen {
            let line = lines.contents[index]
            guard let range = Self.cutRange(in: line) else { continue }
            let cut = range.lowerBound + Int(generator.next(below: UInt64(range.count)))
            let status = statusLines[Int(generator.next(below: UInt64(statusLines.count)))]
            let blanks = Int(generator.next(below: 3))
            let spliced =
                [Array(line[..<cut]) + Array(status.utf8)] + Array(repeating: [], count: blanks) + [Array(line[cut...])]
            lines.replace(index, with: spliced)
        }
    }

    /// Where a test outcome line (`Test Case '…' passed (0.001 seconds).`, `Test case '…' passed on 'Clone 1 …'
    /// (0.001 seconds)`) may be cut: after its opening quote's first byte, before its closing `)`.
    static func cutRange(in line: [UInt8]) -> Range<Int>? {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("Test Case '") || text.hasPrefix("Test case '"),
            text.hasSuffix(" seconds).") || text.hasSuffix(" seconds)"),
            text.contains("' passed") || text.contains("' failed") || text.contains("' skipped"),
            let close = line.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let start = "Test Case '".utf8.count + 1
        guard start < close else { return nil }
        return start..<close
    }
}
