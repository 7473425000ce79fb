import Foundation

/// What the mapper makes of a database before payloads are read: tests, device, attachments to fetch from `Data/`.
package struct XCResultDatabaseMapping: Sendable, Equatable {
    package var tests: [TestResult] = []
    package var attachments: [XCResultDatabaseAttachment] = []
    package var device: ResolvedDevice?
    package var xcodeVersion: String?
    package var notes: [String] = []
    /// Issues recorded outside any test (a suite's set-up or tear-down): failures no test carries.
    package var issuesOutsideTests: [String] = []
    /// Test id → when its first failure issue was recorded (`TestIssues.timestamp`).
    package var failureTimes: [String: Date] = [:]

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
    /// `Attachments.timestamp` (seconds since 2001, Apple's reference date) as a date.
    package var timestamp: Date?
    /// Hangs from a test issue (`testIssue_fk`): recorded with the failure.
    package var isAssociatedWithFailure: Bool
    /// The test-plan configuration of the run that made it.
    package var configuration: String?

    package init(
        testID: String?, name: String, mediaType: String?, payloadID: String?,
        timestamp: Date? = nil, isAssociatedWithFailure: Bool = false, configuration: String? = nil
    ) {
        self.testID = testID
        self.name = name
        self.mediaType = mediaType
        self.payloadID = payloadID
        self.timestamp = timestamp
        self.isAssociatedWithFailure = isAssociatedWithFailure
        self.configuration = configuration
    }
}
