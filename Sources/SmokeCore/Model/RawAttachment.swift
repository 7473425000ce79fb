import Foundation

/// An attachment as a test produced it, before it is stored in a run directory.
package struct RawAttachment: Sendable, Equatable {
    package var testID: String?
    /// The name the test gave it; untrusted (may hold `../`, `/`, NUL, control characters).
    package var name: String
    package var content: Content
    /// A media type when the source said one; otherwise guessed from the name when stored.
    package var mediaType: String?
    /// When the test recorded it, when the source says (xcresult timestamps).
    package var timestamp: Date?
    /// The source marks it as recorded with a failure (xcresult: linked to a test issue); nil when it cannot say.
    package var isAssociatedWithFailure: Bool?
    package var configuration: String?

    package enum Content: Sendable, Equatable {
        case bytes(Data)
        /// A file produced elsewhere (an exported xcresult attachment), copied when stored.
        case file(URL)
    }

    package init(
        testID: String?, name: String, content: Content, mediaType: String? = nil,
        timestamp: Date? = nil, isAssociatedWithFailure: Bool? = nil, configuration: String? = nil
    ) {
        self.testID = testID
        self.name = name
        self.content = content
        self.mediaType = mediaType
        self.timestamp = timestamp
        self.isAssociatedWithFailure = isAssociatedWithFailure
        self.configuration = configuration
    }
}
