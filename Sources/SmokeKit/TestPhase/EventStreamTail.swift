import Foundation
import SmokeCore

/// Follows a Swift Testing event-stream file while the test process appends to it.
struct EventStreamTail {
    private var handle: FileHandle?
    private let url: URL?
    private var lines = LineSplitter()
    private var parser = SwiftTestingEventStreamParser()

    init(url: URL?) {
        self.url = url
    }

    /// Lines that were not event-stream records (a record torn by a crash).
    private(set) var unreadableLines = 0

    /// Parses whatever was appended since the last call.
    mutating func read(_ body: (TestEvent) -> Void) {
        guard let url else { return }
        if handle == nil { handle = try? FileHandle(forReadingFrom: url) }
        guard let handle, let data = try? handle.readToEnd(), !data.isEmpty else { return }
        var parser = self.parser
        var unreadable = 0
        lines.push(data) { line in
            if let event = parser.parse(line) { body(event) } else { unreadable += 1 }
        }
        self.parser = parser
        unreadableLines += unreadable
    }

    /// What was cut of the stream's records, if anything.
    func truncationMessage() -> String? {
        lines.truncationMessage(source: "event stream \(url?.lastPathComponent ?? "")")
    }

    /// A last line the process never ended (it crashed mid-write).
    mutating func finish(_ body: (TestEvent) -> Void) {
        var parser = self.parser
        var unreadable = 0
        lines.finish { line in
            if let event = parser.parse(line) { body(event) } else { unreadable += 1 }
        }
        self.parser = parser
        unreadableLines += unreadable
        try? handle?.close()
    }
}
