import Testing

@testable import SmokeCore

/// The id index's probing: a slot is empty when its tag is 0, so a hash whose top byte is 0 must still be stored
/// and found, next to keys whose tags collide, through growth.
@Suite struct ByteKeyIndexTests {
    /// Row `n`'s hash: top byte `n % 3` (0, 1 and 2: tags 1, 1 and 2) and the same starting slot for many rows.
    private static func hash(_ row: Int) -> UInt64 { UInt64(row % 3) << 56 | UInt64(row % 5) }

    @Test func keysWithATopByteOfZeroAndCollidingTagsAreAllFoundThroughGrowth() {
        var index = ByteKeyIndex(capacity: 4)
        let rows = 0..<500
        for row in rows {
            index.set(hash: Self.hash(row), row: row, marked: row % 7 == 0, matches: { $0 == row }, rehash: Self.hash)
        }
        #expect(index.count == rows.count)
        for row in rows {
            let found = index.find(hash: Self.hash(row), matches: { $0 == row })
            #expect(found?.row == row && found?.marked == (row % 7 == 0), "row \(row)")
        }
        #expect(index.find(hash: Self.hash(3), matches: { $0 == 1_000 }) == nil)
        // Pointing an existing key at another row replaces it rather than adding one.
        index.set(hash: Self.hash(9), row: 9, marked: true, matches: { $0 == 9 }, rehash: Self.hash)
        #expect(index.count == rows.count && index.find(hash: Self.hash(9), matches: { $0 == 9 })?.marked == true)
    }

    /// Removing keys from runs of colliding ones keeps every other key reachable (no tombstones: the later keys of a
    /// run move back), and a removed key is gone until it is added again.
    @Test func removedKeysAreGoneAndTheRestOfTheirProbeRunsStayReachable() {
        var index = ByteKeyIndex(capacity: 4)
        let rows = 0..<300
        for row in rows {
            index.set(hash: Self.hash(row), row: row, marked: false, matches: { $0 == row }, rehash: Self.hash)
        }
        let removed = Set(rows.filter { $0 % 4 == 1 || $0 % 11 == 0 })
        for row in removed.sorted(by: >) {
            index.remove(hash: Self.hash(row), matches: { $0 == row }, rehash: Self.hash)
        }
        #expect(index.count == rows.count - removed.count)
        for row in rows {
            let found = index.find(hash: Self.hash(row), matches: { $0 == row })
            #expect((found?.row == row) == !removed.contains(row), "row \(row)")
        }
        index.remove(hash: Self.hash(1), matches: { $0 == 1 }, rehash: Self.hash) // absent: nothing changes
        index.set(hash: Self.hash(1), row: 1, marked: false, matches: { $0 == 1 }, rehash: Self.hash)
        #expect(index.count == rows.count - removed.count + 1)
        #expect(index.find(hash: Self.hash(1), matches: { $0 == 1 }) != nil)
    }
}
