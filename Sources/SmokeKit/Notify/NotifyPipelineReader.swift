import Foundation
import SmokeCore

/// The two things `smokerun notify --pipeline` needs from a pipeline: where its output is and
/// how it notifies. Read with the full `PipelineLoader`, so every key is validated the same way.
package enum NotifyPipelineReader {
    package struct Result: Sendable, Equatable {
        package var output: String
        package var notify: NotifySettings

        package init(output: String, notify: NotifySettings) {
            self.output = output
            self.notify = notify
        }
    }

    package static func read(_ url: URL) throws(PipelineError) -> Result {
        let pipeline = try PipelineLoader().load(url)
        let output = pipeline.resolve(pipeline.output, currentDirectory: url.deletingLastPathComponent())
        return Result(output: output.path, notify: pipeline.notify)
    }
}
