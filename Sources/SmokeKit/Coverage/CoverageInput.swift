import Foundation

/// What `smokerun coverage` was pointed at.
package enum CoverageInput: Equatable, Sendable {
    /// A run directory holding `coverage.json`; `outputDirectory` holds its `history.jsonl`.
    case run(directory: URL, runID: String, outputDirectory: URL)
    /// A raw `llvm-cov export` JSON file.
    case export(file: URL)

    /// Resolves the command's positional argument: nothing → `<output>/latest`; a directory → a run;
    /// `<output>/runs/<ID>` → a run; any other existing file → an llvm-cov export.
    package static func resolve(_ argument: String?, output: URL, resolvePath: (String) -> URL) throws(CoverageError) -> CoverageInput {
        let fileManager = FileManager.default
        func isDirectory(_ url: URL) -> Bool {
            var directory: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
        }
        func run(_ directory: URL) -> CoverageInput {
            let resolved = directory.resolvingSymlinksInPath()
            // A run lives at <output>/runs/<ID>; its history is two levels up.
            let output = resolved.deletingLastPathComponent().deletingLastPathComponent()
            return .run(directory: resolved, runID: resolved.lastPathComponent, outputDirectory: output)
        }
        guard let argument else {
            let latest = output.appendingPathComponent("latest")
            guard isDirectory(latest) else { throw .inputNotFound(input: "latest run", lookedIn: [latest.path]) }
            return run(latest)
        }
        let path = resolvePath(argument)
        if isDirectory(path) { return run(path) }
        if fileManager.fileExists(atPath: path.path) {
            if path.lastPathComponent == CoverageCollector.jsonName { return run(path.deletingLastPathComponent()) }
            return .export(file: path)
        }
        let byID = output.appendingPathComponent("runs").appendingPathComponent(argument)
        if !argument.contains("/"), isDirectory(byID) { return run(byID) }
        throw .inputNotFound(input: argument, lookedIn: [path.path, byID.path])
    }
}
