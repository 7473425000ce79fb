import Foundation
import SmokeCore

/// A process that could not be started.
package struct ChildProcessError: LocalizedError, DomainError {
    var executable: String
    var reason: String
    package var kind: ErrorKind { .infrastructure }

    package init(executable: String, reason: String) {
        self.executable = executable
        self.reason = reason
    }
    package var errorDescription: String? { "could not start \(executable): \(reason)" }
}
