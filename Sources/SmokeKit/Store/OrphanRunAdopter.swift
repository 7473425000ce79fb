import Foundation
import SmokeCore

/// Run folders a run left out of the history (killed during its append, or the append failed on a full disk),
/// found by the next run by `.smokerun-unlisted` with a free lock (`RunFolderLock`). One with a report is appended
/// as report.json records it, so it is never invisible to `history`, the dashboard and retention; one without is
/// `AbandonedRunSweeper`'s. Shards are never listed: their folder is unmarked when their finish starts.
struct OrphanRunAdopter {
    var store: RunStore
    /// The project root an adopted run's pipeline identity is computed against (the adopting run's).
    var projectRoot: String?
    /// Whether a run still holds a marker's lock; tests pass their own.
    var isLive: (URL) -> Bool = { RunFolderLock.isHeld(marker: $0) }

    /// Adopts what is to be adopted; one note per run adopted.
    func adopt() -> [String] {
        var notes: [String] = []
        for folder in RunPruner.ownRuns(in: store.outputDirectory) {
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
