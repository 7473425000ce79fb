import Foundation

/// What stops `smokerun notify` before anything is sent. Never holds a webhook URL.
package enum NotifyError: LocalizedError, ExitCodeProviding {
    /// No report at any of the paths tried.
    case runNotFound(run: String?, tried: [String])
    case unreadableReport(path: String, reason: String)
    case unreadablePipeline(path: String, reason: String)

    package var exitCode: ExitCode { .invalidInput }

    package var errorDescription: String? {
        switch self {
        case .runNotFound(let run, let tried):
            let what = run.map { "run '\($0)'" } ?? "a latest run"
            return "found no report for \(what) (looked at \(tried.joined(separator: ", "))); "
                + "pass a run id, a run directory or a report.json, or --output for another output folder"
        case .unreadableReport(let path, let reason):
            return "\(path) is not a smokerun report: \(reason)"
        case .unreadablePipeline(let path, let reason):
            return "pipeline \(path): \(reason)"
        }
    }
}
