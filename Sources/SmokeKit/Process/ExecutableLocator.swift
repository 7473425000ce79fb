import Foundation
import SmokeCore

/// Finds programs on `PATH`, symlinks resolved so tools beside the real binary (its llvm-cov) can be found.
package enum ExecutableLocator {
    /// The first executable named `name` on `path` (a `PATH`-style list), or nil.
    static func find(_ name: String, path: String?) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func resolved(_ url: URL) -> URL {
        url.resolvingSymlinksInPath()
    }

    /// The absolute, symlink-free path of `argv[0]`: a path from `currentDirectory`, a bare name from `PATH`.
    package static func resolve(_ invokedAs: String, currentDirectory: URL, environment: [String: String]) -> String {
        if invokedAs.contains("/") {
            let url =
                invokedAs.hasPrefix("/")
                ? URL(fileURLWithPath: invokedAs) : currentDirectory.appendingPathComponent(invokedAs)
            return resolved(url.standardizedFileURL).path
        }
        return find(invokedAs, path: environment["PATH"]).map { resolved($0).path } ?? invokedAs
    }
}
