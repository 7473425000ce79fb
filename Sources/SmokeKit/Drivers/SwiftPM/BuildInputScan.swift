import Foundation
import SmokeCore

/// Lists what a SwiftPM build reads, with each entry's `stat`: the package and its local dependencies, skipping
/// hidden entries (all but `.swift-version`) and the scratch and output folders.
struct BuildInputScan {
    /// A bigger tree is not walked (nil: build), so a huge monorepo never pays a long walk.
    var limit = 20_000
    /// Symlinked folders are followed; this bounds a cycle.
    var depthLimit = 48
    /// The one hidden file that counts: a toolchain proxy (swiftly) picks the compiler by it.
    static let toolchainPin = ".swift-version"

    /// The inputs under `roots` (others than the first are named `#N/…`); nil when a root is unreadable or too big.
    func scan(roots: [URL], excluding excluded: [URL]) -> [BuildInput]? {
        let skipped = Set(excluded.map { $0.resolvingSymlinksInPath().standardizedFileURL.path })
        var inputs: [BuildInput] = []
        for (index, root) in roots.enumerated() {
            let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
            guard let stamp = Self.stamp(rootPath), stamp.isDirectory else { return nil }
            let prefix = index == 0 ? "" : "#\(index)/"
            inputs.append(BuildInput(path: prefix + ".", stamp: stamp.stamp, isDirectory: true))
            var pending: [(path: String, relative: String, depth: Int)] = [(rootPath, "", 0)]
            while let folder = pending.popLast() {
                guard folder.depth < depthLimit,
                    let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
                else { return nil }
                for name in names where !name.hasPrefix(".") || name == Self.toolchainPin {
                    let path = folder.path + "/" + name
                    guard !skipped.contains(path) else { continue }
                    guard let entry = Self.stamp(path) else { continue }
                    let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                    inputs.append(
                        BuildInput(path: prefix + relative, stamp: entry.stamp, isDirectory: entry.isDirectory))
                    guard inputs.count <= limit else { return nil }
                    if entry.isDirectory { pending.append((path, relative, folder.depth + 1)) }
                }
            }
        }
        return inputs
    }

    /// `stat` (symlinks followed) of a path; nil when there is nothing there.
    static func stamp(_ path: String) -> (stamp: FileStamp, isDirectory: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        let stamp = FileStamp(modifiedNanoseconds: modified, size: Int64(info.st_size), inode: UInt64(info.st_ino))
        return (stamp, (info.st_mode & S_IFMT) == S_IFDIR)
    }
}
