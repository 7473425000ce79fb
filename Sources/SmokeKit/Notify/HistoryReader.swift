import Foundation

/// History as the notification policy needs it: tolerant of torn lines (one must not silence
/// notifications), and only the earlier runs of the same pipeline.
package enum HistoryReader {
    package static func read(outputDirectory: URL) -> (entries: [HistoryEntry], unreadable: Int) {
        guard let contents = try? HistoryStore.contents(outputDirectory: outputDirectory, pipeline: nil) else { return ([], 0) }
        return (contents.entries, contents.unreadableLines)
    }

    /// The runs of `report`'s pipeline that started before it, oldest first: the policy's history.
    package static func earlierRuns(of report: RunReport, in entries: [HistoryEntry]) -> [HistoryEntry] {
        entries.filter { $0.pipeline == report.pipeline && $0.runID != report.runID && $0.startedAt < report.startedAt }
            .sorted { ($0.startedAt, $0.runID) < ($1.startedAt, $1.runID) }
    }
}
