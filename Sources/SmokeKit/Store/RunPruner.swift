import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Applies `RetentionPolicy` to an output folder after a run, and removes a run's raw profiles once
/// its coverage is exported. Deleting is the only effect; what to delete is decided by the policy.
struct RunPruner: Sendable {
    var outputDirectory: URL
    /// The output folder's history, whose runs retention reads and prunes.
    var history: any RunHistory
    var remove: @Sendable (URL) throws -> Void = { try FileManager.default.removeItem(at: $0) }

    /// What one pruning did: the run ids removed, how many runs older than `historyDays` left `history.sqlite`,
    /// and a message per run that could not be removed.
    struct Outcome: Sendable, Equatable {
        var removed: [String] = []
        var historyRunsDeleted = 0
        var failures: [String] = []
    }

    /// Removes the pipeline's runs the policy lets go, never `current` or the run `latest` points at. Only runs
    /// smokerun provably made for this pipeline file are candidates: a history line of the same name and
    /// `pipelinePath`, a run id exactly as `RunID.make` writes them, and a real folder (not a link) holding the run
    /// marker. A `nil` `pipelinePath` removes nothing.
    ///
    /// The history keeps removed runs (`history.sqlite` marks their folders gone); its rows of this pipeline file's
    /// runs older than `settings.historyDays` are deleted.
    func prune(pipeline: String, pipelinePath: String?, settings: RetentionSettings, now: Date, current: String)
        -> Outcome
    {
        var outcome = Outcome()
        guard let pipelinePath else { return outcome }
        let entries: [HistoryRun]
        do {
            entries = try history.runs(pipeline: pipeline)
        } catch {
            outcome.failures.append(error.localizedDescription)
            return outcome
        }
        var protected: Set<String> = [current]
        if let latest = RunDirectoryLocator.latestRun(outputDirectory: outputDirectory) {
            protected.insert(latest.lastPathComponent)
        }
        let runs = entries.filter { $0.pipelinePath == pipelinePath }.map {
            RetentionPolicy.Run(runID: $0.runID, startedAt: $0.startedAt)
        }
        for runID in RetentionPolicy.expired(runs, settings: settings, now: now, protected: protected) {
            // The id comes from a file: only an id smokerun makes names a folder it may remove.
            guard RunID.isMade(runID) else { continue }
            let directory = OutputLayout(root: outputDirectory).run(runID)
            guard Self.isOwnRun(directory) else { continue }
            do {
                try remove(directory)
                outcome.removed.append(runID)
            } catch {
                outcome.failures.append("could not remove \(directory.path): \(error.localizedDescription)")
            }
        }
        pruneHistory(pipelinePath: pipelinePath, settings: settings, now: now, outcome: &outcome)
        return outcome
    }

    /// Marks the removed runs' folders gone in the history and deletes its runs older than `historyDays`.
    private func pruneHistory(pipelinePath: String, settings: RetentionSettings, now: Date, outcome: inout Outcome) {
        do {
            outcome.historyRunsDeleted = try history.prune(
                removedFolders: outcome.removed, pipelinePath: pipelinePath,
                startedBefore: now.addingTimeInterval(-settings.historyDays * 86_400))
        } catch {
            outcome.failures.append("history: \(error.localizedDescription)")
        }
    }

    /// True when `directory` is a folder itself (not a symlink to one) and holds smokerun's run marker, a regular
    /// file: a folder smokerun made with `RunStore.createRunDirectory`. `runs/` must not be a link either.
    static func isOwnRun(_ directory: URL) -> Bool {
        var info = stat()
        let runs = directory.deletingLastPathComponent()
        guard lstat(runs.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        guard lstat(directory.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        let marker = OutputLayout.runMarker(inRun: directory)
        return lstat(marker.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
