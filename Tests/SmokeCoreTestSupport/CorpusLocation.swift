import Foundation

/// The shared corpus of real outputs, read in place: `../shared/corpus` beside the package root, found from
/// this file's own path so no machine path is written down. Tests skip when it is absent, except under
/// `CI=true`, where CI puts `../shared/corpus` beside the checkout and a missing corpus is a failure.
enum CorpusLocation {
    /// `<package root>/../shared/corpus`.
    static let folder: URL = PackageRoot.file("../shared/corpus").standardizedFileURL

    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// CI must run the corpus tests: there, a missing corpus fails them instead of skipping them.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether the corpus suites run: always under CI (to fail when the corpus is missing), else when present.
    static var shouldRun: Bool { isPresent || isRequired }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "the shared corpus is missing at \(CorpusLocation.folder.path) (CI=true needs ../shared/corpus beside the package root)"
        }
    }

    /// Throws (failing the test) when the corpus is absent.
    static func require() throws {
        guard isPresent else { throw Missing() }
    }

    static func file(_ relativePath: String) -> URL { folder.appendingPathComponent(relativePath) }
}
