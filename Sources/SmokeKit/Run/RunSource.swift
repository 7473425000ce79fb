import Foundation
import SmokeCore

/// Where a run's results come from: a live run of the pipeline's driver (`LiveRun`), saved output (`SavedOutput`,
/// `smokerun parse`) or the folders of a sharded run (`MergedShards`). `RunPipeline.run` does the rest the same way
/// for each: it makes the run folder, asks the source for a draft, stores its attachments and finishes it.
package protocol RunSource: Sendable {
    /// How the run ends (reports, history, webhook, summary); its `outputDirectory` holds the run folder and its
    /// `context` the streams, clock and display paths.
    var finisher: RunFinisher { get }
    /// Whether a run folder that cannot be made still gets a report (a live run's, with the reason among its errors)
    /// rather than the error thrown.
    var survivesMissingFolder: Bool { get }
    /// What happens before the run has a folder (a live run says its seed; saved output is read); returns when the
    /// run started, which names its folder.
    mutating func start() async throws -> Date
    /// The run's draft, in `folder`; `folderProblem` says why the folder could not be made, if it could not.
    func produce(in folder: RunDirectory, folderProblem: String?) async throws -> RunDraft
}

extension RunSource {
    package var survivesMissingFolder: Bool { false }
}
