import Foundation

/// What the mapper makes of a database, before payloads are read: tests, device and the
/// attachments still to be fetched from `Data/`.
package struct XCResultDatabaseMapping: Sendable, Equatable {
    package var tests: [TestResult] = []
    package var attachments: [XCResultDatabaseAttachment] = []
    package var device: ResolvedDevice?
    package var xcodeVersion: String?
    package var notes: [String] = []

    package init() {}
}

/// One `Attachments` row linked to its test, its payload not yet read.
package struct XCResultDatabaseAttachment: Sendable, Equatable {
    package var testID: String?
    /// The name the test gave it (untrusted; sanitized by `AttachmentStore` when stored).
    package var name: String
    package var mediaType: String?
    /// `xcResultKitPayloadRefId`: the payload lives in `Data/data.<payloadID>`.
    package var payloadID: String?

    package init(testID: String?, name: String, mediaType: String?, payloadID: String?) {
        self.testID = testID
        self.name = name
        self.mediaType = mediaType
        self.payloadID = payloadID
    }
}
