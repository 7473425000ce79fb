import Foundation
import SmokeCore

/// When a pipeline last ran, for the scheduler's catch-up rule, read through `HistoryStore`.
package enum HistoryLookup {
    /// The start of the last run of `pipeline` in the history file; nil when there is none or no file.
    package static func lastRunStart(pipeline: String, historyFile: URL) -> Date? {
        guard let contents = try? HistoryStore.contents(of: historyFile, pipeline: pipeline) else { return nil }
        return contents.entries.last?.startedAt
    }

    /// The latest `startedAt` among the lines of `pipeline`. Lines that do not decode — a torn last
    /// line after a crash, a foreign line — are passed over rather than failing the scheduler.
    static func lastRunStart(pipeline: String, history: Data) -> Date? {
        HistoryStore.parse(history, pipeline: pipeline).entries.last?.startedAt
    }
}
