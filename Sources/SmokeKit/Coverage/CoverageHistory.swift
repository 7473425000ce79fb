import Foundation

/// Where the dashboard gets earlier runs from; tests pass their own.
package typealias HistoryLoading = @Sendable (_ outputDirectory: URL) -> HistoryStore.Contents

/// The dashboard's history: the store's tolerant `history.jsonl` reader (torn lines skipped).
package enum CoverageHistory {
    package static let load: HistoryLoading = { outputDirectory in
        (try? HistoryStore.contents(outputDirectory: outputDirectory, pipeline: nil)) ?? HistoryStore.Contents(entries: [], unreadableLines: 0)
    }

    /// Every line that decodes as a `HistoryEntry`, in file order.
    package static func entries(in data: Data) -> [HistoryEntry] {
        HistoryStore.parse(data, pipeline: nil).entries
    }
}
