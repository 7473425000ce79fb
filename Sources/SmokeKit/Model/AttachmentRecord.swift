/// An attachment a test recorded, as stored in the run directory.
package struct AttachmentRecord: Codable, Sendable, Equatable {
    /// The name the test gave it (untrusted; shown, never used as a path).
    package var name: String
    /// Path relative to the run directory, always under `attachments/`.
    package var path: String
    package var mediaType: String
    package var size: Int

    package init(name: String, path: String, mediaType: String, size: Int) {
        self.name = name
        self.path = path
        self.mediaType = mediaType
        self.size = size
    }
}
