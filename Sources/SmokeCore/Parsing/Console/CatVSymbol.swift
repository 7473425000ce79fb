/// Swift Testing's symbols as `cat -v` and `less` show them: each byte from 0x80 as `M-` and its low seven bits, a
/// control character among those as `^X` (`✔` is `M-bM-^\M-^T`, `◇` `M-bM-^WM-^G`). The bytes are decoded and read as
/// the symbol they stand for, so such a log reads as the log it was made from.
enum CatVSymbol {
    /// The bytes the `M-…` text at `start` stands for (at most a symbol's six) and the text's length; nil when the
    /// text does not start with `M-`.
    static func decode(_ line: LineBytes, at start: Int) -> (bytes: [UInt8], length: Int)? {
        var bytes: [UInt8] = []
        var index = start
        while bytes.count < 6, index + 2 < line.count, line.hasPrefix("M-", at: index) {
            var byte = line[index + 2]
            index += 3
            if byte == UInt8(ascii: "^"), index < line.count, line[index] != UInt8(ascii: " ") {
                byte = line[index] == UInt8(ascii: "?") ? 0x7F : line[index] & 0x1F
                index += 1
            }
            bytes.append(byte | 0x80)
        }
        return bytes.isEmpty ? nil : (bytes, index - start)
    }

    /// The length of the `cat -v` text at `start` when it stands for a whole Swift Testing symbol, else nil.
    static func symbolLength(_ line: LineBytes, at start: Int) -> Int? {
        guard let (bytes, length) = decode(line, at: start) else { return nil }
        // A space after the symbol, as the console prints it (Windows' `× ` is recognised only before one).
        let decoded = (bytes + [UInt8(ascii: " ")]).withUnsafeBufferPointer {
            SwiftTestingConsoleParser.symbolLength($0, at: 0)
        }
        return decoded == bytes.count ? length : nil
    }

    /// Whether the `cat -v` text at `start` stands for a detail's symbol (`↳`, macOS's `􀄵`, Windows' `→`).
    static func isDetail(_ line: LineBytes, at start: Int) -> Bool {
        guard let (bytes, _) = decode(line, at: start) else { return false }
        return bytes == Array("↳".utf8) || bytes == Array("\u{100135}".utf8) || bytes == Array("→".utf8)
    }
}
