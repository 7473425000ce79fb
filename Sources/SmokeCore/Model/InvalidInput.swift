import Foundation

/// A value from outside (an argument, a date, a folder of pipelines) that cannot be used; the message names the fix.
package struct InvalidInput: LocalizedError, DomainError, Equatable {
    var message: String
    package var kind: ErrorKind { .invalidInput }
    package var errorDescription: String? { message }

    package init(_ message: String) { self.message = message }
}
