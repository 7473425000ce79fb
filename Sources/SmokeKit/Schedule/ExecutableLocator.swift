import Foundation

/// Turns `argv[0]` into the absolute path of the running executable, for job definitions.
package enum ExecutableLocator {
    package static func resolve(_ invokedAs: String, currentDirectory: URL, environment: [String: String]) -> String {
        if invokedAs.contains("/") {
            let url = invokedAs.hasPrefix("/") ? URL(fileURLWithPath: invokedAs) : currentDirectory.appendingPathComponent(invokedAs)
            return url.standardizedFileURL.resolvingSymlinksInPath().path
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(invokedAs)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.standardizedFileURL.resolvingSymlinksInPath().path
            }
        }
        return invokedAs
    }
}
