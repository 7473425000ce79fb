import CSpawn
import Foundation
import SmokeCore

/// Writes the dashboard site whole: every page into a hidden staging folder beside it, then swapped in with one
/// rename, so a reader (or a kill) finds the old site or the new one, never half of one. Writes only into a missing
/// or empty folder or one holding the site marker; anything else is refused (exit 2), and never through a link. Files of
/// the user's in a site it wrote (`CNAME`, `.nojekyll`) stay.
/// No fsync: the next run writes the site again.
package struct DashboardWriter: Sendable {
    static let markerName = ".smokerun-site"
    static let stagingPrefix = ".smokerun-site-"

    package var siteDirectory: URL
    /// Every byte goes through it; tests fail it like a full disk.
    var fileWriter: FileWriter = .system
    /// The site folder is smokerun's even without the marker (`<output>/site`, which older sites lack).
    var ownsUnmarkedSite = false
    /// Called just before the complete new site is switched in; fault tests stop the writer here.
    var beforeSwitch: @Sendable () -> Void = {}

    /// Writes `files` (paths relative to the site folder) as the whole site; returns how many were written.
    @discardableResult
    package func write(_ files: [DashboardSite.File]) throws -> Int {
        try write(count: files.count, path: { files[$0].path }, file: { files[$0] })
    }

    /// Renders and writes every page of `plan` in parallel, so the site is never held whole; returns the count.
    @discardableResult
    package func write(_ plan: DashboardSite.Plan) throws -> Int {
        let pages = plan.pages
        return try write(count: pages.count, path: { plan.path(of: pages[$0]) }, file: { plan.render(pages[$0]) })
    }

    /// Checks the site folder is smokerun's, writes the pages into a new folder, then switches it in; the first
    /// failure removes the new folder and is thrown, the old site untouched.
    private func write(
        count: Int, path: (Int) -> String, file: @Sendable (Int) -> DashboardSite.File
    ) throws -> Int {
        let exists = try checkSite()
        let parent = siteDirectory.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw StoreError.writeFailed(path: parent.path, reason: error.localizedDescription)
        }
        // What a killed dashboard left an hour ago or more goes first: it holds a whole copy of a site.
        Self.sweepStaging(in: parent, site: siteDirectory.lastPathComponent)
        let staging = parent.appendingPathComponent(Self.stagingName(for: siteDirectory.lastPathComponent))
        try makeFolder(staging)
        do {
            _ = try POSIXFile.createExclusively(staging.appendingPathComponent(Self.markerName))
            try writePages(into: staging, count: count, path: path, file: file)
            if exists { try keepUsersFiles(into: staging) }
            beforeSwitch()
            try switchIn(staging, replacing: exists)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        return count
    }

    /// The site's files that are not smokerun's go into the new site too: a top-level file other than `index.html`
    /// (`CNAME`, `robots.txt`) and anything named with a leading dot (`.nojekyll`, `.well-known/`), which no page
    /// path is. Copied, so a failed switch leaves the old site whole.
    private func keepUsersFiles(into staging: URL) throws {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: siteDirectory.path)) ?? []
        for name in entries where name != Self.markerName && name != DashboardPaths.index {
            let source = siteDirectory.appendingPathComponent(name)
            guard name.hasPrefix(".") || PathKind.of(source) != .folder else { continue }
            let target = staging.appendingPathComponent(name)
            guard PathKind.of(target) == .missing else { continue }
            do {
                try FileManager.default.copyItem(at: source, to: target)
            } catch {
                throw StoreError.writeFailed(path: target.path, reason: error.localizedDescription)
            }
        }
    }

    static func stagingName(for site: String) -> String {
        "\(stagingPrefix)\(UUID().uuidString.prefix(8).lowercased())-\(site)"
    }

    /// Whether the site folder exists; throws when it is not one smokerun may replace.
    private func checkSite() throws -> Bool {
        var info = stat()
        guard lstat(siteDirectory.path, &info) == 0 else { return false }
        let refuse = { (problem: String) in DashboardError.notOwnSite(folder: self.siteDirectory.path, problem: problem)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw refuse("is a symbolic link")
        default: throw refuse("is \(POSIXFile.kindName(info.st_mode)), not a folder")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: siteDirectory.path)) ?? []
        if entries.isEmpty || entries.contains(Self.markerName) || ownsUnmarkedSite { return true }
        let shown = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        throw refuse("holds files smokerun did not write (\(shown))")
    }

    private func writePages(
        into root: URL, count: Int, path: (Int) -> String, file: @Sendable (Int) -> DashboardSite.File
    ) throws {
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
            var folder = root
            for part in parts.dropLast() {
                folder.appendPathComponent(part, isDirectory: true)
                if made.insert(folder.path).inserted { try makeFolder(folder) }
            }
            urls.append(folder.appendingPathComponent(parts[parts.count - 1]))
        }
        let failure = FirstFailure()
        let lanes = max(min(count, 64), 1)
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
        if let error = failure.error { throw error }
    }

    /// Puts `staging` where the site is: one exchange when the site exists (the old one then removed), else a rename.
    private func switchIn(_ staging: URL, replacing exists: Bool) throws {
        guard exists else {
            try POSIXFile.rename(staging, to: siteDirectory)
            return
        }
        if Self.exchange(staging, siteDirectory) != 0 {
            // A file system without an atomic exchange: the old site steps aside, then the new one takes its place.
            let reason = POSIXFile.lastError()
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
                throw StoreError.writeFailed(path: siteDirectory.path, reason: reason)
            }
            let old = siteDirectory.deletingLastPathComponent().appendingPathComponent(
                Self.stagingName(for: siteDirectory.lastPathComponent))
            try POSIXFile.rename(siteDirectory, to: old)
            do {
                try POSIXFile.rename(staging, to: siteDirectory)
            } catch {
                try? POSIXFile.rename(old, to: siteDirectory)
                throw error
            }
            try? FileManager.default.removeItem(at: old)
            return
        }
        try? FileManager.default.removeItem(at: staging)
    }

    private static func exchange(_ first: URL, _ second: URL) -> Int32 {
        #if canImport(Glibc)
            smokerun_exchange(first.path, second.path)
        #elseif canImport(Darwin)
            renamex_np(first.path, second.path, UInt32(RENAME_SWAP))
        #else
            errno = ENOSYS
            return -1
        #endif
    }

    /// Removes `site`'s staging folders a killed dashboard left in `parent` an hour ago or more; returns their paths.
    @discardableResult
    static func sweepStaging(
        in parent: URL, site: String, olderThan age: TimeInterval = 3600, now: Date = SystemClock.now()
    )
        -> [String]
    {
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix(stagingPrefix) && name.hasSuffix("-\(site)")
            && name.count == stagingPrefix.count + 9 + site.count
        {
            let folder = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid(),
                POSIXFile.exists(folder.appendingPathComponent(markerName)),
                let modified = try? FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate]
                    as? Date,
                now.timeIntervalSince(modified) > age
            else { continue }
            try? FileManager.default.removeItem(at: folder)
            if !POSIXFile.exists(folder) { removed.append(folder.path) }
        }
        return removed
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
