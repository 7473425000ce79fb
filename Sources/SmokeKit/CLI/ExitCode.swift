/// smokerun's exit statuses (DESIGN §11). Scripts and CI depend on them; never renumber.
package enum ExitCode: Int32, Sendable {
    case passed = 0
    /// Tests failed, crashed or timed out.
    case testsFailed = 1
    /// Invalid input or configuration.
    case invalidInput = 2
    /// Build failed, tool or device missing.
    case infrastructure = 3
    /// Coverage below its minimum.
    case coverageBelowMinimum = 4
}

/// An error that knows which exit status it deserves.
package protocol ExitCodeProviding: Error {
    var exitCode: ExitCode { get }
}
