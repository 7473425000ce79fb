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
/// reader of the site never sees half a page; no fsync, as the next run rewrites every page), only inside the site
/// folder, and never through a symbolic link — the site folder and every folder in it must be real folders. Pages
/// are rendered and written on all cores at once; temp files a killed writer left an hour ago or more are removed.
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
        try write(count: files.count, path: { files[$0].path }, file: { files[$0] })
    }

    /// Renders and writes every page of `plan`, a page at a time on each of the machine's cores, so the site is
    /// never held whole; returns how many were written.
    @discardableResult
    package func write(_ plan: DashboardSite.Plan) throws -> Int {
        let pages = plan.pages
        return try write(count: pages.count, path: { plan.path(of: pages[$0]) }, file: { plan.render(pages[$0]) })
    }

    /// Makes the folders of the `count` pages' paths, then writes the pages `file` renders, in parallel; the first
    /// failure stops the rest and is thrown.
    private func write(
        count: Int, path: (Int) -> String, file: @Sendable (Int) -> DashboardSite.File
    ) throws -> Int {
        try makeSiteFolder()
        var made: Set<String> = []
        var urls: [URL] = []
        urls.reserveCapacity(count)
        for index in 0..<count {
            let parts = path(index).split(separator: "/").map(String.init)
            guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else {
                throw StoreError.writeFailed(
                    path: siteDirectory.appendingPathComponent(path(index)).path,
                    reason: "not a plain path inside the site folder")
            }
            var folder = siteDirectory
            for part in parts.dropLast() {
                folder.appendPathComponent(part, isDirectory: true)
                if made.insert(folder.path).inserted { try makeFolder(folder) }
            }
            urls.append(folder.appendingPathComponent(parts[parts.count - 1]))
        }
        let failure = FirstFailure()
        let lanes = min(count, 64)
        let targets = urls
        let fileWriter = fileWriter
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: count, by: lanes) where !failure.happened {
                do {
                    try AtomicFile.replace(
                        with: Data(file(index).contents.utf8), at: targets[index], writer: fileWriter)
                } catch {
                    failure.record(error)
                }
            }
        }
        // What a killed dashboard left half-written in these folders an hour or more ago goes now.
        TemporaryFileSweeper.sweep([siteDirectory] + made.map { URL(fileURLWithPath: $0, isDirectory: true) })
        if let error = failure.error { throw error }
        return count
    }

    /// Creates the site folder (and its parents) when missing.
    private func makeSiteFolder() throws {
        if !POSIXFile.exists(siteDirectory) {
            do {
                try FileManager.default.createDirectory(
                    at: siteDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw StoreError.writeFailed(path: siteDirectory.path, reason: error.localizedDescription)
            }
        }
        try makeFolder(siteDirectory)
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

/// The first error of the pages written in parallel.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any Error)?

    var happened: Bool { error != nil }

    var error: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    func record(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if first == nil { first = error }
    }
}
