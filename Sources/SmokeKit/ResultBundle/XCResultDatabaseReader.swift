import Foundation
import SmokeCore

/// Reads an Xcode 16+ result bundle from its own `database.sqlite3` and `Data/` payloads, without Xcode.
package struct XCResultDatabaseReader: ResultBundleReading {
    static let databaseName = "database.sqlite3"
    static let listedUnavailableLimit = 10

    private let payloads: XCResultDatabasePayloads
    private let library: LoadedSQLite

    package init(
        payloads: XCResultDatabasePayloads = XCResultDatabasePayloads(), library: LoadedSQLite = SQLiteLibrary.load()
    ) {
        self.payloads = payloads
        self.library = library
    }

    package func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents {
        let database = try XCResultDatabaseConnection(readingAt: checkedDatabase(in: bundle), library: library)
        let snapshot = try XCResultDatabaseSnapshot.load(from: database)
        let mapping = XCResultDatabaseMapper.map(snapshot)
        guard !mapping.tests.isEmpty else {
            throw ResultBundleError.noTests(path: bundle.path, buildErrors: try buildErrors(database))
        }
        var contents = ResultBundleContents()
        contents.tests = mapping.tests
        contents.device = mapping.device
        contents.xcodeVersion = mapping.xcodeVersion
        contents.notes = mapping.notes
        contents.issuesOutsideTests = mapping.issuesOutsideTests
        contents.failureTimes = mapping.failureTimes
        (contents.startedAt, contents.finishedAt) = XCResultDatabaseRunSummary.interval(snapshot)
        contents.summaryCounts = XCResultDatabaseRunSummary.counts(snapshot, bundleName: bundle.lastPathComponent)
        var unavailable: [String] = []
        var cut: [String] = []
        var budget = AttachmentBudget(total: payloads.totalByteLimit)
        // Each payload is decompressed once, however many rows name it.
        var loaded: [String: XCResultDatabasePayloads.Outcome] = [:]
        for (index, attachment) in mapping.attachments.enumerated() {
            let outcome: XCResultDatabasePayloads.Outcome
            if let payloadID = attachment.payloadID, let earlier = loaded[payloadID] {
                outcome = earlier
            } else {
                outcome = payloads.load(
                    payloadID: attachment.payloadID, bundle: bundle, scratchDirectory: scratchDirectory, index: index,
                    budget: &budget)
                if let payloadID = attachment.payloadID { loaded[payloadID] = outcome }
            }
            switch outcome {
            case .overBudget: continue
            case .available(let content), .cut(let content, _, _):
                if case .cut(_, let kept, false) = outcome {
                    let owner = attachment.testID ?? "no known test"
                    let what =
                        "Attachment '\(attachment.name)' of \(owner) (decompressed from Data/data.\(attachment.payloadID ?? ""))"
                    cut.append(AttachmentSourcePolicy.cutNote(what: what, kept: kept) + ".")
                }
                contents.attachments.append(
                    RawAttachment(
                        testID: attachment.testID, name: attachment.name, content: content,
                        mediaType: attachment.mediaType,
                        timestamp: attachment.timestamp, isAssociatedWithFailure: attachment.isAssociatedWithFailure,
                        configuration: attachment.configuration))
            case .unavailable(let reason):
                unavailable.append(
                    """
                    Attachment '\(attachment.name)' of \(attachment.testID ?? "no known test") is unavailable: \
                    \(reason).
                    """
                )
            }
        }
        contents.notes += cut
        if budget.reached { contents.notes.append("Attachments: \(budget.note).") }
        contents.notes += unavailable.prefix(Self.listedUnavailableLimit)
        if unavailable.count > Self.listedUnavailableLimit {
            contents.notes.append(
                """
                \(unavailable.count - Self.listedUnavailableLimit) more attachments are unavailable for the same kinds \
                of reasons.
                """
            )
        }
        contents.recordEvidence(bundle: bundle.lastPathComponent)
        return contents
    }

    /// `database.sqlite3` if a regular file inside the bundle: a FIFO would hang SQLite's open, a symlink read
    /// another database.
    private func checkedDatabase(in bundle: URL) throws(ResultBundleError) -> URL {
        do {
            return try AttachmentSourcePolicy(allowedFolders: [bundle]).checkedFile(
                bundle.appendingPathComponent(Self.databaseName))
        } catch {
            let reason: String
            if case .attachmentSourceUnreadable(_, let why) = error { reason = why } else { reason = "\(error)" }
            throw .fileRefused(path: bundle.path, file: Self.databaseName, reason: reason)
        }
    }

    private func buildErrors(_ database: XCResultDatabaseConnection) throws -> [String] {
        guard let columns = try database.schema()["BuildIssues"], columns.contains("message") else { return [] }
        let type = columns.contains("issueType") ? "issueType" : "NULL"
        let rows = try database.query("SELECT message, \(type) AS issueType FROM BuildIssues", table: "BuildIssues")
        return rows.filter { $0.text("issueType")?.lowercased().contains("warning") != true }.compactMap {
            $0.text("message")
        }
    }
}
