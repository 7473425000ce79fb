import Foundation

/// A command line that cannot be understood; exits 2 and names the fix.
package struct UsageError: LocalizedError, ExitCodeProviding {
    package var message: String
    package var exitCode: ExitCode { .invalidInput }
    package var errorDescription: String? { message }

    package init(_ message: String) { self.message = message }
}
