#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test as the output names it, before it is resolved to a `TestResult` id: Linux XCTest prints `Class.method`,
/// Apple's form `-[Module.Class m]`, Swift Testing's console only `function()` or a `"display name"`; the event
/// stream has the full id.
///
/// The pieces are kept as one byte buffer in the id's shape (`Module.Suite/name`, `Module/name`, `Suite/name`, or
/// the bare name), so the collector looks a test up by these bytes without making a `String` per event.
package struct TestRef: Sendable, Hashable {
    var framework: TestFramework
    private(set) var bytes: [UInt8]
    /// The module's length at the start of `bytes`, or -1 when the output does not say it.
    private var moduleLength: Int32
    private var suiteStart: Int32
    private var suiteEnd: Int32
    private var nameStart: Int32
    /// The Swift Testing event-stream id (`Module.Suite/function()/File.swift:12:6`), when known.
    var eventStreamID: String?
    /// xcodebuild's `started (Iteration 2 of 3)`: an attempt of the same test, not a second test with its name.
    var isRepetition: Bool
    /// The simulator clone an outcome line names (`… passed on 'Clone 2 of iPhone 15 - App (123)'`), else 0.
    var clone: Int32 = 0
    /// The outcome line names the process that ran the test (`… passed on 'My Mac - App (123)' (…)`, parallel
    /// testing's form): a process that prints no totals of its own to this log.
    var namesProcess = false

    init(
        framework: TestFramework, module: String? = nil, suite: String, name: String, eventStreamID: String? = nil,
        isRepetition: Bool = false
    ) {
        var bytes: [UInt8] = []
        let offsets = Self.fill(&bytes, module: module?.utf8, suite: suite.utf8, name: name.utf8)
        self.init(
            framework: framework, bytes: bytes, offsets: offsets, eventStreamID: eventStreamID,
            isRepetition: isRepetition)
    }

    /// An empty ref to make into others (`load(record:start:)`, `assign(_:)`) in its one buffer.
    package static var scratch: TestRef { TestRef(framework: .xctest, suite: "", name: "") }

    /// A ref from ranges of `line`, written into `buffer` (emptied, its capacity kept for the next one).
    init(
        framework: TestFramework, line: LineBytes, module: Range<Int>?, suite: Range<Int>, name: Range<Int>,
        reusing buffer: inout [UInt8]
    ) {
        buffer.removeAll(keepingCapacity: true)
        (moduleLength, suiteStart, suiteEnd, nameStart) = Self.fill(
            &buffer, module: module.map { UnsafeBufferPointer(rebasing: line[$0]) },
            suite: UnsafeBufferPointer(rebasing: line[suite]), name: UnsafeBufferPointer(rebasing: line[name]))
        self.framework = framework
        bytes = buffer
        eventStreamID = nil
        isRepetition = false
    }

    private init(
        framework: TestFramework, bytes: [UInt8], offsets: (Int32, Int32, Int32, Int32), eventStreamID: String?,
        isRepetition: Bool
    ) {
        self.framework = framework
        self.bytes = bytes
        (moduleLength, suiteStart, suiteEnd, nameStart) = offsets
        self.eventStreamID = eventStreamID
        self.isRepetition = isRepetition
    }

    /// Writes `module.suite/name` (leaving out what is absent) and returns the offsets.
    private static func fill<Piece: Collection<UInt8>>(
        _ bytes: inout [UInt8], module: Piece?, suite: Piece, name: Piece
    ) -> (Int32, Int32, Int32, Int32) {
        var moduleLength: Int32 = -1
        if let module {
            bytes.append(contentsOf: module)
            moduleLength = Int32(bytes.count)
            if !suite.isEmpty { bytes.append(UInt8(ascii: ".")) }
        }
        let suiteStart = Int32(bytes.count)
        bytes.append(contentsOf: suite)
        let suiteEnd = Int32(bytes.count)
        if module != nil || !suite.isEmpty { bytes.append(UInt8(ascii: "/")) }
        let nameStart = Int32(bytes.count)
        bytes.append(contentsOf: name)
        return (moduleLength, suiteStart, suiteEnd, nameStart)
    }

    /// The module, when the output says it (`-[Module.Class m]`, event-stream ids).
    var module: String? { moduleLength < 0 ? nil : string(0..<Int(moduleLength)) }
    /// Class or suite name without the module; nested Swift Testing suites are joined with `/`. Empty when unknown.
    var suite: String { string(Int(suiteStart)..<Int(suiteEnd)) }
    /// Method (`testX`) or function (`check(value:)`) name, or a quoted display name from the console.
    package var name: String { string(Int(nameStart)..<bytes.count) }

    var hasModule: Bool { moduleLength >= 0 }
    var hasSuite: Bool { suiteEnd > suiteStart }

    /// The id this ref spells when it has a module or a suite (`Module.Suite/name`, `Module/name`, `Suite/name`),
    /// without XCTest's trailing `()` (Xcode 16's `Class.method()` lines), and where its name starts in it.
    func withIDBytes<T>(_ body: (_ id: UnsafeRawBufferPointer, _ nameStart: Int) -> T) -> T {
        var end = bytes.count
        if framework == .xctest, end - Int(nameStart) >= 2, bytes[end - 2] == UInt8(ascii: "("),
            bytes[end - 1] == UInt8(ascii: ")")
        {
            end -= 2
        }
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<end]), Int(nameStart)) }
    }

    /// The bytes of the suite the test belongs to: the suite, or the module when the output names no suite.
    func withSuiteBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        let range = hasSuite || !hasModule ? Int(suiteStart)..<Int(suiteEnd) : 0..<Int(moduleLength)
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Makes this ref equal to `other` in this ref's own buffer (no allocation when it is big enough and not shared).
    mutating func assign(_ other: TestRef) {
        bytes.removeAll(keepingCapacity: true)
        other.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        framework = other.framework
        (moduleLength, suiteStart, suiteEnd, nameStart) = (
            other.moduleLength, other.suiteStart, other.suiteEnd, other.nameStart
        )
        eventStreamID = other.eventStreamID
        isRepetition = other.isRepetition
        clone = other.clone
        namesProcess = other.namesProcess
    }

    private func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}

extension TestRef {
    /// Member by member, the bytes with one `memcmp` (a test line's ref is compared with the last one every line).
    package static func == (lhs: TestRef, rhs: TestRef) -> Bool {
        guard lhs.framework == rhs.framework, lhs.moduleLength == rhs.moduleLength, lhs.suiteStart == rhs.suiteStart,
            lhs.suiteEnd == rhs.suiteEnd, lhs.nameStart == rhs.nameStart, lhs.isRepetition == rhs.isRepetition,
            lhs.clone == rhs.clone, lhs.namesProcess == rhs.namesProcess,
            lhs.bytes.count == rhs.bytes.count, lhs.eventStreamID == rhs.eventStreamID
        else { return false }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// The members `==` compares, the bytes in one call (every XCTest start and end is hashed).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(framework)
        hasher.combine(moduleLength)
        hasher.combine(suiteStart)
        hasher.combine(suiteEnd)
        hasher.combine(nameStart)
        hasher.combine(isRepetition)
        hasher.combine(clone)
        hasher.combine(namesProcess)
        hasher.combine(eventStreamID)
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension TestRef: CustomStringConvertible {
    package var description: String {
        let eventStream = eventStreamID.map { ", eventStreamID: \($0)" } ?? ""
        let repetition = isRepetition ? ", repetition" : ""
        let cloned = clone > 0 ? ", clone \(clone)" : ""
        return """
            TestRef(\(framework.rawValue), module: \(module ?? "nil"), suite: \(suite), name: \
            \(name)\(eventStream)\(repetition)\(cloned))
            """
    }
}

extension TestRef {
    /// The ref's offsets and bytes appended to `record` (what `load(record:start:)` reads back); false, with nothing
    /// appended, for a ref that carries more than bytes (an event-stream id).
    func encode(into record: inout [UInt8]) -> Bool {
        guard eventStreamID == nil else { return false }
        record.append(framework == .xctest ? 0 : 1)
        record.append((isRepetition ? 1 : 0) | (namesProcess ? 2 : 0))
        withUnsafeBytes(of: (moduleLength, suiteStart, suiteEnd, nameStart, Int32(bytes.count), clone)) {
            record.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<24]))
        }
        // Borrowed, not appended as an array: no retain and release of the parser's buffer per event.
        bytes.withUnsafeBufferPointer { record.append(contentsOf: $0) }
        return true
    }

    /// Makes this ref the one `encode(into:)` wrote at `start` of `record`, in its own buffer; `start` moves past it.
    mutating func load(record: UnsafeRawBufferPointer, start: inout Int) {
        framework = record[start] == 0 ? .xctest : .swiftTesting
        isRepetition = record[start + 1] & 1 != 0
        namesProcess = record[start + 1] & 2 != 0
        func offset(_ index: Int) -> Int32 {
            record.loadUnaligned(fromByteOffset: start + 2 + 4 * index, as: Int32.self)
        }
        (moduleLength, suiteStart, suiteEnd, nameStart) = (offset(0), offset(1), offset(2), offset(3))
        let count = Int(offset(4))
        clone = offset(5)
        start += 26
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: record[start..<(start + count)]))
        start += count
        eventStreamID = nil
    }
}
