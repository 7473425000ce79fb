import SmokeCore
import SmokeKit

/// smokerun's exit statuses (Documentation/Design.md §12). Scripts and CI depend on them; never renumber.
enum ExitCode: Int32, Sendable {
    case passed = 0
    /// Tests failed, crashed or timed out.
    case testsFailed = 1
    /// Invalid input or configuration.
    case invalidInput = 2
    /// Build failed, tool or device missing.
    case infrastructure = 3
    /// Coverage below its minimum.
    case coverageBelowMinimum = 4
    /// `doctor` found a problem.
    case checkFailed = 5
    /// `culprit`: stopped before an answer (SIGINT/SIGTERM, or `culprit.maxMinutes` used up); what is known is printed.
    case stoppedEarly = 6
}

extension ExitCode {
    /// A parsed run's status: an input that ends before the run did concludes nothing (3), unless a test failed (1).
    init(_ status: RunStatus) {
        switch status {
        case .passed: self = .passed
        case .failed, .interrupted: self = .testsFailed
        case .error, .incomplete: self = .infrastructure
        }
    }

    /// The exit status for a kind of trouble; `nil` (nothing went wrong) is `.passed`.
    init(_ kind: ErrorKind?) {
        switch kind {
        case nil: self = .passed
        case .testsFailed: self = .testsFailed
        case .invalidInput: self = .invalidInput
        case .infrastructure: self = .infrastructure
        case .coverageBelowMinimum: self = .coverageBelowMinimum
        }
    }
}
