import Foundation

/// The package's root folder, found from this file's own path so no machine path is written down:
/// this file is `<package root>/Tests/SmokeCoreTestSupport/PackageRoot.swift`.
enum PackageRoot {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relativePath` below the package root, e.g. `Tests/Fixtures/FakeXcode`.
    static func file(_ relativePath: String) -> URL { folder.appendingPathComponent(relativePath) }
}
