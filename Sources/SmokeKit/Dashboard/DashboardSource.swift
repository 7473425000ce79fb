import Foundation
import SmokeCore

/// Where the dashboard gets its histories: the one plug-in point between a store and the site. Today's store is
/// `history.jsonl` plus the run folders (`HistoryFileDashboardSource`); another store only has to fill the same
/// values.
package protocol DashboardSource: Sendable {
    /// The history of each pipeline in the store, oldest run first, sorted by name; only `pipelines` when given.
    /// `warnings` are lines for standard error (a corrupt line skipped, a report that could not be read).
    func histories(pipelines: [String]?) throws -> (histories: [DashboardHistory], warnings: [String])
}
