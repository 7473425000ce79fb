import Foundation
import SmokeCore

/// What `smokerun coverage` was pointed at.
package enum CoverageInput: Equatable, Sendable {
    /// A run directory holding `coverage.json`; `outputDirectory` holds its `history.jsonl`.
    case run(directory: URL, runID: String, outputDirectory: URL)
    /// A raw `llvm-cov export` JSON file.
    case export(file: URL)

    /// Resolves the command's positional argument: an existing file other than `report.json` is
    /// `coverage.json` (its run) or an llvm-cov export; anything else is a RUN for `RunDirectoryLocator`
    /// (nothing → the latest run, a run directory, its report.json, a run id).
    package static func resolve(_ argument: String?, output: URL, resolvePath: (String) -> URL) throws -> CoverageInput
    {
        func run(_ directory: URL) -> CoverageInput {
            let resolved = directory.resolvingSymlinksInPath()
            // A run lives at <output>/runs/<ID>; its history is two levels up.
            let output = resolved.deletingLastPathComponent().deletingLastPathComponent()
            return .run(directory: resolved, runID: resolved.lastPathComponent, outputDirectory: output)
        }
        if let argument {
            let path = resolvePath(argument)
            if PathKind.of(path) == .file, path.lastPathComponent != RunDirectory.reportName {
                return path.lastPathComponent == RunDirectory.coverageJSONName
                    ? run(path.deletingLastPathComponent()) : .export(file: path)
            }
        }
        return run(try RunDirectoryLocator.resolve(argument, outputDirectory: output, resolvePath: resolvePath))
    }
}
