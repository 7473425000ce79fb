import Foundation

/// `SMOKERUN_MAX_ATTACHMENT_BYTES` or `SMOKERUN_MAX_RUN_ATTACHMENT_BYTES` set to other than a positive number.
package struct AttachmentLimitError: Error, Equatable, LocalizedError, DomainError {
    var value: String
    var variable = AttachmentSourcePolicy.byteLimitVariable
    var defaultText = "256 MiB"

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        """
        \(variable)='\(value)' is not a positive number of bytes; set it to one such as 268435456, or unset it for \
        the default (\(defaultText))
        """
    }
}
