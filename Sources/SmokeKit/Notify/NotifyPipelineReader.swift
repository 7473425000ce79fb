import Foundation
import SmokeCore

/// What `smokerun notify --pipeline` needs from a pipeline, read with the full `PipelineLoader` so it is validated.
package enum NotifyPipelineReader {
    package struct Result: Sendable, Equatable {
        package var output: String
        package var notify: NotifySettings
        /// The project root, so a message shows source paths relative to it; nil without a pipeline.
        package var projectRoot: String?
        package var pipeline: PipelineKey?

        package init(output: String, notify: NotifySettings, projectRoot: String? = nil, pipeline: PipelineKey? = nil) {
            self.output = output
            self.notify = notify
            self.projectRoot = projectRoot
            self.pipeline = pipeline
        }
    }

    package static func read(_ url: URL) throws(PipelineError) -> Result {
        let pipeline = try PipelineLoader().load(url)
        let output = pipeline.resolve(pipeline.output, currentDirectory: url.deletingLastPathComponent())
        let root = pipeline.projectRoot(currentDirectory: url.deletingLastPathComponent())
        return Result(
            output: output.path, notify: pipeline.notify, projectRoot: root.standardizedFileURL.path,
            pipeline: pipeline.key)
    }
}
