import Foundation
import SmokeCore
import SmokeKit

/// A history kept in memory, for tests of the policies that read or append runs (notification, quarantine, shard
/// durations, retention, adoption): the entries a run appends are `history.jsonl`'s (`HistoryEntry(report:path:)`),
/// and every read is `WholeHistory`'s, the same policy over them that the file gets. Nothing is written to disk.
package final class InMemoryHistory: WholeHistory, @unchecked Sendable {
    package let outputFolder: URL
    private let lock = NSLock()
    private var stored: [HistoryEntry]

    /// `outputFolder` is where the entries' run folders are looked for (the dashboard's report links).
    package init(outputFolder: URL = URL(fileURLWithPath: "/nonexistent"), entries: [HistoryEntry] = []) {
        self.outputFolder = outputFolder
        stored = entries
    }

    /// What was appended, in order.
    package var entries: [HistoryEntry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    package func append(_ report: RunReport, pipelinePath: String?, writer: FileWriter) throws {
        var entry = HistoryEntry(report: report, path: OutputLayout.relativeRunPath(report.runID))
        entry.pipelinePath = pipelinePath
        lock.lock()
        defer { lock.unlock() }
        stored.append(entry)
    }

    package func allContents() throws -> HistoryContents {
        let sorted = entries.enumerated()
            .sorted { ($0.element.startedAt, $0.offset) < ($1.element.startedAt, $1.offset) }.map(\.element)
        return HistoryContents(entries: sorted, unreadableLines: 0)
    }

    package func forEachEntry(_ body: (HistoryEntry) -> Void) throws -> Int {
        entries.forEach(body)
        return 0
    }
}
