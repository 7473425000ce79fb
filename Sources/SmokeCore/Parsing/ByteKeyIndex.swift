/// An open-addressing hash index from byte keys to row numbers, for `TestTable`: the keys live in the
/// table's own storage (nothing is copied), so an entry costs four bytes, not a `String` and a dictionary
/// node. The caller hashes (`ByteKeyIndex.hash`) and says whether a row's key equals the one looked for.
struct ByteKeyIndex: Sendable {
    /// Row + 1 per slot, 0 when empty; the top bit is a mark the caller may set on an entry.
    private var slots: [UInt32]
    /// Eight bits of each slot's hash: a probe compares keys only when they match (one in 256 otherwise).
    private var tags: [UInt8]
    private var mask: Int
    private(set) var count = 0

    static let markBit: UInt32 = 1 << 31

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        tags = Array(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: hash >> 56) }

    /// FNV-1a over `bytes`, continuing from `seed` (so a key in two pieces hashes as one).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Mixes the high bits down: FNV's low bits alone probe poorly for keys that differ only at the end.
    @inline(__always)
    private func start(_ hash: UInt64) -> Int {
        let mixed = (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// The entry whose row `matches`, as (row, marked).
    @inline(__always)
    func find(hash: UInt64, matches: (Int) -> Bool) -> (row: Int, marked: Bool)? {
        var slot = start(hash)
        let tag = Self.tag(hash)
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            let row = Int(value & ~Self.markBit) - 1
            if tags[slot] == tag, matches(row) { return (row, value & Self.markBit != 0) }
            slot = (slot + 1) & mask
        }
    }

    /// Points the entry whose row `matches` at `row` (adding it when absent), marked or not.
    /// `rehash` gives an existing row's hash when the index grows.
    mutating func set(hash: UInt64, row: Int, marked: Bool, matches: (Int) -> Bool, rehash: (Int) -> UInt64) {
        precondition(row < Int(Self.markBit) - 1, "more than two billion tests")
        if (count + 1) * 4 > slots.count * 3 { grow(rehash: rehash) }
        let value = UInt32(row + 1) | (marked ? Self.markBit : 0)
        var slot = start(hash)
        let tag = Self.tag(hash)
        while slots[slot] != 0 {
            if tags[slot] == tag, matches(Int(slots[slot] & ~Self.markBit) - 1) {
                slots[slot] = value
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = value
        tags[slot] = tag
        count += 1
    }

    private mutating func grow(rehash: (Int) -> UInt64) {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        tags = Array(repeating: 0, count: slots.count)
        mask = slots.count - 1
        for value in old where value != 0 {
            let hash = rehash(Int(value & ~Self.markBit) - 1)
            var slot = start(hash)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = value
            tags[slot] = Self.tag(hash)
        }
    }
}
