/// Where a totals marker may start on a wrapped line, as `FrameworkTotalsReader` looks for it.
extension FrameworkTotalsReader {
    /// The next place at or after `from` where a marker may start: after a wrapper's last byte (`[worker 2] `,
    /// `name_1 | `, with the date-time `docker compose logs --timestamps` adds, fastlane's `▸ `, a Swift Testing symbol, `::error ::`, an event stream's `"text":"`) and its
    /// blanks, never inside what a test printed. A wrapper lies in the first 80 bytes; an event-stream record's (`{…`)
    /// anywhere.
    static func afterWrapper(in line: LineBytes, lineStart: Int, from: Int) -> Int? {
        // A compiler's source excerpt (`   24 |     print("✘ Test run with 3 tests failed …")`) quotes code.
        let digits = line.skippingBlanks(from: lineStart)
        let bar = line.endOfDigits(from: digits)
        if bar > digits, line.hasPrefix(" |", at: bar) { return nil }
        let end = line[lineStart] == UInt8(ascii: "{") ? line.count : Swift.min(line.count, lineStart + 81)
        var index = from
        while index < end {
            // Eight bytes at a time past words that hold no wrapper byte (most of them).
            if index + 8 <= end, let base = line.baseAddress,
                !Self.mayHoldWrapperEnd(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = line[index]
            index += 1
            guard
                byte == UInt8(ascii: "]") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: "\"") || byte >= 0x80
            else { continue }
            var next = line.skippingBlanks(from: index)
            if byte == UInt8(ascii: "|") {
                next = line.skippingBlanks(from: ConsoleParser.afterContainerTimestamp(line, next))
            }
            if next < line.count, line[next] == UInt8(ascii: "E") || line[next] == UInt8(ascii: "T") { return next }
        }
        return nil
    }

    /// Whether any byte of `word` is `]`, `|`, `:`, `"` or non-ASCII (the classic "has a zero byte" test, applied to
    /// the word xor each byte looked for).
    @inline(__always)
    static func mayHoldWrapperEnd(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        return word & highs != 0 || hasZeroByte(word ^ (ones &* 0x5D)) || hasZeroByte(word ^ (ones &* 0x7C))
            || hasZeroByte(word ^ (ones &* 0x3A)) || hasZeroByte(word ^ (ones &* 0x22))
    }
}
