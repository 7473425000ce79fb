import Foundation
import SmokeCore

/// Where the dashboard gets its histories: the one plug-in point between a store and the site.
package protocol DashboardSource: Sendable {
    /// Each pipeline's history (only `pipelines` when given), oldest run first, by name; `warnings` for stderr.
    func histories(pipelines: [String]?) throws -> (histories: [DashboardHistory], warnings: [String])
}

extension DashboardSource {
    /// The report page of the run at `path` (as history stores it), relative to `outputDirectory`, while it exists.
    /// A stored path is data: only a plain path inside the output folder is followed, never through a link.
    static func reportPage(ofRunAt path: String, in outputDirectory: URL) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        let folder = outputDirectory.appendingPathComponent(path, isDirectory: true)
        let page = folder.appendingPathComponent(HTMLReport.fileName)
        guard PathKind.of(page) == .file, !POSIXFile.isSymlink(folder) else { return nil }
        return path + "/" + HTMLReport.fileName
    }
}
