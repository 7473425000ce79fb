import Foundation
import SmokeCore

/// What a history held: the entries, oldest first, and how many lines could not be read (a line torn by a crash
/// mid-append, or garbage) and were skipped.
package struct HistoryContents: Sendable, Equatable {
    package var entries: [HistoryEntry]
    package var unreadableLines: Int
    /// The 1-based line number of the first unreadable line, so a person can go and look.
    var firstUnreadableLine: Int?
    /// How many runs were read, before a reader's window kept only some of them in `entries`.
    package var readableRuns: Int

    package init(entries: [HistoryEntry], unreadableLines: Int, firstUnreadableLine: Int? = nil) {
        self.entries = entries
        readableRuns = entries.count
        self.unreadableLines = unreadableLines
        self.firstUnreadableLine = firstUnreadableLine
    }

    /// One line for standard error when lines were skipped, naming the file, the count and the first line; nil when
    /// every line was read.
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

    /// The entries of `pipeline` (all when nil) that started at or after `since`, only the newest `last` when given;
    /// `readableRuns` still counts every run read.
    func window(pipeline: String?, since: Date?, last: Int?) -> HistoryContents {
        var cut = self
        let kept = entries.filter {
            (pipeline == nil || $0.pipeline == pipeline) && $0.startedAt >= (since ?? .distantPast)
        }
        cut.entries = last.map { Array(kept.suffix(max($0, 0))) } ?? kept
        return cut
    }
}
