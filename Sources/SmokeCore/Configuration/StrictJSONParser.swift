/// Parses a pipeline file as strict JSON (RFC 8259), with the line and column of the first mistake.
/// Foundation's decoder is lenient where a pipeline must not be: a duplicate key silently keeps one value,
/// and what it accepts differs between platforms. Pure.
package struct StrictJSONParser {
    package struct Failure: Error, Equatable {
        package var line: Int
        package var column: Int
        package var problem: String
        /// The dotted key path of the object the mistake is in, when it is inside one.
        package var keyPath: String?
    }

    /// Nesting deeper than this is refused (a pipeline is three levels deep).
    static let depthLimit = 64

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = StrictJSONParser(bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipBlanks()
        let value = try parser.value(path: "", depth: 0)
        parser.skipBlanks()
        guard parser.index == parser.bytes.count else {
            throw parser.failure("unexpected text after the end of the JSON value")
        }
        return value
    }

    private func failure(_ problem: String, at position: Int? = nil, keyPath: String? = nil) -> Failure {
        let position = min(position ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<position where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        let column = bytes[lineStart..<position].filter { $0 & 0xC0 != 0x80 }.count + 1
        return Failure(line: line, column: column, problem: problem, keyPath: keyPath)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipBlanks() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func value(path: String, depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.depthLimit else { throw failure("nested more than \(Self.depthLimit) levels deep") }
        switch current ?? 0 {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth)
        case UInt8(ascii: "["): return try array(path: path, depth: depth)
        case UInt8(ascii: "\""): return .string(try string(path: path))
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(path: path)
        case UInt8(ascii: "'"): throw failure("strings take double quotes (\"), not single quotes")
        default:
            throw failure(
                "expected a value (a string, number, object, array, true, false or null), found \(describeCurrent())")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value, found \(describeCurrent()) (strings need double quotes)")
        }
        index += expected.count
    }

    private mutating func object(path: String, depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var fields: [String: JSONValue] = [:]
        /// Where each key of this object started, to name the first one's line when a key repeats.
        var keyStarts: [String: Int] = [:]
        skipBlanks()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipBlanks()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") {
                    throw failure("trailing comma before '}': remove the last ','", keyPath: path.isEmpty ? nil : path)
                }
                throw failure(
                    "expected a key in double quotes, found \(describeCurrent())", keyPath: path.isEmpty ? nil : path)
            }
            let keyStart = index
            let key = try string(path: path)
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            if let first = keyStarts[key] {
                let line = failure("", at: first).line
                throw failure(
                    "duplicate key '\(key)' (first given on line \(line)); keep one", at: keyStart, keyPath: keyPath)
            }
            keyStarts[key] = keyStart
            skipBlanks()
            guard current == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key '\(key)', found \(describeCurrent())", keyPath: keyPath)
            }
            index += 1
            skipBlanks()
            fields[key] = try value(path: keyPath, depth: depth + 1)
            skipBlanks()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(fields)
            default:
                throw failure(
                    "expected ',' or '}' after the value of '\(key)', found \(describeCurrent())", keyPath: keyPath)
            }
        }
    }

    private mutating func array(path: String, depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipBlanks()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipBlanks()
            if current == UInt8(ascii: "]") {
                throw failure("trailing comma before ']': remove the last ','", keyPath: path.isEmpty ? nil : path)
            }
            items.append(try value(path: "\(path)[\(items.count)]", depth: depth + 1))
            skipBlanks()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default:
                throw failure(
                    "expected ',' or ']' in the array, found \(describeCurrent())", keyPath: path.isEmpty ? nil : path)
            }
        }
    }

    /// A string; `path` names the key it belongs to, for a mistake inside it.
    private mutating func string(path: String) throws(Failure) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index // start of bytes copied verbatim
        // Bytes that are not UTF-8 are refused, not decoded to U+FFFD: names become file names.
        func flush(_ end: Int) throws(Failure) {
            guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
                throw failure(
                    "invalid UTF-8 in a string; save the file as UTF-8", at: start, keyPath: path.isEmpty ? nil : path)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw failure("unterminated string (missing closing '\"')", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                try flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(index)
                index += 1
                guard let escape = current else { throw failure("unterminated string", at: start) }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default:
                    throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
                }
                run = index
            case 0..<0x20:
                throw failure("a control character (newline, tab) inside a string: escape it as \\n or \\t")
            default:
                index += 1
            }
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current.flatMap({ UInt32(String(Unicode.Scalar($0)), radix: 16) }) else {
                throw failure("\\u needs four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw failure("a \\u surrogate pair is missing its second half")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid \\u surrogate pair") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("invalid \\u escape (a lone surrogate)") }
        return scalar
    }

    private mutating func number(path: String) throws(Failure) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        guard index > digitsStart else { throw failure("a number needs digits after '-'", at: start) }
        if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 {
            throw failure(
                "numbers cannot start with 0 (write 7, not 07)", at: start, keyPath: path.isEmpty ? nil : path)
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fraction = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            guard index > fraction else { throw failure("a number needs digits after '.'", at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            guard index > exponent else { throw failure("a number needs digits in its exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger {
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .unsigned(value) }
        }
        guard let value = Double(text), value.isFinite else {
            throw failure("the number \(text) is too large", at: start, keyPath: path.isEmpty ? nil : path)
        }
        // An integer too large for 64 bits stays a Double here; readers of whole-number fields refuse it by size.
        return .number(value)
    }
}
