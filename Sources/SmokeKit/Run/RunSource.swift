import Foundation
import SmokeCore

/// Where a run's results come from: a live run (`LiveRun`), saved output (`SavedOutput`) or a sharded run's
/// folders (`MergedShards`). `RunPipeline.run` does the rest the same way for each.
package protocol RunSource: Sendable {
    /// How the run ends; its `outputDirectory` holds the run folder, its `context` streams, clock and paths.
    var finisher: RunFinisher { get }
    /// Whether a run folder that cannot be made still gets a report (with the reason among its errors).
    var survivesMissingFolder: Bool { get }
    /// What happens before the run has a folder (the seed said, saved output read); returns its start time.
    mutating func start() async throws -> Date
    /// The run's draft in `folder`; `folderProblem` says why the folder could not be made.
    func produce(in folder: RunDirectory, folderProblem: String?) async throws -> RunDraft
}

extension RunSource {
    package var survivesMissingFolder: Bool { false }
}
