@testable import SmokeCore

/// A process's timestamped log line written into the middle of a test result line, as an app's NSLog output and
/// xcodebuild's own log lines land in a runner's stream: `Test Case '-[M.C testCurre2025-12-30 17:50:26.278
/// MyApp[812:9921] loading fixtures`, then `ntUserIdUpdates]' passed (0.003 seconds).`; or `✘ Test total() fa` +
/// the log line, then `iled after 0.001 seconds with 1 issue.`.
struct LogLineSplice {
    /// Result lines spliced into at most.
    static let lineLimit = 3
    static let logLines = [
        "2025-12-30 17:50:26.278 MyApp[812:9921] loading fixtures from /tmp/fixtures.json",
        "2025-12-30 17:50:26.278104+0100 xcodebuild[5123:8812] Requesting crash reports",
    ]

    let seed: UInt64

    func apply(to lines: inout LogLines) {
        var generator = SplitMix64(seed: seed)
        let candidates = lines.contents.indices.filter { Self.cutRange(in: lines.contents[$0]) != nil }
        let chosen = candidates.seededShuffle(seed: seed).prefix(Self.lineLimit).sorted(by: >)
        for index in chosen {
            let line = lines.contents[index]
            guard let range = Self.cutRange(in: line) else { continue }
            let cut = range.lowerBound + Int(generator.next(below: UInt64(range.count)))
            let logLine = Self.logLines[Int(generator.next(below: UInt64(Self.logLines.count)))]
            lines.replace(index, with: [Array(line[..<cut]) + Array(logLine.utf8), Array(line[cut...])])
        }
    }

    /// Where a result line may be cut: an XCTest outcome line (`StatusLineSplice.cutRange`), or a Swift Testing
    /// `✔ Test f() passed after 0.1 seconds.` / `✘ … failed after …` line after its name's first byte, before its `.`.
    static func cutRange(in line: [UInt8]) -> Range<Int>? {
        if let range = StatusLineSplice.cutRange(in: line) { return range }
        let text = String(decoding: line, as: UTF8.self)
        guard let first = text.first, first.utf8.first.map({ $0 >= 0xE2 }) == true,
            text.dropFirst().drop(while: { $0 == " " }).hasPrefix("Test "), text.hasSuffix("."),
            text.contains(" passed after ") || text.contains(" failed after "),
            let test = text.range(of: "Test ")
        else { return nil }
        let start = text.utf8.distance(from: text.startIndex, to: test.upperBound) + 1
        let end = line.count - 1
        return start < end ? start..<end : nil
    }
}
