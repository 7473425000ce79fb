import Foundation

/// What stops `smokerun notify` before anything is sent. Never holds a webhook URL.
package enum NotifyError: LocalizedError, DomainError {
    case unreadablePipeline(path: String, reason: String)

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        switch self {
        case .unreadablePipeline(let path, let reason):
            return "pipeline \(path): \(reason)"
        }
    }
}
