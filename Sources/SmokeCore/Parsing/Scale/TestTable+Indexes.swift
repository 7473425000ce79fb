/// Finding a test by its id, a repeated run by `id#n`, an XCTest by `Class/method`: the table's three
/// `ByteKeyIndex`es, and how an entry is filed in them.
extension TestTable {
    /// The test with `id` as the collector's id dictionary had it: a base id finds its latest run, `base#n` the `n`th.
    func find(id: String) -> Int? {
        var id = id
        return id.withUTF8 { find(idBytes: UnsafeRawBufferPointer($0)) }
    }

    /// `find(id:)` over the id's UTF-8 bytes: what the parsers' byte path looks up, no `String` made.
    func find(idBytes bytes: UnsafeRawBufferPointer) -> Int? {
        find(idBytes: bytes, hash: ByteKeyIndex.hash(bytes))
    }

    func find(idBytes bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        if let found = latest.find(hash: hash, matches: { baseEquals($0, bytes) }) {
            return found.row
        }
        guard let (base, number) = Self.splitOccurrence(bytes) else { return nil }
        return repeats.find(
            hash: Self.repeatHash(base, number), matches: { rowFields($0).occurrence == number && baseEquals($0, base) }
        )?.row
    }

    /// The test an XCTest `Class/method` names: `.some(nil)` when tests of two modules have that name.
    mutating func find(modulelessKey key: String) -> Int?? {
        var key = key
        return key.withUTF8 { find(modulelessKeyBytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func find(modulelessKeyBytes bytes: UnsafeRawBufferPointer, hash: UInt64? = nil) -> Int?? {
        if !modulelessBuilt { buildModulelessIndex() }
        // Nothing filed (a log that never names a module): nothing to hash.
        guard moduleless.count > 0,
            let found = moduleless.find(
                hash: hash ?? ByteKeyIndex.hash(bytes), matches: { modulelessKeyEquals($0, bytes) })
        else { return nil }
        return found.marked ? .some(nil) : found.row
    }

    /// Files a new test under `suite/name`: the first module's test, marked when another module has it.
    mutating func fileModuleless(_ index: Int) {
        let hash = modulelessHash(index)
        let existing = moduleless.find(hash: hash) { sameModulelessKey($0, index) }
        setIndex(.moduleless, hash: hash, row: existing?.row ?? index, marked: existing != nil) {
            $0.sameModulelessKey($1, index)
        } rehash: {
            $0.modulelessHash($1)
        }
    }

    /// Another run (`newIndex`) of a name: it takes over the entry its previous run held, else is not filed.
    mutating func fileModulelessOccurrence(_ newIndex: Int) {
        let hash = modulelessHash(newIndex)
        let occurrence = rowFields(newIndex).occurrence
        if let found = moduleless.find(hash: hash, matches: { sameModulelessKey($0, newIndex) }), !found.marked,
            rowFields(found.row).occurrence == occurrence - 1, sameBase(found.row, newIndex)
        {
            setIndex(.moduleless, hash: hash, row: newIndex) {
                $0.sameModulelessKey($1, newIndex)
            } rehash: {
                $0.modulelessHash($1)
            }
        } else {
            update(newIndex) { $0.flags.remove(.modulelessKeyed) }
        }
    }

    /// Files every test so far, in order, as `append` and `appendOccurrence` would have as they went.
    private mutating func buildModulelessIndex() {
        modulelessBuilt = true
        for index in 0..<count where rowFields(index).flags.contains(.modulelessKeyed) {
            if rowFields(index).occurrence == 1 { fileModuleless(index) } else { fileModulelessOccurrence(index) }
        }
    }

    /// Takes back the last test added, the first run of its name and not filed by `Class/method`: a line's test that
    /// proved to be another's (`ResultCollector.attributedToModule`).
    mutating func removeLast() {
        let last = count - 1
        precondition(rowFields(last).occurrence == 1 && !rowFields(last).flags.contains(.modulelessKeyed))
        var index = ByteKeyIndex.empty
        swapIndex(.latest, &index)
        index.remove(hash: baseHash(last), matches: { $0 == last }, rehash: { baseHash($0) })
        swapIndex(.latest, &index)
        dropLastRow()
    }

    enum IndexName { case latest, repeats, moduleless }

    /// Sets an entry of one index, moved out while it changes (not copied; its closures may read the table).
    mutating func setIndex(
        _ name: IndexName, hash: UInt64, row: Int, marked: Bool = false,
        matches: (TestTable, Int) -> Bool, rehash: (TestTable, Int) -> UInt64
    ) {
        var index = ByteKeyIndex.empty
        swapIndex(name, &index)
        if index.isFull {
            // Growing rehashes every entry: the table is copied once for that, not once per entry.
            let table = self
            index.grow { rehash(table, $0) }
        }
        index.set(hash: hash, row: row, marked: marked, matches: { matches(self, $0) }, rehash: { rehash(self, $0) })
        swapIndex(name, &index)
    }

    private mutating func swapIndex(_ name: IndexName, _ other: inout ByteKeyIndex) {
        switch name {
        case .latest: swap(&latest, &other)
        case .repeats: swap(&repeats, &other)
        case .moduleless: swap(&moduleless, &other)
        }
    }
}
