import Foundation
import SmokeCore

/// The run folders a run left out of the history — killed during its history append, or its append failed on a full
/// disk — found by the next run: each still holds `.smokerun-unlisted` while its lock is free (`RunFolderLock`).
/// One with a report is appended to the history as its report.json records it (which says `error` when the append
/// failed), so it is never kept and invisible to `history`, the dashboard and retention; one without a report is the
/// `AbandonedRunSweeper`'s. A shard's folder is unmarked when its finish starts: shards are never listed.
struct OrphanRunAdopter {
    var store: RunStore
    /// The project root the pipeline identity of an adopted run is computed against (the adopting run's).
    var projectRoot: String?
    /// Whether a run still holds a marker's lock; tests pass their own.
    var isLive: (URL) -> Bool = { RunFolderLock.isHeld(marker: $0) }

    /// Adopts what is to be adopted; returns one note per run adopted, for the person to read.
    func adopt() -> [String] {
        let layout = OutputLayout(root: store.outputDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.runs.path)) ?? []
        var notes: [String] = []
        for folder in names.filter(RunID.isMade).sorted().map(layout.run) where RunPruner.isOwnRun(folder) {
            let unlisted = OutputLayout.unlistedMarker(inRun: folder)
            guard POSIXFile.exists(unlisted), !isLive(OutputLayout.runMarker(inRun: folder)),
                let report = try? RunReportFile.load(at: folder)
            else { continue }
            if !isListed(report) {
                let identity = RetentionPolicy.pipelineIdentity(
                    projectRoot: projectRoot, pipelineFile: report.pipelineFile)
                guard (try? store.appendHistory(report, pipelinePath: identity)) != nil else { continue }
                notes.append(
                    """
                    the history now lists run \(report.runID) (\(report.status.rawValue)), which a killed or failed \
                    run had left out of it
                    """
                )
            }
            POSIXFile.remove(unlisted)
        }
        return notes
    }

    /// Whether the history already holds the run (a kill after the append, before the marker went).
    private func isListed(_ report: RunReport) -> Bool {
        // A history that cannot be read adopts nothing: a run is never listed twice.
        guard let runs = try? store.history.runs(pipeline: report.pipeline)
        else { return true }
        return runs.contains { $0.runID == report.runID }
    }
}
