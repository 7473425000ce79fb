import Foundation
import SmokeCore

/// The pipelines the scheduler should run now, and the files that could not be loaded (read at start and on SIGHUP).
package struct PipelineSet: Sendable {
    package var pipelines: [Pipeline]
    package var failures: [PipelineLoadFailure] = []
}

/// A pipeline file that could not be read or validated; skipped while the others run.
package struct PipelineLoadFailure: Sendable, Equatable {
    package var path: String
    package var message: String
}

package typealias PipelineSource = @Sendable () -> PipelineSet

/// Runs one pipeline to its end or cancellation (`interrupted`); never throws, failures become an `error` outcome.
package typealias PipelineRunning =
    @Sendable (Pipeline, CancellationFlag, (any ProcessGroupRecording)?) async -> RunOutcome

/// When a pipeline's last recorded run started, or nil when it never ran.
package typealias LastRunLookup = @Sendable (Pipeline) -> Date?
