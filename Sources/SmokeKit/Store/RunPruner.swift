import Foundation
import SmokeCore

/// Applies `RetentionPolicy` to an output folder after a run, and removes a run's raw profiles once
/// its coverage is exported. Deleting is the only effect; what to delete is decided by the policy.
struct RunPruner: Sendable {
    var outputDirectory: URL
    var remove: @Sendable (URL) throws -> Void = { try FileManager.default.removeItem(at: $0) }

    init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }

    /// What one pruning did: the run ids removed, and a message per run that could not be.
    struct Outcome: Sendable, Equatable {
        var removed: [String] = []
        var failures: [String] = []
    }

    /// Removes the pipeline's runs the policy lets go, never `current` or the run `latest` points at.
    func prune(pipeline: String, settings: RetentionSettings, now: Date, current: String) -> Outcome {
        var outcome = Outcome()
        let entries: [HistoryEntry]
        do {
            entries = try HistoryStore.read(outputDirectory: outputDirectory, pipeline: pipeline)
        } catch {
            outcome.failures.append(error.localizedDescription)
            return outcome
        }
        var protected: Set<String> = [current]
        if let latest = HistoryStore.latestRunDirectory(outputDirectory: outputDirectory) {
            protected.insert(latest.lastPathComponent)
        }
        let runs = entries.map { RetentionPolicy.Run(runID: $0.runID, startedAt: $0.startedAt) }
        for runID in RetentionPolicy.expired(runs, settings: settings, now: now, protected: protected) {
            // The id comes from a file; only a plain run id names a folder under runs/.
            guard RunID.isValid(runID) else { continue }
            let directory = outputDirectory.appendingPathComponent(
                RunStore.relativePath(runID: runID), isDirectory: true)
            guard FileManager.default.fileExists(atPath: directory.path) else { continue }
            do {
                try remove(directory)
                outcome.removed.append(runID)
            } catch {
                outcome.failures.append("could not remove \(directory.path): \(error.localizedDescription)")
            }
        }
        return outcome
    }

    /// Deletes `<run>/profiles/*.profraw` once `coverage.profdata` holds them merged (it is what
    /// `smokerun merge` reads first); the folder goes too when nothing else is in it.
    static func removeRawProfiles(in runDirectory: URL) {
        guard
            FileManager.default.fileExists(
                atPath: runDirectory.appendingPathComponent(RunDirectory.coverageProfileName).path)
        else { return }
        let folder = RunDirectory(runDirectory).profiles
        for profile in CoverageCollector.profiles(in: folder) { try? FileManager.default.removeItem(at: profile) }
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
