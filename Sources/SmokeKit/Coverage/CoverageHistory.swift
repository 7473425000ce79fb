import Foundation

/// Where the dashboard gets earlier runs from; tests pass their own.
package typealias HistoryLoading = @Sendable (_ outputDirectory: URL) -> [HistoryEntry]

/// The dashboard's history: the store's tolerant `history.jsonl` reader (torn lines skipped).
package enum CoverageHistory {
    package static let load: HistoryLoading = { outputDirectory in
        (try? HistoryStore.read(outputDirectory: outputDirectory, pipeline: nil)) ?? []
    }

    /// Every line that decodes as a `HistoryEntry`, in file order.
    package static func entries(in data: Data) -> [HistoryEntry] {
        HistoryStore.parse(data, pipeline: nil).entries
    }
}
