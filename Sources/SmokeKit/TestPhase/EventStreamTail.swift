import Foundation
import SmokeCore

/// Follows a Swift Testing event-stream file while the test process appends to it.
struct EventStreamTail {
    private var handle: FileHandle?
    private let url: URL?
    private var lines = LineSplitter()
    private var interpreter = LineInterpreter(timeZone: .current)

    init(url: URL?) {
        self.url = url
        interpreter.reader = .eventStream
        interpreter.eventStream.streamFolder = url?.deletingLastPathComponent()
    }

    /// Lines that were not event-stream records (a record torn by a crash).
    private(set) var unreadableLines = 0
    /// Whether any record arrived: a stream that stayed empty (a full disk) recorded nothing.
    private(set) var readAny = false

    /// Reads what the process appended since: each record's events with its line in the file.
    mutating func read(_ body: (TestEvent, Int) -> Void) {
        guard let url else { return }
        if handle == nil { handle = try? FileHandle(forReadingFrom: url) }
        guard let handle, let data = try? handle.readToEnd(), !data.isEmpty else { return }
        var interpreter = self.interpreter
        readAny = true
        let unreadable = withoutActuallyEscaping(body) { body in
            var sink = RecordSink(body: body)
            lines.push(data) { interpreter.handle($0, into: &sink) }
            return sink.unreadable
        }
        self.interpreter = interpreter
        unreadableLines += unreadable
    }

    func truncationMessage() -> String? {
        lines.truncationMessage(source: "event stream \(RunDirectory.shownName(ofEventStream: url))")
    }

    /// A last line the process never ended (it crashed mid-write).
    mutating func finish(_ body: (TestEvent, Int) -> Void) {
        var interpreter = self.interpreter
        let unreadable = withoutActuallyEscaping(body) { body in
            var sink = RecordSink(body: body)
            lines.finish { interpreter.handle($0, into: &sink) }
            return sink.unreadable
        }
        self.interpreter = interpreter
        unreadableLines += unreadable
        try? handle?.close()
    }
}

private struct RecordSink: LineEventSink {
    var body: (TestEvent, Int) -> Void
    var unreadable = 0

    mutating func take(_ event: TestEvent, line: Int) { body(event, line) }

    mutating func countUnrecognizedLine(_ line: Int) { unreadable += 1 }
}
