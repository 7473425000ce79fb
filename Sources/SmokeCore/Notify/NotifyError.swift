import Foundation

/// What stops `smokerun notify` before anything is sent. Never holds a webhook URL.
enum NotifyError: LocalizedError, DomainError {
    case unreadablePipeline(path: String, reason: String)

    var kind: ErrorKind { .invalidInput }

    var errorDescription: String? {
        switch self {
        case .unreadablePipeline(let path, let reason):
            return "pipeline \(path): \(reason)"
        }
    }
}
