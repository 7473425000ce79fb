import Foundation
import SmokeCore

/// Applies `RetentionPolicy` after a run and removes raw profiles once exported; deleting is its only effect.
struct RunPruner: Sendable {
    var outputDirectory: URL
    var history: any RunHistory
    var remove: @Sendable (URL) throws -> Void = { try FileManager.default.removeItem(at: $0) }

    /// What one pruning did: runs removed, old runs dropped from `history.sqlite`, a message per failed removal.
    struct Outcome: Sendable, Equatable {
        var removed: [String] = []
        var historyRunsDeleted = 0
        var failures: [String] = []
    }

    /// Removes the runs the policy lets go, never `current` or `latest`'s. Only runs smokerun provably made for this
    /// pipeline file: a history line of the same name and `pipelinePath`, an id as `RunID.make` writes it, and a real
    /// folder (not a link) with the run marker; a nil `pipelinePath` removes nothing. The history marks removed runs'
    /// folders gone and deletes this file's runs older than `settings.historyDays`.
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

    /// The run folders in `outputDirectory` smokerun provably made (a `RunID.make` id, `isOwnRun`), sorted by name.
    static func ownRuns(in outputDirectory: URL) -> [URL] {
        let layout = OutputLayout(root: outputDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.runs.path)) ?? []
        return names.filter(RunID.isMade).sorted().map(layout.run).filter(isOwnRun)
    }

    /// True when `directory` is a real folder (not a symlink), under a `runs/` that is no link either, holding the
    /// run marker as a regular file: a folder `RunStore.createRunDirectory` made.
    static func isOwnRun(_ directory: URL) -> Bool {
        var info = stat()
        let runs = directory.deletingLastPathComponent()
        guard lstat(runs.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        guard lstat(directory.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        let marker = OutputLayout.runMarker(inRun: directory)
        return lstat(marker.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
