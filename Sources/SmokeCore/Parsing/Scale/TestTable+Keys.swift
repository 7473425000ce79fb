import Foundation

/// Strings stored once each (id prefixes, suite names), numbered in the order first seen and found by their bytes.
struct InternedStrings: Sendable {
    private(set) var strings: [String] = []
    private(set) var bytes: [[UInt8]] = []
    private var numbers = ByteKeyIndex(capacity: 16)
    /// Tests arrive suite by suite: the last string asked for is usually the next one.
    private var last: UInt32?

    /// The number of the string whose bytes are `utf8`: no `String` made unless it is new.
    mutating func intern(utf8: UnsafeRawBufferPointer) -> UInt32 {
        if let last, Self.equal(bytes[Int(last)], utf8) { return last }
        let hash = ByteKeyIndex.hash(utf8)
        let number: UInt32
        if let found = numbers.find(hash: hash, matches: { Self.equal(bytes[$0], utf8) }) {
            number = UInt32(found.row)
        } else {
            number = UInt32(strings.count)
            strings.append(String(decoding: utf8, as: UTF8.self))
            bytes.append(Array(utf8))
            let all = bytes
            numbers.set(
                hash: hash, row: Int(number), marked: false, matches: { _ in false },
                rehash: { all[$0].withUnsafeBytes(ByteKeyIndex.hash) })
        }
        last = number
        return number
    }

    mutating func intern(_ string: String) -> UInt32 {
        var string = string
        return string.withUTF8 { intern(utf8: UnsafeRawBufferPointer($0)) }
    }

    private static func equal(_ stored: [UInt8], _ utf8: UnsafeRawBufferPointer) -> Bool {
        stored.withUnsafeBytes {
            $0.count == utf8.count && ($0.isEmpty || memcmp($0.baseAddress!, utf8.baseAddress!, $0.count) == 0)
        }
    }
}

extension TestTable {
    @inline(__always)
    func withName<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T { withName(rowFields(index), body) }

    @inline(__always)
    func withName<T>(_ fields: RowFields, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        guard fields.nameLength > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let chunk = Int(fields.nameStart >> 20)
        let offset = Int(fields.nameStart & (1 << 20 - 1))
        return nameChunk(chunk).withUnsafeBytes {
            body(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + Int(fields.nameLength)]))
        }
    }

    func baseEquals(_ index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let fields = rowFields(index)
        let prefix = prefixBytes(fields.prefix)
        guard prefix.count + Int(fields.nameLength) == key.count else { return false }
        let prefixEqual = prefix.withUnsafeBytes { bytes in
            bytes.count == 0 || memcmp(bytes.baseAddress!, key.baseAddress!, bytes.count) == 0
        }
        guard prefixEqual else { return false }
        return withName(fields) { name in
            name.count == 0 || memcmp(name.baseAddress!, key.baseAddress! + prefix.count, name.count) == 0
        }
    }

    func modulelessKeyEquals(_ index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let fields = rowFields(index)
        let suite = suiteBytes(fields.suite)
        guard suite.count + 1 + Int(fields.nameLength) == key.count, key[suite.count] == UInt8(ascii: "/") else {
            return false
        }
        let suiteEqual = suite.withUnsafeBytes { bytes in
            bytes.count == 0 || memcmp(bytes.baseAddress!, key.baseAddress!, bytes.count) == 0
        }
        guard suiteEqual else { return false }
        return withName(fields) { name in
            name.count == 0 || memcmp(name.baseAddress!, key.baseAddress! + suite.count + 1, name.count) == 0
        }
    }

    func sameBase(_ index: Int, _ other: Int) -> Bool {
        let a = rowFields(index)
        let b = rowFields(other)
        if a.prefix == b.prefix {
            return a.nameLength == b.nameLength
                && withName(a) { first in
                    withName(b) { second in
                        first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
                    }
                }
        }
        let lengthA = prefixBytes(a.prefix).count
        let lengthB = prefixBytes(b.prefix).count
        // Interned prefixes of one length are different strings; only a different split can still give one id.
        guard lengthA != lengthB, lengthA + Int(a.nameLength) == lengthB + Int(b.nameLength) else { return false }
        let base = Array(baseID(at: other).utf8)
        return base.withUnsafeBytes { baseEquals(index, $0) }
    }

    func sameModulelessKey(_ index: Int, _ other: Int) -> Bool {
        let key = Array(suiteBytes(rowFields(other).suite)) + [UInt8(ascii: "/")] + withName(other) { Array($0) }
        return key.withUnsafeBytes { modulelessKeyEquals(index, $0) }
    }

    /// `ByteKeyIndex.hash` of the base id (no `#n`) of the test at `index`.
    func baseHash(_ index: Int) -> UInt64 {
        let fields = rowFields(index)
        var hasher = ByteHasher()
        prefixBytes(fields.prefix).withUnsafeBytes { hasher.combine($0) }
        withName(fields) { hasher.combine($0) }
        return hasher.finish()
    }

    func modulelessHash(_ index: Int) -> UInt64 {
        let fields = rowFields(index)
        var hasher = ByteHasher()
        suiteBytes(fields.suite).withUnsafeBytes { hasher.combine($0) }
        withUnsafeBytes(of: UInt8(ascii: "/")) { hasher.combine($0) }
        withName(fields) { hasher.combine($0) }
        return hasher.finish()
    }

    func repeatHash(_ index: Int) -> UInt64 { Self.mix(baseHash(index), rowFields(index).occurrence) }

    /// The `number`th run (1: the first) of the name that has a run at `index`, once the name has run twice.
    func run(_ number: UInt32, ofNameAt index: Int) -> Int? {
        repeats.find(hash: Self.mix(baseHash(index), number)) {
            rowFields($0).occurrence == number && sameBase($0, index)
        }?.row
    }

    static func repeatHash(_ base: UnsafeRawBufferPointer, _ number: UInt32) -> UInt64 {
        mix(ByteKeyIndex.hash(base), number)
    }

    private static func mix(_ hash: UInt64, _ number: UInt32) -> UInt64 {
        (hash ^ UInt64(number)) &* 0x9e37_79b9_7f4a_7c15
    }

    /// `base#n` → (base, n) when the id ends in `#` and digits.
    static func splitOccurrence(_ id: UnsafeRawBufferPointer) -> (UnsafeRawBufferPointer, UInt32)? {
        guard let base = id.baseAddress, memchr(base, Int32(UInt8(ascii: "#")), id.count) != nil,
            let hash = id.lastIndex(of: UInt8(ascii: "#")), hash + 1 < id.count
        else { return nil }
        var number: UInt32 = 0
        for byte in id[(hash + 1)...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt32(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            number = sum
        }
        return (UnsafeRawBufferPointer(rebasing: id[..<hash]), number)
    }
}
