import Foundation

/// The folder a test run gives the tests for files they leave behind: smokerun sets
/// `SMOKERUN_SCRATCH_DIR` to a fresh folder per run (per bisect run too), so parallel runs never share
/// one. Without it (plain `swift test`) the flaky and poisoning tests behave as if nothing was left.
enum Scratch {
    static var folder: URL? {
        guard let path = ProcessInfo.processInfo.environment["SMOKERUN_SCRATCH_DIR"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    static func exists(_ name: String) -> Bool {
        guard let folder else { return false }
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    static func leave(_ name: String) {
        guard let folder else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("left by a test\n".utf8))
    }
}
