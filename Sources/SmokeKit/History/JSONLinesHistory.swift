import Foundation
import SmokeCore

/// `<output>/history.jsonl`: one line per run (`HistoryLine`), the history without SQLite and the one
/// `history.sqlite` imports. Read a line at a time; a line that does not decode is counted and skipped.
package struct JSONLinesHistory: WholeHistory {
    package let outputFolder: URL
    /// Why this is the history and not `history.sqlite`; nil when it is read as the older file.
    var missingLibrary: SQLiteLibraryError?

    var file: URL { OutputLayout(root: outputFolder).history }

    package var fallbackNote: String? { missingLibrary?.historyFallbackNote }

    /// Appends the run's one-line summary, whole or not at all, never through a symbolic link there.
    package func append(_ report: RunReport, pipelinePath: String?, writer: FileWriter) throws {
        let path = OutputLayout.relativeRunPath(report.runID)
        try POSIXFile.appendLine(to: file, writer: writer) { sink in
            try HistoryLine.write(report, path: path, pipelinePath: pipelinePath, to: &sink)
            sink.append(byte: UInt8(ascii: "\n"))
        }
    }

    /// Every entry, oldest first (same-second runs in file order); a missing file is empty, an unreadable one an error.
    package func allContents() throws -> HistoryContents {
        var entries: [HistoryEntry] = []
        let (unreadable, first) = try readLines { entries.append($0) }
        let sorted = entries.enumerated()
            .sorted { ($0.element.startedAt, $0.offset) < ($1.element.startedAt, $1.offset) }.map(\.element)
        return HistoryContents(entries: sorted, unreadableLines: unreadable, firstUnreadableLine: first)
    }

    package func forEachEntry(_ body: (HistoryEntry) -> Void) throws -> Int {
        try readLines(body).unreadable
    }

    /// Hands each readable entry to `body` in file order, a line at a time; returns the unreadable line count and the
    /// first one's 1-based number. Never through a link: a planted `history.jsonl -> /etc/shadow` is refused.
    private func readLines(_ body: (HistoryEntry) -> Void) throws -> (unreadable: Int, first: Int?) {
        guard POSIXFile.exists(file) else { return (0, nil) }
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openRegularFile(file, followLinks: false)
        } catch {
            throw StoreError.readFailed(path: file.path, reason: error.localizedDescription)
        }
        defer { close(descriptor) }
        let decoder = JSONCoding.decoder()
        var (unreadable, first, number) = (0, Int?.none, 0)
        var line: [UInt8] = []
        func finishLine() {
            defer { line.removeAll(keepingCapacity: true) }
            number += 1
            guard
                line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
                )
            else { return }
            guard let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)) else {
                unreadable += 1
                first = first ?? number
                return
            }
            body(entry)
        }
        let unreadableFile = { (reason: String) in StoreError.readFailed(path: file.path, reason: reason) }
        try POSIXFile.readChunks(of: descriptor, unreadable: unreadableFile) { piece in
            var start = piece.startIndex
            while let newline = piece[start...].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: piece[start..<newline])
                finishLine()
                start = newline + 1
            }
            line.append(contentsOf: piece[start...])
        }
        finishLine()
        return (unreadable, first)
    }
}
