import Foundation

/// Finds the project a command run from a subfolder belongs to, the way SwiftPM finds `Package.swift`:
/// the nearest folder, from the current one upward, that holds the default pipeline or a package manifest.
package enum ProjectLocator {
    package static let defaultPipeline = "Pipelines/smoke.json"

    /// The project root, or nil when no folder up to `/` has either file.
    package static func root(from start: URL, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> URL? {
        var folder = start.standardizedFileURL
        // Bounded by the path's depth: each step drops one component until `/`.
        for _ in 0...folder.pathComponents.count {
            if fileExists(folder.appendingPathComponent(defaultPipeline).path) || fileExists(folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }
}
