import Foundation
import SmokeCore

/// What `smokerun coverage` was pointed at.
package enum CoverageInput: Equatable, Sendable {
    /// A run directory holding `coverage.json`; `outputDirectory` holds its `history.jsonl`.
    case run(directory: URL, runID: String, outputDirectory: URL)
    case export(file: URL)

    /// Resolves the positional argument: an existing file other than `report.json` is `coverage.json` or an llvm-cov
    /// export; anything else is a RUN for `RunDirectoryLocator`.
    package static func resolve(_ argument: String?, output: URL, resolvePath: (String) -> URL) throws -> CoverageInput
    {
        func run(_ directory: URL) -> CoverageInput {
            let resolved = directory.resolvingSymlinksInPath()
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
