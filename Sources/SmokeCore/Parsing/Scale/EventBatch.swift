#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file's test events on their way from the thread that reads the lines to the thread that applies them: test
/// starts and ends as bytes in one buffer, kept and reused (a ref equal to the one before crosses as one byte), any
/// other event as itself beside them. See Documentation/Performance.md.
package struct EventBatch: LineEventSink, Sendable {
    private var records: [UInt8] = []
    private var others: [TestEvent] = []
    /// About how many bytes the other events hold (their text): they count towards the batch being full, so a log of
    /// long output lines cannot pile up gigabytes between the threads.
    private var otherBytes = 0
    /// Where the last ref written whole lies in `records`.
    private var lastRef: Range<Int>?
    /// Bytes of records after which the batch is full.
    private let capacity: Int

    package init(capacity: Int = 64 * 1024) {
        self.capacity = capacity
        records.reserveCapacity(capacity + 512)
    }

    package var isEmpty: Bool { records.isEmpty }
    package var isFull: Bool { records.count + otherBytes >= capacity }

    private enum Kind: UInt8 {
        case started, finished, other, unrecognized
    }

    /// The byte before a ref's record: the ref follows whole, or it is the last one again.
    private enum RefMarker: UInt8 {
        case whole, same
    }

    package mutating func take(_ event: TestEvent, line: Int) {
        switch event {
        case .testStarted(let ref):
            let mark = records.count
            header(.started, line: line)
            if append(ref) { return }
            records.removeSubrange(mark...)
        case .testFinished(let ref, let status, let duration):
            guard let code = Self.statuses.firstIndex(of: status) else { break }
            let mark = records.count
            header(.finished, line: line)
            records.append(UInt8(code))
            withUnsafeBytes(of: (duration ?? .nan).bitPattern) { records.append(contentsOf: $0) }
            records.append(duration == nil ? 0 : 1)
            if append(ref) { return }
            records.removeSubrange(mark...)
        default: break
        }
        header(.other, line: line)
        others.append(event)
        otherBytes += Self.textSize(of: event)
    }

    /// Appends `ref`'s marker and record, or only the marker when it is the last ref written whole; false, with
    /// nothing appended, for a ref that carries more than bytes.
    private mutating func append(_ ref: TestRef) -> Bool {
        let marker = records.count
        records.append(RefMarker.whole.rawValue)
        let start = records.count
        guard ref.encode(into: &records) else {
            records.removeSubrange(marker...)
            return false
        }
        let written = start..<records.count
        if let lastRef, lastRef.count == written.count,
            records.withUnsafeBytes({
                memcmp($0.baseAddress! + lastRef.lowerBound, $0.baseAddress! + start, lastRef.count) == 0
            })
        {
            records.removeSubrange(written)
            records[marker] = RefMarker.same.rawValue
        } else {
            lastRef = written
        }
        return true
    }

    /// The bytes of text an event carries, roughly (a fixed amount for those with little).
    private static func textSize(of event: TestEvent) -> Int {
        switch event {
        case .output(let text), .toolOutput(let text), .detail(let text), .issueMessageContinued(let text):
            text.utf8.count
        case .issue(_, let failure, _): failure.message.utf8.count + (failure.file?.utf8.count ?? 0)
        case .fatalError(let message, let file, _): message.utf8.count + (file?.utf8.count ?? 0)
        case .programCrashed(let description): description.utf8.count
        default: 64
        }
    }

    package mutating func countUnrecognizedLine(_ line: Int) {
        header(.unrecognized, line: line)
    }

    private static let statuses: [TestStatus] = [.passed, .failed, .skipped]

    private mutating func header(_ kind: Kind, line: Int) {
        records.append(kind.rawValue)
        withUnsafeBytes(of: line) { records.append(contentsOf: $0) }
    }

    /// Hands every event to `sink` in order, then empties the batch, keeping its memory.
    package mutating func replay<Sink: LineEventSink>(into sink: inout Sink) {
        var nextOther = 0
        records.withUnsafeBytes { record in
            var ref = TestRef.scratch // a local, not captured: lent to the sink without a copy
            var start = 0
            while start < record.count {
                let kind = Kind(rawValue: record[start])!
                let line = record.loadUnaligned(fromByteOffset: start + 1, as: Int.self)
                start += 1 + MemoryLayout<Int>.size
                switch kind {
                case .started:
                    Self.load(&ref, from: record, at: &start)
                    sink.takeTestStarted(ref, line: line)
                case .finished:
                    let status = Self.statuses[Int(record[start])]
                    let bits = record.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self)
                    let duration: Double? = record[start + 9] == 1 ? Double(bitPattern: bits) : nil
                    start += 10
                    Self.load(&ref, from: record, at: &start)
                    sink.takeTestFinished(ref, status: status, durationSeconds: duration, line: line)
                case .other:
                    sink.take(others[nextOther], line: line)
                    nextOther += 1
                case .unrecognized:
                    sink.countUnrecognizedLine(line)
                }
            }
        }
        records.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
        otherBytes = 0
        lastRef = nil
    }

    /// Reads a ref's marker at `start`, and its record unless it is the ref `ref` already holds.
    @inline(__always)
    private static func load(_ ref: inout TestRef, from record: UnsafeRawBufferPointer, at start: inout Int) {
        let marker = record[start]
        start += 1
        if marker == RefMarker.whole.rawValue { ref.load(record: record, start: &start) }
    }
}
