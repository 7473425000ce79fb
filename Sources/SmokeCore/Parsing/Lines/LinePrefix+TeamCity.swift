/// TeamCity's prefix, as `LinePrefix.strip` finds it.
extension LinePrefix {
    /// After `[10:00:00] :<TAB…> [Block name] ` at `index` (any letter for the space after the time), the line's end
    /// for TeamCity's own `[10:00:00] : …`, or nil. A block's name ends at the first `] ` (or `]` ending the line: an empty line of a step).
    static func teamCityEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index + 13 <= line.count, line[index] == UInt8(ascii: "["), isClockTime(line, at: index + 1),
            line[index + 9] == UInt8(ascii: "]"), line[index + 11] == UInt8(ascii: ":")
        else { return nil }
        let status = line[index + 10]
        guard status == UInt8(ascii: " ") || (status | 0x20) &- UInt8(ascii: "a") < 26 else { return nil }
        var at = index + 12
        // TeamCity's own line (`[10:00:00] : Step 1/1: swift test (1m:02s)`, `Build finished`): none of the log's.
        if line[at] == UInt8(ascii: " ") { return line.count }
        guard line[at] == UInt8(ascii: "\t") else { return nil }
        while at < line.count, line[at] == UInt8(ascii: "\t") { at += 1 }
        guard line.hasPrefix(" [", at: at) else { return nil }
        var close = at + 2
        while close < line.count {
            if line[close] == UInt8(ascii: "]") {
                if close + 1 == line.count { return line.count }
                if line[close + 1] == UInt8(ascii: " ") { return close + 2 }
            }
            close += 1
        }
        return nil
    }
}
