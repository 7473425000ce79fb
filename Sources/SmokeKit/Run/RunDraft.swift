import Foundation
import SmokeCore

/// What a `RunSource` made of a run: the report so far, its folder, its tests' files, what the finisher needs.
package struct RunDraft: Sendable {
    /// Files some of the draft's tests left, read only from inside `allowedFolders` (`AttachmentSourcePolicy`).
    package struct Attachments: Sendable {
        package var files: [RawAttachment]
        /// The `report.tests` they belong to (a live run's device or process group).
        package var tests: Range<Int>
        package var allowedFolders: [URL]
        /// Test id → its first failure, to pick that failure's screenshot.
        package var failureTimes: [String: Date] = [:]
    }

    /// How the report's status is decided around the attachment step.
    package enum Status: Sendable {
        /// From the results and every error once attachments are stored (`interrupted` wins), then reconciled.
        case afterAttaching(interrupted: Bool)
        /// The report's own; an attachment that could not be stored makes it `error`, said as it happens.
        case given
    }

    package var report: RunReport
    package var folder: RunDirectory
    package var attachments: [Attachments] = []
    package var attachmentByteLimit = AttachmentSourcePolicy.defaultByteLimit
    package var attachmentBudget = AttachmentBudget()
    package var status = Status.given
    /// Raw or merged profiles and the instrumented binaries they belong to; none: no coverage to collect.
    package var profiles: [URL] = []
    package var testBinaries: [URL] = []
    /// Called once coverage has read `testBinaries` (`DriverResult.releaseTestBinaries`).
    package var releaseTestBinaries: (@Sendable () -> Void)?
    /// A log to copy in as the run's console.log (parse's one input); nil when the run wrote its own.
    package var consoleLog: URL?

    package init(report: RunReport, folder: RunDirectory) {
        self.report = report
        self.folder = folder
    }
}
