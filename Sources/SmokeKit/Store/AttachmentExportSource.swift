import Foundation
import SmokeCore

/// What `attachments` exports from: a run directory, or an `.xcresult` bundle read via its database (no Xcode).
package struct AttachmentExportSource: Sendable {
    package var items: [AttachmentExportPlan.Item]
    /// Attachments the source lists but cannot give (a bundle's missing payloads), one sentence each.
    package var unavailable: [String]

    /// The folder name of a device: "iPhone SE (3rd generation) (iOS 17.5)"; "My Mac" alone without an OS.
    static func deviceLabel(_ device: ResolvedDevice) -> String? {
        guard let model = device.deviceType ?? device.name else { return nil }
        guard let os = device.runtime ?? device.operatingSystem else { return model }
        return "\(model) (\(os))"
    }

    /// A run directory: every attachment its `report.json` lists, with its test's device or the run's. Each file is
    /// read under the read policy (real path inside the run directory, a regular file), else listed as unavailable.
    package static func run(
        at directory: URL, byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit
    ) throws -> AttachmentExportSource {
        let report = try RunReportFile.load(at: directory)
        let device = deviceLabel(report.device)
        let policy = AttachmentSourcePolicy(allowedFolders: [directory], byteLimit: byteLimit)
        var items: [AttachmentExportPlan.Item] = []
        var unavailable: [String] = []
        for test in report.tests {
            for record in test.attachments {
                let file: URL
                do {
                    file = try policy.checkedFile(directory.appendingPathComponent(record.path))
                } catch {
                    unavailable.append(
                        """
                        Attachment '\(record.name)' of \(test.id) is listed in report.json as \(record.path), which \
                        is not read: \(error.localizedDescription).
                        """
                    )
                    continue
                }
                items.append(
                    AttachmentExportPlan.Item(
                        testID: test.id, status: test.status, name: record.name, mediaType: record.mediaType,
                        configuration: record.configuration, device: test.device ?? device, source: file))
            }
        }
        return AttachmentExportSource(items: items, unavailable: unavailable)
    }

    /// An Xcode 16+ bundle via `reader`, payloads into `scratchDirectory`; attachments of no test go to "No Test".
    package static func bundle(
        at bundle: URL, scratchDirectory: URL, reader: any ResultBundleReading = XCResultDatabaseReader()
    ) throws -> AttachmentExportSource {
        var contents = try reader.read(bundle: bundle, scratchDirectory: scratchDirectory)
        let device = contents.device.flatMap(deviceLabel)
        let statuses = Dictionary(contents.tests.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        let items = contents.attachments.compactMap { raw -> AttachmentExportPlan.Item? in
            guard case .file(let file) = raw.content else { return nil }
            let pathExtension = AttachmentFileName.parts(name: raw.name, testID: nil, mediaType: raw.mediaType)
                .pathExtension
            return AttachmentExportPlan.Item(
                testID: raw.testID ?? "No Test", status: raw.testID.flatMap { statuses[$0] } ?? .passed, name: raw.name,
                mediaType: MediaType.resolve(declared: raw.mediaType, pathExtension: pathExtension),
                configuration: raw.configuration, device: device, source: file)
        }
        contents.notes.removeAll { !$0.hasPrefix("Attachment ") && !$0.contains("attachments are unavailable") }
        return AttachmentExportSource(items: items, unavailable: contents.notes)
    }
}
