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

extension DashboardSource {
    /// The report page of a run whose folder is `path` (as history stores it) inside `outputDirectory`, relative to
    /// that folder, while the page is there. A stored path is data like any other: only a plain path inside the
    /// output folder is followed, and never through a link.
    static func reportPage(ofRunAt path: String, in outputDirectory: URL) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        let folder = outputDirectory.appendingPathComponent(path, isDirectory: true)
        let page = folder.appendingPathComponent(HTMLReport.fileName)
        guard PathKind.of(page) == .file, !POSIXFile.isSymlink(folder) else { return nil }
        return path + "/" + HTMLReport.fileName
    }
}
