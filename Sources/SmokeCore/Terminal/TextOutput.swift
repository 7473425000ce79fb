import Foundation

/// Where a command writes text: a real stream, or a buffer in tests.
package protocol TextOutput: AnyObject, Sendable {
    func write(_ text: String)
    /// Whether this is an interactive terminal (progress lines, colour).
    var isTerminal: Bool { get }
    /// Why a write did not reach its destination (a full disk), if one did not.
    var writeFailure: String? { get }
}

extension TextOutput {
    package var writeFailure: String? { nil }

    package func line(_ text: String = "") { self.write(text + "\n") }
}
