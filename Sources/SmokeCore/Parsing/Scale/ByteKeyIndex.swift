/// An open-addressing hash index from byte keys to row numbers for `TestTable`: the keys stay in the table's own
/// storage. The caller hashes (`ByteKeyIndex.hash`) and says whether a row's key equals the one looked for.
struct ByteKeyIndex: Sendable {
    /// Row + 1 per slot, 0 when empty; the top bit is a mark the caller may set on an entry.
    private var slots: [UInt32]
    /// Eight bits of each slot's hash, never 0 (0: empty). A probe reads a slot and compares keys only when its tag
    /// matches, so looking up a new key mostly touches this array alone.
    private var tags: [UInt8]
    private var mask: Int
    private(set) var count = 0

    static let markBit: UInt32 = 1 << 31

    /// An index without storage, to stand in while the real one is moved out (nothing may look anything up in it).
    static var empty: ByteKeyIndex { ByteKeyIndex(slots: [], tags: [], mask: 0) }

    private init(slots: [UInt32], tags: [UInt8], mask: Int) {
        self.slots = slots
        self.tags = tags
        self.mask = mask
    }

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        tags = Array(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt8 { max(1, UInt8(truncatingIfNeeded: hash >> 56)) }

    /// The hash of `bytes` (`ByteHasher`: eight bytes a step; a key in pieces hashes as the same key whole).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = ByteHasher()
        hasher.combine(bytes)
        return hasher.finish()
    }

    /// Mixes the high bits down, so keys that differ only at the end still start at different slots.
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
            let found = tags[slot]
            if found == 0 { return nil }
            if found == tag {
                let value = slots[slot]
                let row = Int(value & ~Self.markBit) - 1
                if matches(row) { return (row, value & Self.markBit != 0) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Points the entry whose row `matches` at `row` (adding it when absent), marked or not.
    /// `rehash` gives an existing row's hash when the index grows.
    mutating func set(hash: UInt64, row: Int, marked: Bool, matches: (Int) -> Bool, rehash: (Int) -> UInt64) {
        precondition(row < Int(Self.markBit) - 1, "more than two billion tests")
        if isFull { grow(rehash: rehash) }
        let value = UInt32(row + 1) | (marked ? Self.markBit : 0)
        var slot = start(hash)
        let tag = Self.tag(hash)
        while tags[slot] != 0 {
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

    /// Removes the entry whose row `matches`: the entries after it in its probe run move back to close the gap, so
    /// every key stays reachable without tombstones. `rehash` gives an existing row's hash.
    mutating func remove(hash: UInt64, matches: (Int) -> Bool, rehash: (Int) -> UInt64) {
        var hole = start(hash)
        let tag = Self.tag(hash)
        while tags[hole] != tag || !matches(Int(slots[hole] & ~Self.markBit) - 1) {
            if tags[hole] == 0 { return }
            hole = (hole + 1) & mask
        }
        var next = (hole + 1) & mask
        while tags[next] != 0 {
            let home = start(rehash(Int(slots[next] & ~Self.markBit) - 1))
            // An entry may move back into the hole unless its home lies after the hole (it would be out of reach).
            if (next - home) & mask >= (next - hole) & mask {
                (slots[hole], tags[hole]) = (slots[next], tags[next])
                hole = next
            }
            next = (next + 1) & mask
        }
        (slots[hole], tags[hole]) = (0, 0)
        count -= 1
    }

    /// Whether one more entry would fill more than three quarters of the slots: `set` grows the index first.
    var isFull: Bool { (count + 1) * 4 > slots.count * 3 }

    /// Doubles the slots; `rehash` gives an existing row's hash.
    mutating func grow(rehash: (Int) -> UInt64) {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        tags = Array(repeating: 0, count: slots.count)
        mask = slots.count - 1
        for value in old where value != 0 {
            let hash = rehash(Int(value & ~Self.markBit) - 1)
            var slot = start(hash)
            while tags[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = value
            tags[slot] = Self.tag(hash)
        }
    }
}

/// A non-cryptographic hash of bytes fed in any number of pieces: `combine(a); combine(b)` equals `combine(a + b)`.
/// Hashes live only in memory (never stored), so the machine's byte order does not matter.
struct ByteHasher {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length = 0

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    @inline(__always)
    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        length &+= count
        var index = 0
        while pendingCount != 0, index < count {
            pending |= UInt64(bytes[index]) << UInt64(8 * pendingCount)
            pendingCount += 1
            index += 1
            if pendingCount == 8 {
                mix(pending)
                pending = 0
                pendingCount = 0
            }
        }
        while index + 8 <= count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < count {
            pending |= UInt64(bytes[index]) << UInt64(8 * pendingCount)
            pendingCount += 1
            index += 1
        }
    }

    @inline(__always)
    mutating func finish() -> UInt64 {
        mix(pending ^ (UInt64(truncatingIfNeeded: length) << 56))
        var hash = state
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash
    }
}
