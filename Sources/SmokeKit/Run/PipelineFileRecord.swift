import Foundation
import SmokeCore

/// The pipeline file a run used (report.json `pipelineFile`, `pipelineHash`): its path from the project root and
/// the SHA-256 of its bytes, so a later `bisect`/`merge` can tell whether it changed.
struct PipelineFileRecord: Sendable, Equatable {
    var path: String
    /// Nil when the file can no longer be read (it was loaded, then removed).
    var hash: String?

    init(path: String, hash: String?) {
        self.path = path
        self.hash = hash
    }

    /// Nil for a pipeline that was not read from a file (`sourcePath` is absolute, as the loader sets it).
    init?(_ pipeline: Pipeline, currentDirectory: URL, readFile: (URL) throws -> Data = { try Data(contentsOf: $0) }) {
        guard let sourcePath = pipeline.sourcePath else { return nil }
        let file = URL(fileURLWithPath: sourcePath).standardizedFileURL
        let root = pipeline.projectRoot(currentDirectory: currentDirectory).standardizedFileURL.path
        path = file.path.hasPrefix(root + "/") ? String(file.path.dropFirst(root.count + 1)) : file.path
        hash = (try? readFile(file)).map { SHA256.hex($0) }
    }
}
