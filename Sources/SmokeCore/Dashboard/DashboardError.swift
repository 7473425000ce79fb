import Foundation

/// Why `smokerun dashboard` could not build a site: each names the folder and what to do.
package enum DashboardError: LocalizedError, DomainError, Equatable {
    case noHistory(folder: String)
    /// The folders hold no run of the pipelines asked for.
    case noRuns(pipelines: [String], folders: [String])
    /// The site folder is not smokerun's (other files and no site marker), or not a folder.
    case notOwnSite(folder: String, problem: String)

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        switch self {
        case .noHistory(let folder):
            """
            \(folder) holds no history (history.sqlite or history.jsonl): give --from an output folder smokerun wrote \
            runs into (a pipeline's `output`, or the folder `smokerun parse --output` wrote)
            """
        case .noRuns(let pipelines, let folders):
            """
            no runs of \(pipelines.isEmpty ? "any pipeline" : pipelines.joined(separator: ", ")) in \
            \(folders.joined(separator: ", ")); run `smokerun run` first, or name another pipeline or folder
            """
        case .notOwnSite(let folder, let problem):
            """
            \(folder) \(problem), and smokerun replaces the whole site folder it writes; give --output a new or empty \
            folder, or one smokerun wrote (it holds .smokerun-site)
            """
        }
    }
}
