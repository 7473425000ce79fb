import Foundation
import SmokeCore

/// When a pipeline last ran, for the scheduler's catch-up rule, read through `HistoryStore`.
package enum HistoryLookup {
    /// The start of the last run of `pipeline` in the history of the folder holding `historyFile` (its
    /// `history.sqlite`, else the file itself); nil when there is none or no history.
    package static func lastRunStart(pipeline: String, historyFile: URL) -> Date? {
        let folder = historyFile.deletingLastPathComponent()
        if let database = try? HistoryStore.database(outputDirectory: folder) {
            // The newest run only: the others' rows are never read.
            return (try? database.storedRuns(pipeline: pipeline, since: nil, newest: 1))?.last?.run.startedAt
        }
        guard let contents = try? HistoryStore.contents(of: historyFile, pipeline: pipeline) else { return nil }
        return contents.entries.last?.startedAt
    }

    /// The latest `startedAt` among the lines of `pipeline`. Lines that do not decode — a torn last
    /// line after a crash, a foreign line — are passed over rather than failing the scheduler.
    static func lastRunStart(pipeline: String, history: Data) -> Date? {
        HistoryStore.parse(history, pipeline: pipeline).entries.last?.startedAt
    }
}
