import Foundation
import SmokeCore

/// The `manifest.json` `xcresulttool export attachments` writes: one entry per test, listing its files.
struct XCResultToolAttachmentManifest: Decodable, Sendable, Equatable {
    var entries: [Entry]

    struct Entry: Decodable, Sendable, Equatable {
        /// `Class/method()` as in the `tests` tree's `nodeIdentifier`.
        @Lenient var testIdentifier: String?
        @LenientArray var attachments: [Attachment]
    }

    struct Attachment: Decodable, Sendable, Equatable {
        @Lenient var exportedFileName: String?
        @Lenient var suggestedHumanReadableName: String? = nil
        @Lenient var isAssociatedWithFailure: Bool? = nil
        /// Seconds since 1970 (xcresulttool writes Unix time here).
        @Lenient var timestamp: Double? = nil
        @Lenient var configurationName: String? = nil
    }

    init(entries: [Entry]) { self.entries = entries }

    /// `Tip screen_0_6B1D….png` → `Tip screen.png`: xcresulttool appends an index and a UUID to keep names unique.
    static func displayName(_ suggested: String) -> String {
        let dot = suggested.lastIndex(of: ".") ?? suggested.endIndex
        let stem = suggested[..<dot]
        let parts = stem.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 3, UUID(uuidString: String(parts[parts.count - 1])) != nil,
            Int(parts[parts.count - 2]) != nil
        else {
            return suggested
        }
        let base = parts.dropLast(2).joined(separator: "_")
        return base.isEmpty ? suggested : base + suggested[dot...]
    }

    init(from decoder: any Decoder) throws {
        entries = try [LenientElement<Entry>](from: decoder).compactMap(\.value)
    }

    /// Raw attachments for the files in `folder`, linked to tests through `testIDs`; a name that would leave the
    /// folder is skipped. Also one note per missing file.
    func attachments(
        in folder: URL, testIDs: [String: String],
        fileExists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }
    ) -> (attachments: [RawAttachment], notes: [String]) {
        var attachments: [RawAttachment] = []
        var notes: [String] = []
        for entry in entries {
            let testID = entry.testIdentifier.map { testIDs[$0] ?? $0 }
            for item in entry.attachments {
                guard let fileName = item.exportedFileName, !fileName.isEmpty, !fileName.contains("/"),
                    fileName != "..", fileName != "."
                else {
                    notes.append(
                        """
                        xcresulttool export attachments: an entry for \(entry.testIdentifier ?? "an unknown test") has \
                        no usable file name; skipped.
                        """
                    )
                    continue
                }
                let file = folder.appendingPathComponent(fileName)
                guard fileExists(file) else {
                    notes.append(
                        """
                        xcresulttool export attachments: \(fileName) is listed in manifest.json but was not exported; \
                        skipped.
                        """
                    )
                    continue
                }
                let name =
                    item.suggestedHumanReadableName.flatMap { $0.isEmpty ? nil : Self.displayName($0) } ?? fileName
                attachments.append(
                    RawAttachment(
                        testID: testID, name: name, content: .file(file),
                        timestamp: PlausibleTime.date(since1970: item.timestamp),
                        isAssociatedWithFailure: item.isAssociatedWithFailure, configuration: item.configurationName))
            }
        }
        return (attachments, notes)
    }
}
