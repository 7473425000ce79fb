#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of output as raw bytes, valid only during the callback that hands it out.
package typealias LineBytes = UnsafeBufferPointer<UInt8>

/// Byte-level helpers the console rules use instead of regular expressions: prefix checks, searches and slices.
extension UnsafeBufferPointer where Element == UInt8 {
    @inline(__always)
    package func hasPrefix(_ prefix: StaticString, at offset: Int = 0) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count, let base = baseAddress else { return false }
        return memcmp(base + offset, prefix.utf8Start, length) == 0
    }

    package func hasSuffix(_ suffix: StaticString) -> Bool {
        hasPrefix(suffix, at: count - suffix.utf8CodeUnitCount)
    }

    /// The first index of `byte` in `from..<upTo` (default: to the end), found with `memchr`.
    @inline(__always)
    package func firstIndex(of byte: UInt8, from: Int = 0, upTo: Int? = nil) -> Int? {
        let end = Swift.min(upTo ?? count, count)
        guard from < end, let base = baseAddress else { return nil }
        guard let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    @inline(__always)
    package func lastIndex(of byte: UInt8, before: Int? = nil) -> Int? {
        guard let base = baseAddress else { return nil }
        var index = Swift.min(before ?? count, count) - 1
        while index >= 0 {
            if base[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    package func firstIndex(of needle: StaticString, from: Int = 0) -> Int? {
        let length = needle.utf8CodeUnitCount
        guard length > 0 else { return from }
        let first = needle.utf8Start.pointee
        var start = from
        while let hit = firstIndex(of: first, from: start, upTo: count - length + 1) {
            if hasPrefix(needle, at: hit) { return hit }
            start = hit + 1
        }
        return nil
    }

    /// Where the last `needle` that ends at or before `before` starts.
    package func lastIndex(of needle: StaticString, before: Int? = nil) -> Int? {
        var index = Swift.min(before ?? count, count) - needle.utf8CodeUnitCount
        while index >= 0 {
            if hasPrefix(needle, at: index) { return index }
            index -= 1
        }
        return nil
    }

    /// The index of the first byte that is not a space, a tab or a zero-width space, at or after `from`.
    package func skippingBlanks(from: Int = 0) -> Int {
        var index = from
        while index < count {
            if self[index] == UInt8(ascii: " ") || self[index] == UInt8(ascii: "\t") {
                index += 1
            } else if self[index] == 0xE2, hasPrefix("\u{200B}", at: index) {
                // A zero-width space, which xcodebuild puts before some of Swift Testing's lines.
                index += 3
            } else {
                break
            }
        }
        return index
    }

    /// The end of the line without its trailing spaces and tabs, not before `from`.
    package func endSkippingBlanks(from: Int = 0) -> Int {
        var end = count
        while end > from, self[end - 1] == UInt8(ascii: " ") || self[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end
    }

    /// The bytes in `range` decoded as UTF-8 (invalid sequences become U+FFFD).
    package func string(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<count)
        return String(decoding: UnsafeBufferPointer(rebasing: self[clamped]), as: UTF8.self)
    }

    package func string(from: Int) -> String { string(from..<count) }

    /// A non-negative decimal integer in `range`, or nil when it holds anything but digits.
    package func integer(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18, range.lowerBound >= 0, range.upperBound <= count else { return nil }
        var value = 0
        for index in range {
            let digit = self[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// A decimal number like `0.001` or `12` at `from`, and the index after it. The value is the double nearest the
    /// written number (`0.051`, never `0.051000000000000004`): up to 15 significant digits are gathered as an integer
    /// and divided once by an exact power of ten; longer numbers go through `Double(String)`.
    package func decimal(from: Int) -> (value: Double, end: Int)? {
        var index = from
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var decimals = 0
        while index < count, self[index] &- UInt8(ascii: "0") < 10 {
            if significant > 0 || self[index] != UInt8(ascii: "0") { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(self[index] &- UInt8(ascii: "0")) }
            index += 1
            digits += 1
        }
        if index < count, self[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, self[index] &- UInt8(ascii: "0") < 10 {
                if significant > 0 || self[index] != UInt8(ascii: "0") { significant += 1 }
                if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(self[index] &- UInt8(ascii: "0")) }
                decimals += 1
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if significant <= 15, decimals <= 22 {
            return (Double(mantissa) / Self.powerOfTen(decimals), index)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: self[from..<index]), as: UTF8.self)
        return Double(text.hasSuffix(".") ? text + "0" : text).map { ($0, index) }
    }

    /// 10ⁿ for n in 0…22: every step is exact, so the power is.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// The index after a run of decimal digits starting at `from` (equal to `from` when there is none).
    package func endOfDigits(from: Int) -> Int {
        var index = from
        while index < count, self[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index
    }
}
