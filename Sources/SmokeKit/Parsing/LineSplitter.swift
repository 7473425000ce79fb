import Foundation

/// Cuts a stream of byte chunks into lines with bounded memory.
///
/// Lines are handed out without their `\n` (and without a trailing `\r`), as bytes valid only during
/// the callback. A line longer than `maxLineLength` is cut to its first `maxLineLength` bytes and
/// counted in `truncatedLineCount`, so binary garbage without newlines cannot grow memory.
package struct LineSplitter {
    /// Longest line kept whole: 64 KiB.
    package static let defaultMaxLineLength = 64 * 1024

    package let maxLineLength: Int
    /// Lines delivered so far.
    package private(set) var lineCount = 0
    /// Lines that were longer than `maxLineLength` and were cut.
    package private(set) var truncatedLineCount = 0
    /// Whether the last delivered line had no terminating `\n` (delivered by `finish`).
    package private(set) var lastLineWasUnterminated = false

    /// The start of a line that continues in the next chunk (at most `maxLineLength` bytes).
    private var pending: [UInt8] = []
    /// The pending line already overflowed; drop the rest of it.
    private var pendingOverflowed = false

    package init(maxLineLength: Int = LineSplitter.defaultMaxLineLength) {
        precondition(maxLineLength > 0, "maxLineLength must be positive")
        self.maxLineLength = maxLineLength
    }

    /// Splits `chunk`, calling `body` for every line it completes.
    package mutating func push(_ chunk: Data, _ body: (LineBytes) throws -> Void) rethrows {
        try chunk.withUnsafeBytes { try push($0, body) }
    }

    /// Splits `chunk`, calling `body` for every line it completes.
    package mutating func push(_ chunk: UnsafeRawBufferPointer, _ body: (LineBytes) throws -> Void) rethrows {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var start = 0
        while let newline = bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) {
            if pending.isEmpty && !pendingOverflowed {
                try deliver(UnsafeBufferPointer(rebasing: bytes[start..<newline]), overflowed: false, body)
            } else {
                append(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                try deliverPending(body)
            }
            start = newline + 1
        }
        if start < bytes.count { append(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    /// Delivers a last line that had no `\n`, if any.
    package mutating func finish(_ body: (LineBytes) throws -> Void) rethrows {
        guard !pending.isEmpty || pendingOverflowed else { return }
        lastLineWasUnterminated = true
        try deliverPending(body)
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
            buffer.removeAll(keepingCapacity: buffer.capacity <= 2 * maxLineLength)
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
        if !cut, end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        lineCount += 1
        if cut { truncatedLineCount += 1 }
        try body(UnsafeBufferPointer(rebasing: line[0..<end]))
    }
}
