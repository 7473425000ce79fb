import Foundation
import SmokeCore
import SmokeKit

/// `--output DIR` obeys the rule a pipeline's `output` does: smokerun deletes old runs and temp files in its
/// output folder, so it must be a folder of smokerun's own, never the project, the home folder or a folder of
/// other files.
enum OutputOption {
    /// Throws (exit 2) naming the option and the fix when `value` cannot be the output folder.
    /// - Parameter projectRoot: the folder the output may not be or contain: the pipeline's project root, or the
    ///   current directory for commands without a pipeline.
    static func check(_ value: String?, projectRoot: URL, in context: HostContext) throws {
        guard let value else { return }
        let loader = PipelineLoader()
        if let problem = loader.outputFolderProblem(
            value: value, resolved: context.url(for: value), projectRoot: projectRoot.standardizedFileURL)
        {
            throw UsageError("--output \(problem)")
        }
    }
}
