/// Escaping for XML 1.0 and HTML text: test names, messages and output are untrusted.
package enum XMLText {
    /// Text content: `&`, `<`, `>` escaped, characters XML 1.0 forbids made visible.
    package static func escape(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// Attribute values (double-quoted): quotes too, and whitespace as character references so parsers keep it.
    static func escapeAttribute(_ text: String) -> String {
        escape(text, attribute: true)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        // Plain printable ASCII is its own escape.
        if text.utf8.allSatisfy({ isPlain($0, attribute: attribute) }) { return text }
        // Else byte by byte over the UTF-8 into one buffer (a scalar `legal` changes is recognised by its bytes).
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\"") where attribute: result += "&quot;".utf8
            case UInt8(ascii: "'") where attribute: result += "&#39;".utf8
            case UInt8(ascii: "\n") where attribute: result += "&#10;".utf8
            case UInt8(ascii: "\r") where attribute: result += "&#13;".utf8
            case UInt8(ascii: "\t") where attribute: result += "&#9;".utf8
            case 0x09, 0x0A, 0x0D: result.append(byte)
            case 0x00..<0x20: result += [0xE2, 0x90, 0x80 + byte] // U+2400 + byte, its control picture
            case 0x7F: result += [0xE2, 0x90, 0xA1] // U+2421
            case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]): // U+0080…U+009F
                result += replacement
                index += 1
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE: // U+FFFE/F
                result += replacement
                index += 2
            case 0xE2 where index + 1 < bytes.count && isBidiControl(bytes[index], bytes[index + 1]):
                result += replacement
                index += 2
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// U+202A…U+202E and U+2066…U+2069 after their first byte (0xE2): embeddings, overrides and isolates, which make
    /// a viewer show the text after them in another order than it is (a failure message can hide what follows).
    @inline(__always)
    private static func isBidiControl(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// U+FFFD's UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// A byte an attribute value holds as it is (printable ASCII but `&`, `<`, `>` and quotes).
    @inline(__always)
    static func isPlainInAttribute(_ byte: UInt8) -> Bool { isPlain(byte, attribute: true) }

    /// A printable ASCII byte that needs no escape (`&`, `<`, `>` always do; quotes in attributes).
    @inline(__always)
    private static func isPlain(_ byte: UInt8, attribute: Bool) -> Bool {
        guard byte >= 0x20, byte < 0x7F else { return false }
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return false
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return !attribute
        default: return true
        }
    }

    /// XML 1.0 allows tab, newline, carriage return and U+0020… except U+FFFE/U+FFFF (Swift
    /// strings hold no lone surrogates). C0 controls become their Unicode control picture
    /// (ESC → ␛) so coloured output stays readable; DEL and C1 controls likewise become visible.
    static func legal(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return scalar
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F, 0xFFFE, 0xFFFF, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return scalar
        }
    }
}
