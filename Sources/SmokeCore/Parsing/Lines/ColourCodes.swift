/// Terminal colour codes: `ESC [ … letter` and `tput sgr0`'s `ESC ( B`, anywhere in a line; or the same without ESC
/// (`[0;96;49m[worker 2] [0mTest Case …`, a log copied from a viewer that drops control characters) when the line
/// starts with one or one colours a status word (`[31mfailed[0m`).
enum ColourCodes {
    /// Writes `line` without its colour codes into `plain` and says whether it had any; `plain` is untouched when
    /// it had none. A line with an ESC byte that starts no colour code (`ESC _bk;t=…`) has none.
    static func remove(from line: LineBytes, into plain: inout [UInt8]) -> Bool {
        if line.firstIndex(of: 0x1B) != nil { return removeEscapeSequences(from: line, into: &plain) }
        if bareCodeEnd(line, at: 0) != nil || colouresAStatusWord(line) {
            removeBareCodes(from: line, into: &plain)
            return true
        }
        return false
    }

    /// An ESC-less colour code on a status word or a framework's leading word mid-line (`Test Case 'A.b' [31mfailed[0m
    /// (0.1 seconds)`, `\t [1mExecuted[0m 3 tests`, `􀟈  [1mTest[0m example() started.`).
    private static func colouresAStatusWord(_ line: LineBytes) -> Bool {
        guard let reset = line.firstIndex(of: "[0m") else { return false }
        var search = 0
        while search < reset, let open = line.firstIndex(of: UInt8(ascii: "["), from: search, upTo: reset) {
            search = open + 1
            guard let wordStart = bareCodeEnd(line, at: open) else { continue }
            if line.hasPrefix("passed", at: wordStart) || line.hasPrefix("failed", at: wordStart)
                || line.hasPrefix("skipped", at: wordStart) || line.hasPrefix("started", at: wordStart)
                || line.hasPrefix("error", at: wordStart) || line.hasPrefix("Test", at: wordStart)
                || line.hasPrefix("Executed", at: wordStart)
            {
                return true
            }
        }
        return false
    }

    /// Where a colour code that lost its ESC byte (`[0m`, `[0;96;49m`) starting at `index` ends, or nil.
    private static func bareCodeEnd(_ line: LineBytes, at index: Int) -> Int? {
        guard index < line.count, line[index] == UInt8(ascii: "[") else { return nil }
        var end = index + 1
        while end < line.count, line[end] &- UInt8(ascii: "0") < 10 || line[end] == UInt8(ascii: ";") { end += 1 }
        guard end > index + 1, end < line.count, line[end] == UInt8(ascii: "m") else { return nil }
        return end + 1
    }

    private static func removeBareCodes(from line: LineBytes, into plain: inout [UInt8]) {
        plain.removeAll(keepingCapacity: true)
        var index = 0
        while index < line.count {
            if let end = bareCodeEnd(line, at: index) {
                index = end
            } else {
                plain.append(line[index])
                index += 1
            }
        }
    }

    private static func removeEscapeSequences(from line: LineBytes, into plain: inout [UInt8]) -> Bool {
        var kept: [UInt8] = []
        swap(&kept, &plain)
        kept.removeAll(keepingCapacity: true)
        var removed = false
        var index = 0
        while index < line.count {
            if line[index] == 0x1B, index + 1 < line.count, line[index + 1] == UInt8(ascii: "[") {
                index += 2
                while index < line.count, !(line[index] >= 0x40 && line[index] <= 0x7E) { index += 1 }
                index += 1
                removed = true
            } else if line[index] == 0x1B, index + 2 < line.count, line[index + 1] == UInt8(ascii: "(") {
                index += 3
                removed = true
            } else if line[index] == UInt8(ascii: "\r") {
                // A terminal writes what follows over what came before (`\e[2K\r\e[31merror: …`).
                kept.removeAll(keepingCapacity: true)
                index += 1
            } else {
                kept.append(line[index])
                index += 1
            }
        }
        if removed { swap(&kept, &plain) }
        return removed
    }
}
