/// TeamCity's downloaded build log, as `LinePrefix.strip` and `LineUnwrapper` read it.
extension LinePrefix {
    /// After `[10:00:00] :<TAB…> [Block name] ` at `index` (any letter for the space after the time), or nil. A block's
    /// name ends at the first `] ` (or a `]` ending the line: an empty line of a step).
    static func teamCityEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard var at = teamCityTimeEnd(line, at: index), line[at] == UInt8(ascii: "\t") else { return nil }
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

    /// Whether `line` is TeamCity's own (`[10:00:00] : Step 1/1: swift test (1m:02s)`, `… : Build finished`): in a log
    /// `teamCityEnd` has read, none of the build's output. Elsewhere a test may print the same shape.
    static func isTeamCityOwnLine(_ line: LineBytes) -> Bool {
        teamCityTimeEnd(line, at: 0).map { line[$0] == UInt8(ascii: " ") } ?? false
    }

    /// After `[10:00:00] :` or `[10:00:00]W:` at `index`, with a byte after it, or nil.
    private static func teamCityTimeEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index + 13 <= line.count, line[index] == UInt8(ascii: "["), isClockTime(line, at: index + 1),
            line[index + 9] == UInt8(ascii: "]"), line[index + 11] == UInt8(ascii: ":")
        else { return nil }
        let status = line[index + 10]
        guard status == UInt8(ascii: " ") || (status | 0x20) &- UInt8(ascii: "a") < 26 else { return nil }
        return index + 12
    }
}
