import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the dashboard site into its folder: each page into a temp file beside it, then renamed into place (a
/// reader of the site never sees half a page; no fsync, as the next run rewrites every page), only inside the site folder, and never through a symbolic link —
/// the site folder and every folder in it must be real folders.
package struct DashboardWriter: Sendable {
    package var siteDirectory: URL
    /// Every byte goes through it; tests fail it like a full disk.
    var fileWriter: FileWriter = .system

    package init(siteDirectory: URL) {
        self.siteDirectory = siteDirectory
    }

    /// Writes `files` (paths relative to the site folder); returns how many were written.
    @discardableResult
    package func write(_ files: [DashboardSite.File]) throws -> Int {
        if !POSIXFile.exists(siteDirectory) {
            do {
                try FileManager.default.createDirectory(
                    at: siteDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw StoreError.writeFailed(path: siteDirectory.path, reason: error.localizedDescription)
            }
        }
        try makeFolder(siteDirectory)
        var made: Set<String> = []
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else {
                throw StoreError.writeFailed(
                    path: siteDirectory.appendingPathComponent(file.path).path,
                    reason: "not a plain path inside the site folder")
            }
            var folder = siteDirectory
            for part in parts.dropLast() {
                folder.appendPathComponent(part, isDirectory: true)
                if made.insert(folder.path).inserted { try makeFolder(folder) }
            }
            let url = folder.appendingPathComponent(parts[parts.count - 1])
            try AtomicFile.replace(with: Data(file.contents.utf8), at: url, writer: fileWriter)
        }
        return files.count
    }

    /// Creates `folder` unless it is already a real folder; a symbolic link there is refused, never followed.
    private func makeFolder(_ folder: URL) throws {
        if POSIXFile.isSymlink(folder) {
            throw StoreError.writeFailed(
                path: folder.path,
                reason:
                    "it is a symbolic link, and smokerun writes the dashboard only into folders of its own; remove the link"
            )
        }
        if mkdir(folder.path, 0o755) != 0, errno != EEXIST {
            throw StoreError.writeFailed(path: folder.path, reason: POSIXFile.lastError())
        }
        guard PathKind.of(folder) == .folder, !POSIXFile.isSymlink(folder) else {
            throw StoreError.writeFailed(path: folder.path, reason: "it is not a folder; move it away")
        }
    }
}
