import Foundation
import SmokeCore
import SmokeKit

/// Finds a command's project as SwiftPM finds `Package.swift`: the nearest folder upward holding the default
/// pipeline or a package manifest.
enum ProjectLocator {
    /// The project root, or nil when no folder up to `/` has either file.
    static func root(from start: URL, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> URL?
    {
        var folder = start.standardizedFileURL
        // Bounded by the path's depth: each step drops one component until `/`.
        for _ in 0...folder.pathComponents.count {
            if fileExists(folder.appendingPathComponent(OutputLayout.defaultPipeline).path)
                || fileExists(folder.appendingPathComponent("Package.swift").path)
            {
                return folder
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }

    /// The default pipeline: `Pipelines/smoke.json` of the project found upward (else the current folder), shown
    /// relative from the project root, else absolute, so a message names a file one can open.
    static func defaultPipeline(
        from currentDirectory: URL, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> (url: URL, displayPath: String) {
        let root = root(from: currentDirectory, fileExists: fileExists) ?? currentDirectory.standardizedFileURL
        let url = root.appendingPathComponent(OutputLayout.defaultPipeline)
        let atRoot = root.standardizedFileURL.path == currentDirectory.standardizedFileURL.path
        return (url, atRoot ? OutputLayout.defaultPipeline : url.path)
    }

    /// A pipeline path a person gave (resolved against the current folder), else the default one.
    static func pipeline(_ given: String?, in context: HostContext) -> (url: URL, displayPath: String) {
        if let given { return (context.url(for: given), given) }
        return defaultPipeline(from: context.currentDirectory)
    }
}
