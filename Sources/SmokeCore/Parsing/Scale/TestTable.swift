/// The collector's compact storage of tests (see Documentation/Performance.md).
///
/// A test's id is an interned prefix (`Module.Class/`, shared by the suite's tests) plus its name's bytes in a
/// chunked arena; status, duration and marks sit in a 32-byte row; failures, output and attempts exist only for the
/// tests that have them. Ids are found through `ByteKeyIndex`es over those bytes; a `TestResult` is made on demand.
package struct TestTable: Sendable {
    private static let rowChunkBits = 16
    private static let nameChunkBits = 20

    private var rowChunks: [[RowFields]] = []
    private var nameChunks: [[UInt8]] = []
    private var extras: [Int: Extras] = [:]
    private var prefixes = InternedStrings()
    private var suites = InternedStrings()
    // The indexes are internal, not private, for TestTable+Indexes.swift, which files and finds tests in them.
    /// Base id (no `#n`) → its latest run.
    var latest = ByteKeyIndex()
    /// (base id, n) → the `n`th run, for `n` > 1.
    var repeats = ByteKeyIndex(capacity: 16)
    /// `Class/method` → the test with that id under a module (marked when two modules share it); built on first use.
    var moduleless = ByteKeyIndex()
    var modulelessBuilt = false
    package private(set) var count = 0

    /// `expectedTests` sizes the id index up front (0: it starts small and grows).
    package init(expectedTests: Int = 0) {
        guard expectedTests > 64 else { return }
        // A huge log of mostly build output must not reserve a huge index: past two million, grow as needed.
        let capacity = min(expectedTests, 1 << 21)
        latest = ByteKeyIndex(capacity: capacity)
    }

    // MARK: - Reading

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func rowFields(_ index: Int) -> RowFields {
        rowChunks[index >> Self.rowChunkBits][index & (1 << Self.rowChunkBits - 1)]
    }

    /// Changes the row at `index` in place.
    @inline(__always)
    mutating func update(_ index: Int, _ change: (inout RowFields) -> Void) {
        change(&rowChunks[index >> Self.rowChunkBits][index & (1 << Self.rowChunkBits - 1)])
    }

    func status(at index: Int) -> TestStatus { rowFields(index).status }
    /// Whether a test is `unfinished`.
    package var hasUnfinished: Bool { (0..<count).contains { status(at: $0) == .unfinished } }
    func framework(at index: Int) -> TestFramework { rowFields(index).framework }
    func flags(at index: Int) -> Flags { rowFields(index).flags }
    func durationSeconds(at index: Int) -> Double { rowFields(index).durationSeconds }
    func extras(at index: Int) -> Extras? { extras[index] }

    mutating func setStatus(_ status: TestStatus, at index: Int) { update(index) { $0.status = status } }
    mutating func setDuration(_ seconds: Double, at index: Int) {
        update(index) {
            $0.durationSeconds = seconds
            $0.flags.insert(.durationKnown)
        }
    }
    mutating func insert(_ flags: Flags, at index: Int) { update(index) { $0.flags.formUnion(flags) } }
    mutating func remove(_ flags: Flags, at index: Int) { update(index) { $0.flags.subtract(flags) } }
    mutating func setFlaky(_ flaky: Bool, at index: Int) {
        update(index) { if flaky { $0.flags.insert(.flaky) } else { $0.flags.remove(.flaky) } }
    }
    mutating func changeExtras(at index: Int, _ change: (inout Extras) -> Void) {
        change(&extras[index, default: Extras()])
    }

    /// The id without its `#n`.
    func baseID(at index: Int) -> String {
        let row = rowFields(index)
        return prefixes.strings[Int(row.prefix)] + withName(row) { String(decoding: $0, as: UTF8.self) }
    }

    func id(at index: Int) -> String {
        let row = rowFields(index)
        return row.occurrence > 1 ? "\(baseID(at: index))#\(row.occurrence)" : baseID(at: index)
    }

    /// The test as the reports see it; `order` is its 1-based position.
    func result(at index: Int) -> TestResult {
        let row = rowFields(index)
        let extra = extras[index]
        var result = TestResult(
            id: id(at: index), name: extra?.name ?? withName(row) { String(decoding: $0, as: UTF8.self) },
            suite: suites.strings[Int(row.suite)], framework: row.framework, status: row.status,
            durationSeconds: row.durationSeconds, order: index + 1, flaky: row.flags.contains(.flaky),
            failures: extra?.failures ?? [], attachments: extra?.attachments ?? [], output: extra?.output ?? [],
            attempts: extra?.attempts ?? [])
        result.evidence = extra?.evidence
        if row.flags.contains(.keptAttempts) {
            // Every run is an attempt, the last one included (as `AttemptMerger` and the bundle readings keep them).
            let passed = row.flags.contains(.lastIterationPassed)
            var last = TestAttempt(
                status: passed ? .passed : row.status, durationSeconds: row.durationSeconds,
                failures: passed ? [] : result.failures, output: result.output)
            last.evidence = passed ? nil : result.evidence
            result.attempts.append(last)
        }
        result.durationIsUnknown = !row.flags.contains(.durationKnown)
        result.worker = extra?.worker
        result.ranWhereNoTotalsCount = row.flags.contains(.namedProcessLine) && !row.flags.contains(.ownProcessLine)
        result.position = extra?.position
        result.displayName = extra?.displayName
        return result
    }

    /// Every test, in order: a `TestResult` each, so only for reports that show every test.
    package var results: [TestResult] { (0..<count).map(result(at:)) }

    /// Makes the results of `rows`, in order, in uninitialized memory at `start` (two threads can fill one array).
    package func initializeResults(_ rows: Range<Int>, at start: UnsafeMutablePointer<TestResult>) {
        for (offset, row) in rows.enumerated() { (start + offset).initialize(to: result(at: row)) }
    }

    /// Totals without making a `TestResult` per test.
    package var totals: Totals {
        var totals = Totals()
        for chunk in rowChunks {
            for row in chunk { totals.add(row.status, flaky: row.flags.contains(.flaky)) }
        }
        return totals
    }

    func nameChunk(_ chunk: Int) -> [UInt8] { nameChunks[chunk] }
    func prefixBytes(_ number: UInt32) -> [UInt8] { prefixes.bytes[Int(number)] }
    func suiteBytes(_ number: UInt32) -> [UInt8] { suites.bytes[Int(number)] }

    // MARK: - Adding

    /// A new test (the first run of its id); `modulelessKeyed` also files it under `suite/name`.
    @discardableResult
    mutating func append(
        id: String, name: String, suite: String, framework: TestFramework, status: TestStatus = .passed,
        modulelessKeyed: Bool = false
    ) -> Int {
        var id = id
        var name = name
        var suite = suite
        // Usually the name ends the id: the id is then an interned prefix and the name's bytes.
        let nameEndsID = id.withUTF8 { idBytes in
            name.withUTF8 { nameBytes in
                let split = idBytes.count - nameBytes.count
                return !nameBytes.isEmpty && split >= 0
                    && UnsafeBufferPointer(rebasing: idBytes[split...]).elementsEqual(nameBytes)
            }
        }
        return id.withUTF8 { idBytes in
            suite.withUTF8 { suiteBytes in
                append(
                    idBytes: UnsafeRawBufferPointer(idBytes), nameLength: nameEndsID ? name.utf8.count : 0,
                    suiteBytes: UnsafeRawBufferPointer(suiteBytes), framework: framework, status: status,
                    nameOverride: nameEndsID ? nil : name, modulelessKeyed: modulelessKeyed)
            }
        }
    }

    /// A new test whose id's last `nameLength` bytes are its name (the parsers' byte path, no `String`). `hash` is
    /// `ByteKeyIndex.hash(idBytes)` when the caller already has it.
    @discardableResult
    mutating func append(
        idBytes: UnsafeRawBufferPointer, nameLength: Int, suiteBytes: UnsafeRawBufferPointer,
        framework: TestFramework, status: TestStatus = .passed, nameOverride: String? = nil,
        modulelessKeyed: Bool = false, hash: UInt64? = nil
    ) -> Int {
        let split = idBytes.count - nameLength
        let (nameStart, storedLength) = store(UnsafeRawBufferPointer(rebasing: idBytes[split...]))
        let index = count
        appendRow(
            RowFields(
                durationSeconds: 0, prefix: prefixes.intern(utf8: UnsafeRawBufferPointer(rebasing: idBytes[..<split])),
                nameStart: nameStart, nameLength: storedLength, suite: suites.intern(utf8: suiteBytes), occurrence: 1,
                status: status, framework: framework, flags: modulelessKeyed ? .modulelessKeyed : []))
        if let nameOverride { extras[index, default: Extras()].name = nameOverride }
        setIndex(.latest, hash: hash ?? ByteKeyIndex.hash(idBytes), row: index) {
            $0.sameBase($1, index)
        } rehash: {
            $0.baseHash($1)
        }
        if modulelessKeyed, modulelessBuilt { fileModuleless(index) }
        return index
    }

    /// Another run of the name at `index` (its latest run), as a test of its own: `id#2`, `id#3`, ….
    mutating func appendOccurrence(of index: Int) -> Int {
        var copy = rowFields(index)
        let newIndex = count
        copy.occurrence += 1
        copy.status = .passed
        copy.durationSeconds = 0
        copy.flags = copy.flags.intersection(.modulelessKeyed)
        appendRow(copy)
        if let name = extras[index]?.name { extras[newIndex, default: Extras()].name = name }
        setIndex(.latest, hash: baseHash(newIndex), row: newIndex) {
            $0.sameBase($1, newIndex)
        } rehash: {
            $0.baseHash($1)
        }
        // The first run is filed among the repeats once it has a second: `run(1, ofNameAt:)` finds it.
        for row in copy.occurrence == 2 ? [index, newIndex] : [newIndex] {
            let occurrence = rowFields(row).occurrence
            setIndex(.repeats, hash: repeatHash(row), row: row) {
                $0.rowFields($1).occurrence == occurrence && $0.sameBase($1, row)
            } rehash: {
                $0.repeatHash($1)
            }
        }
        if copy.flags.contains(.modulelessKeyed), modulelessBuilt { fileModulelessOccurrence(newIndex) }
        return newIndex
    }

    /// Replaces the test at `index` with a whole result another reader made (its id and the `keeping` flags stay).
    mutating func replace(_ index: Int, with result: TestResult, keeping: Flags = .modulelessKeyed) {
        let suite = suites.intern(result.suite)
        update(index) {
            $0.status = result.status
            $0.durationSeconds = result.durationSeconds
            $0.framework = result.framework
            $0.flags = $0.flags.intersection(keeping).union(
                result.flaky ? [.flaky, .finished, .started] : [.finished, .started])
            if !result.durationIsUnknown { $0.flags.insert(.durationKnown) }
            $0.suite = suite
        }
        let name = extras[index]?.name
        extras[index] = Extras(
            failures: result.failures, output: result.output, attempts: result.attempts,
            attachments: result.attachments, evidence: result.evidence, name: name, worker: result.worker,
            position: result.position, displayName: result.displayName)
        if result.name != self.result(at: index).name { extras[index, default: Extras()].name = result.name }
        if extras[index].map(Self.isEmpty) == true { extras[index] = nil }
    }

    private static func isEmpty(_ extras: Extras) -> Bool {
        extras.failures.isEmpty && extras.output.isEmpty && extras.attempts.isEmpty && extras.attachments.isEmpty
            && extras.name == nil && extras.evidence == nil && extras.worker == nil && extras.position == nil
            && extras.displayName == nil
    }

    /// Gives `target` the last test's outcome so far (status, duration, marks, failures, output), keeping its own id,
    /// name and `keeping` marks, then removes the last test: the same execution, its module known now.
    mutating func moveLast(into target: Int, keeping: Flags) {
        let last = count - 1
        let moved = rowFields(last)
        update(target) {
            $0.status = moved.status
            $0.durationSeconds = moved.durationSeconds
            $0.flags = $0.flags.intersection(keeping).union(moved.flags)
        }
        var movedExtras = extras[last] ?? Extras()
        movedExtras.name = extras[target]?.name
        extras[target] = Self.isEmpty(movedExtras) ? nil : movedExtras
        removeLast()
    }

    /// Removes the last row (`removeLast` has unfiled it).
    mutating func dropLastRow() {
        rowChunks[rowChunks.count - 1].removeLast()
        if rowChunks[rowChunks.count - 1].isEmpty { rowChunks.removeLast() }
        extras[count - 1] = nil
        count -= 1
    }

    private mutating func appendRow(_ row: RowFields) {
        if count & (1 << Self.rowChunkBits - 1) == 0 {
            var chunk: [RowFields] = []
            chunk.reserveCapacity(1 << Self.rowChunkBits)
            rowChunks.append(chunk)
        }
        rowChunks[rowChunks.count - 1].append(row)
        count += 1
    }

    /// Copies a name into the arena of 1 MiB chunks, which never move.
    private mutating func store(_ name: UnsafeRawBufferPointer) -> (start: UInt32, length: UInt32) {
        let length = name.count
        if length == 0 { return (0, 0) }
        let chunkSize = 1 << Self.nameChunkBits
        if nameChunks.isEmpty || nameChunks[nameChunks.count - 1].count + length >= chunkSize {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(chunkSize, length))
            nameChunks.append(chunk)
        }
        let chunkIndex = nameChunks.count - 1
        precondition(chunkIndex < 1 << (32 - Self.nameChunkBits), "more than 4 GiB of test names")
        let start = UInt32(chunkIndex << Self.nameChunkBits | nameChunks[chunkIndex].count)
        nameChunks[chunkIndex].append(contentsOf: name)
        return (start, UInt32(length))
    }
}
