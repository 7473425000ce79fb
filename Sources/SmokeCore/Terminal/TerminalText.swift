/// Text from tests, logs and servers as a terminal or CI log shows it. A terminal acts on control characters
/// (ESC sequences, `\r`, backspace), so every one but tab (and newline, where output has lines) is shown as a
/// Swift escape (`\u{1B}`). Pure.
package enum TerminalText {
    /// `text` with its control characters (C0 but `\t`, DEL, C1) shown as `\u{…}`; newlines kept unless `newlines`
    /// is false.
    package static func escaped(_ text: String, newlines: Bool = true) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in Self.needsEscape(scalar) || (!newlines && scalar == "\n") }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            if scalar == "\r", next == "\n", newlines { continue } // a line end of another system, not a control
            if needsEscape(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        // Bidirectional embeddings, overrides and isolates reorder what a terminal shows after them.
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
