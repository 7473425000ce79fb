import Foundation

/// Finds a run directory from what a person typed: a path to one, or a run id under the output folder.
package enum RunDirectoryLocator {
    /// `argument` as a directory holding `report.json`, else as `<output>/runs/<argument>`.
    package static func resolve(_ argument: String, outputDirectory: URL, resolvePath: (String) -> URL) throws -> URL {
        let given = resolvePath(argument)
        if FileManager.default.fileExists(atPath: given.appendingPathComponent(RunStore.reportName).path) { return given }
        if !argument.contains("/"), RunID.isValid(argument) {
            let directory = try HistoryStore.runDirectory(for: argument, outputDirectory: outputDirectory)
            guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(RunStore.reportName).path) else {
                throw StoreError.reportMissing(path: directory.appendingPathComponent(RunStore.reportName).path)
            }
            return directory
        }
        throw StoreError.reportMissing(path: given.appendingPathComponent(RunStore.reportName).path)
    }
}
