import Foundation
import SmokeCore

/// What a history held: entries oldest first, and how many lines were unreadable (torn by a crash, or garbage).
package struct HistoryContents: Sendable, Equatable {
    package var entries: [HistoryEntry]
    package var unreadableLines: Int
    /// The 1-based number of the first unreadable line, for a person to look at.
    var firstUnreadableLine: Int?
    /// Runs read, before a reader's window kept some of them in `entries`.
    package var readableRuns: Int

    package init(entries: [HistoryEntry], unreadableLines: Int, firstUnreadableLine: Int? = nil) {
        self.entries = entries
        readableRuns = entries.count
        self.unreadableLines = unreadableLines
        self.firstUnreadableLine = firstUnreadableLine
    }

    /// One stderr line naming the file, the count and the first skipped line; nil when every line was read.
    package func warning(file: URL) -> String? {
        guard unreadableLines > 0 else { return nil }
        let first = firstUnreadableLine.map { ", first at line \($0)" } ?? ""
        let lines = ReportText.count(unreadableLines, "corrupt line")
        return
            """
            smokerun: warning: skipped \(lines) in \(file.path)\(first) (not a run summary; a crash mid-write or \
            an edit)
            """
    }

    /// `pipeline`'s entries (all when nil) from `since`, only the newest `last` when given; `readableRuns` unchanged.
    func window(pipeline: String?, since: Date?, last: Int?) -> HistoryContents {
        var cut = self
        let kept = entries.filter {
            (pipeline == nil || $0.pipeline == pipeline) && $0.startedAt >= (since ?? .distantPast)
        }
        cut.entries = last.map { Array(kept.suffix(max($0, 0))) } ?? kept
        return cut
    }
}
