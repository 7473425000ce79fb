import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder every test's scratch files go under: `smokerun-tests-<pid>` in the system's temporary folder, one per
/// test process. Fixture packages built there reach hundreds of megabytes, and tests do not remove what they made,
/// so the first use removes the folders of test processes that have ended: repeated runs of the suite leave one
/// run's scratch behind, not every run's.
package enum TestScratch {
    package static let root: URL = {
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory
        let prefix = "smokerun-tests-"
        for name in (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            try? manager.removeItem(at: temporary.appendingPathComponent(name, isDirectory: true))
        }
        let root = temporary.appendingPathComponent(prefix + String(getpid()), isDirectory: true)
        try? manager.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }()
}
