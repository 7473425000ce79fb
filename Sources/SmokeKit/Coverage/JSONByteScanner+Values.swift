import Foundation

extension JSONByteScanner {
    func readString() throws -> String {
        try consume(UInt8(ascii: "\""), "a string")
        scratch.removeAll(keepingCapacity: true)
        while true {
            if position == end, try !refill() { throw JSONScanError.truncated(offset: offset) }
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

    func readLiteral(_ literal: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            let byte = try nextRawByte()
            guard byte == expected else { throw unexpected(byte, expected: "\(literal)") }
        }
    }
}
