import Foundation
import SmokeCore

/// `xcrun xcresulttool` could not be run, failed, or printed something other than its command promises.
enum XCResultToolError: LocalizedError, DomainError {
    /// The tool is missing or failed (exit 3: infrastructure).
    case commandFailed(CommandError)
    /// The tool ran but its output is not the JSON the command documents (exit 2: the bundle cannot be read).
    case unreadableOutput(command: [String], bundle: String, reason: String)
    /// The bundle holds no tests (exit 2): an empty green report would hide a broken run.
    case noTests(bundle: String, detail: String)

    var kind: ErrorKind {
        switch self {
        case .commandFailed: .infrastructure
        case .unreadableOutput, .noTests: .invalidInput
        }
    }

    var errorDescription: String? {
        switch self {
        case .commandFailed(let error):
            """
            \(error.errorDescription ?? "xcresulttool failed")
            Check that Xcode is installed and selected (`xcode-select -p`) and that the bundle exists.
            """
        case .unreadableOutput(let command, let bundle, let reason):
            """
            \(bundle): `\(command.joined(separator: " "))` printed output smokerun cannot read (\(reason)). Check that \
            the bundle is complete, or read it without Xcode: `smokerun parse \(bundle)`.
            """
        case .noTests(let bundle, let detail):
            """
            \(bundle): the result bundle holds no tests (\(detail)). Check that the test action ran; a build failure \
            leaves a bundle without tests.
            """
        }
    }
}
