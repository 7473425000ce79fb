import Foundation
import SmokeCore

extension PipelineLoader {
    /// Why `resolved` (named `value` by a pipeline's `output` or a command's `--output`) cannot be smokerun's
    /// output folder: a file, or a folder `OutputFolderRule` refuses; nil when it can be.
    package func outputFolderProblem(value: String, resolved: URL, projectRoot: URL) -> String? {
        if pathKind(resolved) == .file {
            return """
                \(resolved.path) is a file, not a folder; name a folder (the default is ".smokerun") or move the file \
                away
                """
        }
        let entries = pathKind(resolved) == .folder ? folderEntries(resolved) : nil
        return OutputFolderRule.problem(
            value: value, resolved: resolved, projectRoot: projectRoot, home: home, entries: entries)
    }
}
