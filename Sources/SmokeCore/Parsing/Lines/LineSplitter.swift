import Foundation

/// Cuts a stream of byte chunks into lines with bounded memory.
///
/// A line ends at `\n`, `\r\n` or a lone `\r` (old Mac line ends; progress rewritten in place is a line per state),
/// but not at a `\r` an ESC follows (GitLab's section markers, an erase-line code). A line longer than
/// `maxLineLength` is cut and counted, so binary garbage without newlines cannot grow memory without bound.
package struct LineSplitter {
    /// 64 MiB: real records reach megabytes (an attachment inline as base64, a test name thousands of characters long).
    package static let defaultMaxLineLength = 64 * 1024 * 1024
    /// Line numbers kept of truncated lines; the count goes on.
    static let truncatedLineNumberLimit = 20
    /// Buffer capacity kept between lines; a rare huge line gives its memory back.
    static let keptCapacity = 1 << 20

    let maxLineLength: Int
    package private(set) var lineCount = 0
    private(set) var truncatedLineCount = 0
    private(set) var truncatedLineNumbers: [Int] = []
    /// Whether the last delivered line had no terminating `\n` (delivered by `finish`).
    private(set) var lastLineWasUnterminated = false

    /// What to tell the user about cut lines of `source` ("event stream x.jsonl"), or nil when none were cut.
    package func truncationMessage(source: String) -> String? {
        guard truncatedLineCount > 0 else { return nil }
        let numbers = truncatedLineNumbers.map(String.init).joined(separator: ", ")
        let more =
            truncatedLineCount > truncatedLineNumbers.count
            ? " and \(truncatedLineCount - truncatedLineNumbers.count) more" : ""
        let noun = truncatedLineCount == 1 ? "line" : "lines"
        return
            """
            \(source): \(noun) \(numbers)\(more) longer than \
            \(maxLineLength >= 1 << 20 ? "\(maxLineLength >> 20) MiB" : "\(maxLineLength) bytes") were cut there; what \
            they recorded (a test, an issue, an attachment) may be missing from this report
            """
    }

    /// The start of a line that continues in the next chunk (at most `maxLineLength` bytes).
    private var pending: [UInt8] = []
    /// The pending line already overflowed; drop the rest of it.
    private var pendingOverflowed = false
    /// The last chunk ended with a `\r` (not in `pending`) whose next byte decides whether it ends the line.
    private var pendingCarriageReturn = false

    package init(maxLineLength: Int = LineSplitter.defaultMaxLineLength) {
        precondition(maxLineLength > 0, "maxLineLength must be positive")
        self.maxLineLength = maxLineLength
    }

    /// Splits `chunk`, calling `body` for every line it completes.
    package mutating func push(_ chunk: Data, _ body: (LineBytes) throws -> Void) rethrows {
        try chunk.withUnsafeBytes { try push($0, body) }
    }

    package mutating func push(_ chunk: UnsafeRawBufferPointer, _ body: (LineBytes) throws -> Void) rethrows {
        let bytes = chunk.bindMemory(to: UInt8.self)
        guard !bytes.isEmpty else { return }
        var start = 0
        if pendingCarriageReturn {
            // The `\r` that ended the last chunk: its line goes on only when an ESC follows.
            pendingCarriageReturn = false
            if bytes[0] == Self.escape {
                [Self.carriageReturn].withUnsafeBufferPointer { append($0) }
            } else {
                try deliverPending(body)
                if bytes[0] == Self.newline { start = 1 }
            }
        }
        // Each line end is searched again only once passed, so a log of lone `\r` costs no more than one of `\n`.
        var newline = bytes.firstIndex(of: Self.newline, from: start)
        var carriageReturn = Self.lineEndingReturn(in: bytes, from: start)
        while newline != nil || carriageReturn != nil {
            let end = min(newline ?? bytes.count, carriageReturn ?? bytes.count)
            if end == bytes.count - 1, bytes[end] == Self.carriageReturn {
                // What follows decides; the next chunk says.
                append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                pendingCarriageReturn = true
                return
            }
            let next = bytes[end] == Self.carriageReturn && bytes[end + 1] == Self.newline ? end + 2 : end + 1
            if pending.isEmpty && !pendingOverflowed {
                try deliver(UnsafeBufferPointer(rebasing: bytes[start..<end]), overflowed: false, body)
            } else {
                append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                try deliverPending(body)
            }
            start = next
            if let found = newline, found < start { newline = bytes.firstIndex(of: Self.newline, from: start) }
            if let found = carriageReturn, found < start {
                carriageReturn = Self.lineEndingReturn(in: bytes, from: start)
            }
        }
        if start < bytes.count { append(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    /// Delivers a last line that had no line end, if any.
    package mutating func finish(_ body: (LineBytes) throws -> Void) rethrows {
        if pendingCarriageReturn {
            pendingCarriageReturn = false
            return try deliverPending(body)
        }
        guard !pending.isEmpty || pendingOverflowed else { return }
        lastLineWasUnterminated = true
        try deliverPending(body)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let escape: UInt8 = 0x1B

    /// The first `\r` from `from` that ends a line: one an ESC follows (`section_start:…\r\e[0K`) stays in the line.
    private static func lineEndingReturn(in bytes: LineBytes, from: Int) -> Int? {
        var search = from
        while let found = bytes.firstIndex(of: carriageReturn, from: search) {
            if found + 1 == bytes.count || bytes[found + 1] != escape { return found }
            search = found + 2
        }
        return nil
    }

    private mutating func append(_ bytes: LineBytes) {
        let room = maxLineLength - pending.count
        if bytes.count > room {
            pending.append(contentsOf: bytes.prefix(room))
            pendingOverflowed = true
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func deliverPending(_ body: (LineBytes) throws -> Void) rethrows {
        let overflowed = pendingOverflowed
        // Move the buffer out so `deliver` may mutate `self` while the bytes are borrowed.
        var buffer: [UInt8] = []
        swap(&buffer, &pending)
        defer {
            buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptCapacity)
            pending = buffer
            pendingOverflowed = false
        }
        try buffer.withUnsafeBufferPointer { try deliver($0, overflowed: overflowed, body) }
    }

    private mutating func deliver(_ line: LineBytes, overflowed: Bool, _ body: (LineBytes) throws -> Void) rethrows {
        var end = line.count
        var cut = overflowed
        if end > maxLineLength {
            end = maxLineLength
            cut = true
        }
        lineCount += 1
        if cut {
            truncatedLineCount += 1
            if truncatedLineNumbers.count < Self.truncatedLineNumberLimit { truncatedLineNumbers.append(lineCount) }
        }
        try body(UnsafeBufferPointer(rebasing: line[0..<end]))
    }
}
