import Foundation
import SmokeCore
import SmokeKit

/// `--output DIR` follows the pipeline `output` rule: smokerun deletes old runs and temp files there, so it must
/// be smokerun's own folder, never the project, the home folder or a folder of other files.
enum OutputOption {
    /// Throws (exit 2) naming the option and the fix when `value` cannot be the output folder. `projectRoot`: what
    /// the output may not be or contain (the pipeline's project root, or the current directory).
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
