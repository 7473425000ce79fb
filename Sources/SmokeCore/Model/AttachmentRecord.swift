import Foundation

/// An attachment a test recorded, as stored in the run directory.
package struct AttachmentRecord: Codable, Sendable, Equatable {
    /// The name the test gave it (untrusted; shown, never used as a path).
    package var name: String
    /// Path relative to the run directory, always under `attachments/`.
    package var path: String
    package var mediaType: String
    var size: Int
    /// When the test recorded it, when the source says; orders screenshots around a failure.
    var timestamp: Date?
    /// True when the source marks it as part of a failure (xcresult), nil when the source cannot say.
    var failureAssociated: Bool?
    /// The test-plan configuration it was recorded in, when the source says (`attachments` groups by it).
    package var configuration: String?

    package init(
        name: String, path: String, mediaType: String, size: Int,
        timestamp: Date? = nil, failureAssociated: Bool? = nil, configuration: String? = nil
    ) {
        self.name = name
        self.path = path
        self.mediaType = mediaType
        self.size = size
        self.timestamp = timestamp
        self.failureAssociated = failureAssociated
        self.configuration = configuration
    }

    var isImage: Bool { mediaType.hasPrefix("image/") }

    private enum CodingKeys: String, CodingKey {
        case name, path, mediaType, size, timestamp, failureAssociated, configuration
    }

    /// Every key written, `null` when unknown, as the rest of `report.json`.
    package func encode(to encoder: any Encoder) throws {
        try encoder.encodeEvery(
            CodingKeys.self,
            [
                .name: name, .path: path, .mediaType: mediaType, .size: size, .timestamp: timestamp,
                .failureAssociated: failureAssociated, .configuration: configuration,
            ])
    }
}
