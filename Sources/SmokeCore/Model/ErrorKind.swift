/// What went wrong, in the terms the command line turns into an exit status (Documentation/Design.md §12).
package enum ErrorKind: Sendable, Equatable {
    /// Tests failed, crashed or timed out.
    case testsFailed
    /// Invalid input or configuration: the message names the file, key or argument and the fix.
    case invalidInput
    /// Build failed, tool or device missing, a write that did not land.
    case infrastructure
    case coverageBelowMinimum
}

/// An error that says which kind of trouble it is.
package protocol DomainError: Error {
    var kind: ErrorKind { get }
}
