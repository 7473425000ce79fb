import Foundation
import SmokeCore

/// Removes the hidden temp files (`.<name>.tmp-<token>`, see `AtomicFile.temporaryURL`) a killed smokerun left in the
/// output folder and its run folders: a run killed while writing a million tests' reports leaves hundreds of
/// megabytes there, which a full disk needs back. Only files older than `age` go — a smokerun still writing (another
/// pipeline's run at the same moment) made its own a few seconds or minutes ago.
struct TemporaryFileSweeper: Sendable {
    var outputDirectory: URL
    /// How old a temp file must be to count as left behind.
    var age: TimeInterval = 3600

    /// Sweeps the output folder and every run folder; returns the paths removed. Best effort: what cannot be read or
    /// removed stays, silently (the run that calls this has already finished its own files).
    @discardableResult
    func sweep(now: Date = Date()) -> [String] {
        let layout = OutputLayout(root: outputDirectory)
        let runs = (try? FileManager.default.contentsOfDirectory(atPath: layout.runs.path)) ?? []
        let folders =
            [outputDirectory] + runs.filter { !$0.hasPrefix(".") }.map { layout.runs.appendingPathComponent($0) }
        var removed: [String] = []
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where AtomicFile.isTemporaryName(name) {
                let file = folder.appendingPathComponent(name)
                guard let modified = Self.modified(file), now.timeIntervalSince(modified) > age else { continue }
                POSIXFile.remove(file)
                if !POSIXFile.exists(file) { removed.append(file.path) }
            }
        }
        return removed
    }

    /// The file's own modification time (a temp symlink's, not its target's: `attributesOfItem` does not follow).
    private static func modified(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}
