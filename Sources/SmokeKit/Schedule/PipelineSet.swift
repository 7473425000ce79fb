import Foundation
import SmokeCore

/// The pipelines the scheduler should run right now, and the files that could not be loaded.
/// Produced by a `PipelineSource` at start and again on every SIGHUP.
package struct PipelineSet: Sendable {
    package var pipelines: [Pipeline]
    package var failures: [PipelineLoadFailure] = []
}

/// A pipeline file that could not be read or validated; it is skipped while the others run.
package struct PipelineLoadFailure: Sendable, Equatable {
    package var path: String
    package var message: String
}

/// Loads the current pipelines (called at start and on SIGHUP).
package typealias PipelineSource = @Sendable () -> PipelineSet

/// Runs one pipeline to its end, or until the handle is cancelled (then the run is written as
/// `interrupted`). Never throws: failures become an outcome with status `error` and a message.
package typealias PipelineRunning =
    @Sendable (Pipeline, CancellationFlag, (any ProcessGroupRecording)?) async -> RunOutcome

/// When the last recorded run of a pipeline started (from `history.jsonl`), or nil when it never ran.
package typealias LastRunLookup = @Sendable (Pipeline) -> Date?
