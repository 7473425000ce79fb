import Foundation
import SmokeCore

/// Builds the dashboard site from one or more output folders: reads each through its `DashboardSource`, renders
/// the pages (`DashboardSite`) and writes them with `DashboardWriter`.
package struct DashboardGenerator: Sendable {
    /// An output folder and the source that reads it.
    package struct Origin: Sendable {
        package var outputDirectory: URL
        package var source: any DashboardSource

        /// The folder read through its history's source, else the folder's own.
        package init(outputDirectory: URL, history: (any RunHistory)? = nil) throws {
            self.outputDirectory = outputDirectory
            source = try (history ?? HistoryOpening.open(outputFolder: outputDirectory)).dashboardSource()
        }
    }

    /// What was written, for the summary line.
    package struct Result: Sendable, Equatable {
        package var pipelines: [String]
        package var files: Int
        package var warnings: [String]
    }

    package var siteDirectory: URL
    var fileWriter: FileWriter = .system
    var beforeSwitch: @Sendable () -> Void = {}

    package init(siteDirectory: URL) {
        self.siteDirectory = siteDirectory
    }

    /// The site for `pipelines` (all when nil) out of `origins`; a pipeline in two folders is shown from the first.
    package func generate(from origins: [Origin], pipelines: [String]?) throws -> Result {
        var inputs: [DashboardSite.Input] = []
        var warnings: [String] = []
        for origin in origins {
            let read = try origin.source.histories(pipelines: pipelines)
            warnings += read.warnings
            let link = Self.relativeLink(from: siteDirectory, to: origin.outputDirectory)
            for var history in read.histories where !inputs.contains(where: { $0.history.pipeline == history.pipeline })
            {
                // The quarantine as the newest run recorded it; none when its report is gone.
                if let newest = history.runs.last {
                    let folder = OutputLayout(root: origin.outputDirectory).run(newest.id)
                    history.quarantine = (try? RunReportFile.load(at: folder))?.quarantine
                }
                inputs.append(DashboardSite.Input(history: history, outputLink: link))
            }
        }
        guard !inputs.isEmpty else { return Result(pipelines: [], files: 0, warnings: warnings) }
        var writer = DashboardWriter(siteDirectory: siteDirectory)
        writer.fileWriter = fileWriter
        writer.beforeSwitch = beforeSwitch
        // `<output>/site` is in a folder of smokerun's own; sites written there before the marker have none.
        let site = siteDirectory.standardizedFileURL.path
        writer.ownsUnmarkedSite = origins.contains {
            OutputLayout(root: $0.outputDirectory).site.standardizedFileURL.path == site
        }
        let files = try writer.write(DashboardSite.plan(inputs))
        return Result(pipelines: inputs.map(\.history.pipeline).sorted(), files: files, warnings: warnings)
    }

    /// The relative path from folder `from` to folder `to`, ending in `/` (empty when they are the same).
    static func relativeLink(from: URL, to: URL) -> String {
        let source = from.standardizedFileURL.pathComponents
        let target = to.standardizedFileURL.pathComponents
        var common = 0
        while common < source.count, common < target.count, source[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: source.count - common) + target[common...]
        return parts.isEmpty
            ? ""
            : parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
                .joined(separator: "/") + "/"
    }
}
