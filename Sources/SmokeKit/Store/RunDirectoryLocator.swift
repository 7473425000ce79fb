import Foundation
import SmokeCore

/// Resolves the RUN argument of `bisect`, `merge`, `notify`, `coverage` with one rule and message: nothing is the
/// latest run (`<output>/latest`, else the newest under `runs/`); a directory is that run; a `report.json` is
/// its folder; one path component is `<output>/runs/<id>`. Reading the folder is the command's.
package enum RunDirectoryLocator {
    package static func resolve(_ argument: String?, outputDirectory: URL, resolvePath: (String) -> URL)
        throws(RunLocatorError) -> URL
    {
        let layout = OutputLayout(root: outputDirectory)
        guard let argument else {
            if let latest = latestRun(outputDirectory: outputDirectory) { return latest }
            throw RunLocatorError(argument: nil, tried: [layout.latest.path, layout.runs.path])
        }
        let given = resolvePath(argument)
        var tried = [given.path]
        switch PathKind.of(given) {
        case .folder:
            return given
        case .file where given.lastPathComponent == RunDirectory.reportName:
            return given.deletingLastPathComponent()
        case .file, .missing:
            break
        }
        if !argument.contains("/"), RunID.isValid(argument) {
            let byID = layout.run(argument)
            if PathKind.of(byID) == .folder { return byID }
            tried.append(byID.path)
        }
        throw RunLocatorError(argument: argument, tried: tried)
    }

    /// The newest run: where `latest` points, else the last run folder by name (names sort by time); nil when none.
    package static func latestRun(outputDirectory: URL) -> URL? {
        let layout = OutputLayout(root: outputDirectory)
        if POSIXFile.isSymlink(layout.latest) {
            let resolved = layout.latest.resolvingSymlinksInPath()
            if PathKind.of(resolved) == .folder { return resolved }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.runs.path)) ?? []
        return names.filter(RunID.isMade).sorted().last.map(layout.run)
    }

    /// The output folder of a run directory (parent of its `runs/`), also via `latest` (link or copy); else nil.
    package static func outputFolder(of runDirectory: URL) -> URL? {
        let given = runDirectory.standardizedFileURL
        let parent = given.resolvingSymlinksInPath().deletingLastPathComponent()
        if parent.lastPathComponent == OutputLayout.runsFolderName { return parent.deletingLastPathComponent() }
        if given.lastPathComponent == OutputLayout.latestName { return given.deletingLastPathComponent() }
        return nil
    }
}

/// No run matched a RUN argument: what was tried, and what a RUN can be.
package struct RunLocatorError: Error, Equatable, LocalizedError, DomainError {
    /// Nil when the latest run was asked for.
    var argument: String?
    var tried: [String]

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        let what = argument.map { "no run '\($0)'" } ?? "no latest run"
        return """
            \(what) (looked for \(tried.joined(separator: ", "))); give a run directory, its report.json, a run id \
            from the output folder's runs/, or nothing for the latest run (--output DIR for another output folder)
            """
    }
}
