import Foundation

/// `SMOKERUN_MAX_ATTACHMENT_BYTES` that is not a positive number of bytes.
package struct AttachmentLimitError: Error, Equatable, LocalizedError, DomainError {
    var value: String

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        """
        \(AttachmentSourcePolicy.byteLimitVariable)='\(value)' is not a positive number of bytes; set it to one such \
        as 268435456, or unset it for the default (256 MiB)
        """
    }
}
