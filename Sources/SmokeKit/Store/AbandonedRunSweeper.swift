import Foundation
import SmokeCore

/// Removes run folders a killed smokerun left without a report (no history line names them, so retention never
/// sees them). Only a folder smokerun made (`RunPruner.isOwnRun`), without report.json, older than `age`, whose
/// marker's lock is free (`RunFolderLock`, any PID namespace): a live run's folder is never touched.
struct AbandonedRunSweeper: Sendable {
    var outputDirectory: URL
    /// How old a folder's marker must be before it can count as left behind.
    var age: TimeInterval = 3600
    /// Whether a run still holds the marker's lock; tests pass their own.
    var isLive: @Sendable (URL) -> Bool = { RunFolderLock.isHeld(marker: $0) }

    /// Sweeps `runs/`; returns the folders removed. Best effort: what cannot be read or removed stays.
    @discardableResult
    func sweep(now: Date = SystemClock.now()) -> [String] {
        var removed: [String] = []
        for folder in RunPruner.ownRuns(in: outputDirectory) {
            let marker = OutputLayout.runMarker(inRun: folder)
            guard !POSIXFile.exists(RunDirectory(folder).report),
                let made = try? FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date,
                now.timeIntervalSince(made) > age,
                let data = FileManager.default.contents(atPath: marker.path),
                RunMarker.parse(String(decoding: data, as: UTF8.self)) != nil, !isLive(marker)
            else { continue }
            try? FileManager.default.removeItem(at: folder)
            if !POSIXFile.exists(folder) { removed.append(folder.path) }
        }
        return removed
    }
}
