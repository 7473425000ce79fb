import Foundation
import SmokeCore

/// Links `Attachments` rows to the test whose run made them and gives them a media type. Pure.
enum XCResultDatabaseAttachmentLinker {
    /// `keepNever` attachments (XCTest's internal UI snapshots) are meant to be deleted; skipped.
    static let discardedLifetime = "keepNever"

    static func attachments(
        _ snapshot: XCResultDatabaseSnapshot, testIDByRun: [Int: String], configurationByRun: [Int: String] = [:]
    ) -> [XCResultDatabaseAttachment] {
        let issues = XCResultDatabaseIndex(snapshot.rows("TestIssues"))
        let activities = XCResultDatabaseIndex(snapshot.rows("Activities"))
        let rows = snapshot.rows("Attachments").sorted {
            ($0.double("timestamp") ?? 0, $0.int("rowid") ?? 0) < ($1.double("timestamp") ?? 0, $1.int("rowid") ?? 0)
        }
        return rows.filter { $0.text("lifetime") != discardedLifetime }.map { row in
            let runFromIssue = issues[row.int("testIssue_fk")]?.int("testCaseRun_fk")
            let runFromActivity = activities.chain(from: row.int("activity_fk"), via: "parent_fk")
                .lazy.compactMap { $0.int("testCaseRun_fk") }.first
            let run = runFromIssue ?? runFromActivity
            return XCResultDatabaseAttachment(
                testID: run.flatMap { testIDByRun[$0] },
                name: row.text("name") ?? row.text("filenameOverride") ?? "attachment",
                mediaType: mediaType(uti: row.text("uniformTypeIdentifier")),
                payloadID: row.text("xcResultKitPayloadRefId"),
                timestamp: PlausibleTime.date(sinceReferenceDate: row.double("timestamp")),
                isAssociatedWithFailure: row.int("testIssue_fk") != nil,
                configuration: run.flatMap { configurationByRun[$0] })
        }
    }

    /// Uniform type identifiers → media types; nil leaves it to the name's extension.
    static func mediaType(uti: String?) -> String? {
        guard let uti else { return nil }
        return [
            "public.png": "image/png", "public.jpeg": "image/jpeg", "public.heic": "image/heic",
            "com.compuserve.gif": "image/gif", "public.plain-text": "text/plain",
            "public.utf8-plain-text": "text/plain",
            "public.json": "application/json", "public.xml": "application/xml", "public.html": "text/html",
            "com.apple.xml-property-list": "application/x-plist", "com.apple.property-list": "application/x-plist",
            "com.adobe.pdf": "application/pdf", "public.mpeg-4": "video/mp4",
            "public.comma-separated-values-text": "text/csv",
        ][uti]
    }
}
