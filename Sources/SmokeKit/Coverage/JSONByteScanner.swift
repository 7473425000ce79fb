import Foundation
import SmokeCore

enum JSONScanError: Error, Equatable {
    case truncated(offset: Int)
    case unexpected(offset: Int, found: String, expected: String)
}

/// A pull tokenizer over a file read in fixed chunks, for documents too big to load: memory stays at one chunk.
/// Callers walk with `nextKey`/`nextElement` and `skipValue` the rest; skipping does not validate.
final class JSONByteScanner {
    private let descriptor: Int32
    private let capacity: Int
    let buffer: UnsafeMutablePointer<UInt8>
    /// 1 for the bytes that matter while skipping: `"` `[` `]` `{` `}`.
    private let structural: UnsafeMutablePointer<UInt8>
    var position = 0
    var end = 0
    private var bufferOffset = 0
    var scratch: [UInt8] = []

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

    var offset: Int { bufferOffset + position }

    // MARK: Bytes

    func refill() throws -> Bool {
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

    func peekRequired(expecting expected: String) throws -> UInt8 {
        guard let byte = try peek() else { throw JSONScanError.truncated(offset: offset) }
        return byte
    }

    func nextRawByte() throws -> UInt8 {
        if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
        let byte = buffer[position]
        position += 1
        return byte
    }

    func unexpected(_ byte: UInt8, expected: String) -> JSONScanError {
        let found =
            byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
        return .unexpected(offset: offset, found: found, expected: expected)
    }

    func consume(_ expected: UInt8, _ description: String) throws {
        let byte = try peekRequired(expecting: description)
        guard byte == expected else { throw unexpected(byte, expected: description) }
        position += 1
    }

    // MARK: Structure

    func beginObject() throws { try consume(UInt8(ascii: "{"), "an object") }

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

    /// Skips one value of any kind without building it.
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
