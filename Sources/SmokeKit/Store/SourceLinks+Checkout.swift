import Foundation
import SmokeCore

extension SourceLinks {
    /// `from(environment:projectRoot:)` with the project placed in its git checkout: the nearest folder at or above
    /// `projectRoot` holding `.git` (a folder, or a worktree's file).
    static func ofCheckout(environment: [String: String], projectRoot: String?) -> SourceLinks {
        from(environment: environment, projectRoot: projectRoot, repositoryRoot: projectRoot.flatMap(checkoutRoot))
    }

    /// The folder at or above `folder` that holds `.git`; nil when none does.
    static func checkoutRoot(of folder: String) -> String? {
        var url = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        for _ in 0..<64 {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            guard parent.path != url.path else { return nil }
            url = parent
        }
        return nil
    }
}
