import Foundation
import SmokeCore

/// Why the scanner stopped: the bytes end too early, or they are not the JSON expected.
enum JSONScanError: Error, Equatable {
    case truncated(offset: Int)
    case unexpected(offset: Int, found: String, expected: String)
}

/// A pull tokenizer over a file read in fixed chunks, for documents too big to load.
///
/// It holds one chunk at a time (plus the one string or number being read), so memory stays
/// flat however large the file is. Callers walk the structure with `nextKey`/`nextElement`
/// and `skipValue` what they do not need; skipping does not validate what it skips.
final class JSONByteScanner {
    private let descriptor: Int32
    private let capacity: Int
    private let buffer: UnsafeMutablePointer<UInt8>
    /// 1 for the bytes that matter while skipping: `"` `[` `]` `{` `}`.
    private let structural: UnsafeMutablePointer<UInt8>
    private var position = 0
    private var end = 0
    /// File offset of `buffer[0]`, for messages.
    private var bufferOffset = 0
    private var scratch: [UInt8] = []

    /// Opens `url`; throws `CocoaError` when the file cannot be opened.
    init(url: URL, chunkSize: Int = 1 << 20) throws {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        descriptor = fd
        capacity = max(16, chunkSize)
        buffer = .allocate(capacity: capacity)
        structural = .allocate(capacity: 256)
        structural.initialize(repeating: 0, count: 256)
        for byte in [UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}")] {
            structural[Int(byte)] = 1
        }
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
        structural.deallocate()
    }

    /// The file offset of the next byte.
    var offset: Int { bufferOffset + position }

    // MARK: Bytes

    /// Reads the next chunk; false at the end of the file.
    private func refill() throws -> Bool {
        bufferOffset += end
        position = 0
        end = 0
        while true {
            let count = read(descriptor, buffer, capacity)
            if count > 0 {
                end = count
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }

    /// The next byte that is not whitespace, without consuming it; nil at the end of the file.
    func peek() throws -> UInt8? {
        while true {
            while position < end {
                let byte = buffer[position]
                if byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09 { return byte }
                position += 1
            }
            guard try refill() else { return nil }
        }
    }

    private func peekRequired(expecting expected: String) throws -> UInt8 {
        guard let byte = try peek() else { throw JSONScanError.truncated(offset: offset) }
        return byte
    }

    /// The next raw byte (whitespace included), consumed.
    private func nextRawByte() throws -> UInt8 {
        if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
        let byte = buffer[position]
        position += 1
        return byte
    }

    private func unexpected(_ byte: UInt8, expected: String) -> JSONScanError {
        let found =
            byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
        return .unexpected(offset: offset, found: found, expected: expected)
    }

    private func consume(_ expected: UInt8, _ description: String) throws {
        let byte = try peekRequired(expecting: description)
        guard byte == expected else { throw unexpected(byte, expected: description) }
        position += 1
    }

    // MARK: Structure

    /// Consumes `{`.
    func beginObject() throws { try consume(UInt8(ascii: "{"), "an object") }

    /// Consumes `[`.
    func beginArray() throws { try consume(UInt8(ascii: "["), "an array") }

    /// The next key of the current object (its `:` consumed), or nil after consuming `}`.
    func nextKey() throws -> String? {
        var byte = try peekRequired(expecting: "a key")
        if byte == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        if byte == UInt8(ascii: ",") {
            position += 1
            byte = try peekRequired(expecting: "a key")
        }
        guard byte == UInt8(ascii: "\"") else { throw unexpected(byte, expected: "a key or '}'") }
        let key = try readString()
        try consume(UInt8(ascii: ":"), "':' after a key")
        return key
    }

    /// Whether the current array has another element (its `,` consumed); false after consuming `]`.
    func nextElement() throws -> Bool {
        let byte = try peekRequired(expecting: "an array element")
        if byte == UInt8(ascii: "]") {
            position += 1
            return false
        }
        if byte == UInt8(ascii: ",") { position += 1 }
        return true
    }

    // MARK: Values

    /// A string value, escapes decoded.
    func readString() throws -> String {
        try consume(UInt8(ascii: "\""), "a string")
        scratch.removeAll(keepingCapacity: true)
        while true {
            if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
            // Copy the plain run up to the next quote or backslash in one go.
            let start = position
            while position < end, buffer[position] != UInt8(ascii: "\""), buffer[position] != UInt8(ascii: "\\") {
                position += 1
            }
            scratch.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: position - start))
            if position == end { continue }
            let byte = buffer[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: scratch, as: UTF8.self) }
            try readEscape()
        }
    }

    private func readEscape() throws {
        let byte = try nextRawByte()
        switch byte {
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A surrogate pair: the low half must follow as another \u escape.
                guard try nextRawByte() == UInt8(ascii: "\\"), try nextRawByte() == UInt8(ascii: "u") else {
                    throw JSONScanError.unexpected(
                        offset: offset, found: "a lone surrogate", expected: "a \\u low surrogate")
                }
                let low = try readHex4()
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
            }
            let character = Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}"
            scratch.append(contentsOf: Array(String(character).utf8))
        default: scratch.append(byte) // \" \\ \/ and anything else, taken literally
        }
    }

    private func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try nextRawByte()
            guard let digit = hexDigit(byte) else { throw unexpected(byte, expected: "a hex digit") }
            value = value << 4 | digit
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as a whole count: the integer part, saturating; a fraction or exponent is read and dropped.
    func readInteger() throws -> Int {
        var negative = false
        if try peekRequired(expecting: "a number") == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
        let first = buffer[position]
        guard first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw unexpected(first, expected: "a number")
        }
        var value = 0
        var inFraction = false
        while true {
            if position == end, try !refill() { break }
            let byte = buffer[position]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !inFraction {
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                    value = overflow1 || overflow2 ? Int.max : sum
                }
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || (inFraction && (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")))
            {
                inFraction = true
            } else {
                break
            }
            position += 1
        }
        return negative ? -value : value
    }

    /// `true` or `false`; also accepts 0/1, which some writers use for flags.
    func readBool() throws -> Bool {
        let byte = try peekRequired(expecting: "true or false")
        switch byte {
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return false
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readInteger() != 0
        default:
            throw unexpected(byte, expected: "true or false")
        }
    }

    private func readLiteral(_ literal: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            let byte = try nextRawByte()
            guard byte == expected else { throw unexpected(byte, expected: "\(literal)") }
        }
    }

    /// Skips one value of any kind without building it. This is the hot path over large exports.
    func skipValue() throws {
        let first = try peekRequired(expecting: "a value")
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipContainer()
        case UInt8(ascii: "\""):
            position += 1
            try skipStringBody()
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readInteger()
        default:
            throw unexpected(first, expected: "a value")
        }
    }

    /// Skips from an opening `[`/`{` to its matching close, counting depth only.
    private func skipContainer() throws {
        var depth = 0
        while true {
            if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
            var index = position
            let limit = end
            let bytes = buffer
            let table = structural
            while index < limit {
                let byte = bytes[index]
                if table[Int(byte)] == 0 {
                    index += 1
                    continue
                }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    position = index
                    try skipStringBody()
                    index = position
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                default:
                    depth -= 1
                    if depth == 0 {
                        position = index
                        return
                    }
                }
            }
            position = limit
        }
    }

    /// Skips a string's bytes after its opening quote, through the closing quote.
    private func skipStringBody() throws {
        while true {
            if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
            while position < end {
                let byte = buffer[position]
                position += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte == UInt8(ascii: "\\") {
                    _ = try nextRawByte()
                }
            }
        }
    }
}
