import Foundation
import SmokeCore

/// Removes hidden temp files (`AtomicFile.temporaryURL`) a killed smokerun left in the output and run folders,
/// which a full disk needs back. Only files older than `age` (another run may be writing its own right now), and
/// only what smokerun provably made: run folders named as `RunID.make` names them, real folders (a symlink under
/// `runs/` is never followed) with the run marker, and in them regular files and symlinks with a temp name, owned
/// by this user.
struct TemporaryFileSweeper: Sendable {
    var outputDirectory: URL
    /// How old a temp file must be to count as left behind.
    var age: TimeInterval = 3600

    /// Sweeps the output folder and every run folder; returns the paths removed. Best effort, silent.
    @discardableResult
    func sweep(now: Date = SystemClock.now()) -> [String] {
        Self.sweep([outputDirectory] + RunPruner.ownRuns(in: outputDirectory), olderThan: age, now: now)
    }

    /// The same directly in each of `folders`, for other folders smokerun writes whole files into (the dashboard's).
    @discardableResult
    static func sweep(_ folders: [URL], olderThan age: TimeInterval = 3600, now: Date = SystemClock.now()) -> [String] {
        var removed: [String] = []
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where AtomicFile.isTemporaryName(name) {
                let file = folder.appendingPathComponent(name)
                guard let entry = kind(of: file), entry.isFileOrLink, entry.owner == geteuid(),
                    now.timeIntervalSince(entry.modified) > age
                else { continue }
                POSIXFile.remove(file)
                if !POSIXFile.exists(file) { removed.append(file.path) }
            }
        }
        return removed
    }

    /// What `lstat` says of an entry itself (never of what a symlink points at).
    private struct Entry {
        var mode: mode_t
        var owner: uid_t
        var modified: Date

        var isFileOrLink: Bool { (mode & S_IFMT) == S_IFREG || (mode & S_IFMT) == S_IFLNK }
    }

    private static func kind(of url: URL) -> Entry? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let seconds = TimeInterval(info.st_mtimespec.tv_sec)
        #else
            let seconds = TimeInterval(info.st_mtim.tv_sec)
        #endif
        return Entry(mode: info.st_mode, owner: info.st_uid, modified: Date(timeIntervalSince1970: seconds))
    }
}
