import Foundation
import SmokeCore

/// Where the dashboard gets earlier runs from; tests pass their own.
package typealias HistoryLoading = @Sendable (_ outputDirectory: URL) -> HistoryStore.Contents

/// The dashboard's history: the store's tolerant `history.jsonl` reader (torn lines skipped).
package enum CoverageHistory {
    package static let load: HistoryLoading = { HistoryStore.contentsOrEmpty(outputDirectory: $0, perTest: false) }
}
