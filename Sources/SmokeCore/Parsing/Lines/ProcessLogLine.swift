/// A process's timestamped log line, as NSLog and xcodebuild print it: `2025-12-30 17:50:26.278 xcodebuild[5:6] …`,
/// `2025-12-30 17:50:26.278104+0100 MyApp[123:4567] …` (fraction and zone optional, a name without spaces, `[pid`).
enum ProcessLogLine {
    /// The first index at or after `from` where such a line starts, or nil.
    static func start(in line: LineBytes, from: Int) -> Int? {
        var search = from + 4
        while let dash = line.firstIndex(of: UInt8(ascii: "-"), from: search) {
            search = dash + 1
            let start = dash - 4
            guard start >= from, isStart(line, start) else { continue }
            return start
        }
        return nil
    }

    static func starts(_ line: LineBytes, at index: Int) -> Bool { isStart(line, index) }

    /// Where the text after such a line's `name[pid:tid] ` starts, when one starts at `index`.
    static func textStart(_ line: LineBytes, at index: Int) -> Int? {
        guard isStart(line, index), let close = line.firstIndex(of: UInt8(ascii: "]"), from: index + 20),
            close + 1 < line.count, line[close + 1] == UInt8(ascii: " ")
        else { return nil }
        return close + 2
    }

    private static func isStart(_ line: LineBytes, _ start: Int) -> Bool {
        guard start + 21 < line.count, line.endOfDigits(from: start) == start + 4,
            line[start + 4] == UInt8(ascii: "-"), line.endOfDigits(from: start + 5) == start + 7,
            line[start + 7] == UInt8(ascii: "-"), line.endOfDigits(from: start + 8) == start + 10,
            line[start + 10] == UInt8(ascii: " "), line.endOfDigits(from: start + 11) == start + 13,
            line[start + 13] == UInt8(ascii: ":"), line.endOfDigits(from: start + 14) == start + 16,
            line[start + 16] == UInt8(ascii: ":"), line.endOfDigits(from: start + 17) == start + 19
        else { return false }
        var index = start + 19
        if index < line.count, line[index] == UInt8(ascii: ".") { index = line.endOfDigits(from: index + 1) }
        if index < line.count, line[index] == UInt8(ascii: "+") || line[index] == UInt8(ascii: "-") {
            index = line.endOfDigits(from: index + 1)
        }
        guard index < line.count, line[index] == UInt8(ascii: " ") else { return false }
        let nameStart = index + 1
        // The name: up to 80 bytes without a space, then `[` and a digit.
        let limit = Swift.min(line.count, nameStart + 80)
        var cursor = nameStart
        while cursor < limit, line[cursor] != UInt8(ascii: "["), line[cursor] != UInt8(ascii: " ") { cursor += 1 }
        guard cursor > nameStart, cursor + 1 < line.count, line[cursor] == UInt8(ascii: "[") else { return false }
        return line[cursor + 1] &- UInt8(ascii: "0") < 10
    }
}
