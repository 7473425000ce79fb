import Foundation

/// An attachment as a test produced it, before it is stored in a run directory.
package struct RawAttachment: Sendable, Equatable {
    /// The id of the test that recorded it, when known.
    package var testID: String?
    /// The name the test gave it; untrusted (may hold `../`, `/`, NUL, control characters).
    package var name: String
    package var content: Content
    /// A media type when the source said one; otherwise guessed from the name when stored.
    package var mediaType: String?

    package enum Content: Sendable, Equatable {
        case bytes(Data)
        /// A file produced elsewhere (an exported xcresult attachment), copied when stored.
        case file(URL)
    }

    package init(testID: String?, name: String, content: Content, mediaType: String? = nil) {
        self.testID = testID
        self.name = name
        self.content = content
        self.mediaType = mediaType
    }
}
