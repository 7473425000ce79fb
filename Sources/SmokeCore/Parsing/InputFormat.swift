import Foundation

/// One kind of file `smokerun parse` reads: how its first bytes are recognised, whether it is read whole or line by
/// line, and the reader that turns it into test events or results. Adding a format is a type conforming to this plus
/// its line in `InputFormatRegistry.standard`; `LogParser` detects, reads and reports it like the others.
package protocol InputFormat: Sendable {
    /// Its name in report.json's `inputs[].format`.
    var name: String { get }
    /// Whether a file starting with `head` is this format (`InputFormatRegistry.detect` asks each format in turn).
    func claims(head: InputHead) -> Bool
    /// Whether the file is one document read whole (its reader is a `.document`), rather than lines.
    var isDocument: Bool { get }
    func makeReader() -> InputReader
}

extension InputFormat {
    package var isDocument: Bool { makeReader().document != nil }
}

extension InputFormat where Self: DocumentReader {
    package func makeReader() -> InputReader { .document(self) }
}

extension InputFormat where Self: LineRule {
    package func makeReader() -> InputReader { .lines(self) }
}

/// How a format's file is read: each line through one of the interpreter's rules, or whole.
package enum InputReader: Sendable {
    /// The console rules: XCTest and Swift Testing lines among build output (`ConsoleParser`).
    case console
    /// One Swift Testing event-stream record a line (`SwiftTestingEventStreamParser`).
    case eventStream
    /// A format's own rule, line by line.
    case lines(any LineRule)
    case document(any DocumentReader)

    package var document: (any DocumentReader)? {
        if case .document(let reader) = self { reader } else { nil }
    }

    package var isEventStream: Bool {
        if case .eventStream = self { true } else { false }
    }
}

/// A line format's own rule: what one line (its CI prefix removed) says.
package protocol LineRule: Sendable {
    /// The line's event; `.output` for a line the rule does not know (the collector decides what it was).
    func read(_ line: LineBytes) -> TestEvent
}

/// A document format's reader: the whole file's tests, or a refusal naming what to pass instead.
package protocol DocumentReader: Sendable {
    func read(_ data: Data, path: String) throws(ParseError) -> ParsedDocument
}

package struct ParsedDocument: Sendable {
    package var tests: [TestResult]
    /// Nodes or elements not understood.
    package var unrecognized: Int
    /// The run destination the document lists (`devices[]`), as the bundle readers report it.
    package var device: ResolvedDevice? = nil
    /// The document's own totals (a JUnit file's).
    package var counts: [FrameworkCount] = []
    package var durationSeconds: Double? = nil
    /// When the recorded run started, as the document states it (a JUnit suite's `timestamp`).
    package var startedAt: Date? = nil
    /// The line where the document ends before it closes (its writer stopped): what it holds stands, the run is
    /// incomplete.
    package var endsAtLine: Int? = nil
    /// Why the document cannot be read alone (it counts tests it does not hold): said when no other input gives tests.
    package var refusedAlone: ParseError? = nil
}

/// A file's first bytes, as the formats claim it.
package struct InputHead {
    package let bytes: LineBytes
    /// Where its first `{` or `<` is, past blanks, CI prefixes and marker lines and a byte-order mark; else nil.
    package let start: Int?

    package init(_ bytes: LineBytes) {
        self.bytes = bytes
        start = Self.firstContent(bytes)
    }

    /// Where the content starts, when it starts with `byte` (`{` or `<`).
    package func content(opensWith byte: Character) -> Int? {
        guard let start, let ascii = byte.asciiValue, bytes[start] == ascii else { return nil }
        return start
    }

    package func content(opensWith byte: Character, containing needle: StaticString) -> Bool {
        guard let start = content(opensWith: byte) else { return false }
        return bytes.firstIndex(of: needle, from: start) != nil
    }

    /// Lines of the head looked through for the first one with text of the log's own.
    private static let linesBeforeContent = 8

    private static func firstContent(_ head: LineBytes) -> Int? {
        var unwrapper = LineUnwrapper()
        var lineStart = 0
        for _ in 0..<linesBeforeContent {
            guard lineStart < head.count else { return nil }
            let lineEnd = head.firstIndex(of: UInt8(ascii: "\n"), from: lineStart) ?? head.count
            let line = UnsafeBufferPointer(rebasing: head[lineStart..<lineEnd])
            if let contentStart = unwrapper.contentStart(of: line) {
                let start = lineStart + line.skippingBlanks(from: contentStart)
                if start < lineEnd || lineEnd == head.count {
                    guard start < head.count else { return nil }
                    return head[start] == UInt8(ascii: "{") || head[start] == UInt8(ascii: "<") ? start : nil
                }
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}
