import Foundation
import SmokeCore

/// Writes an `AttachmentExportPlan` to a folder: copies, optional PNG conversion (macOS `sips`), `manifest.json`.
package struct AttachmentExporter: Sendable {
    static let manifestName = "manifest.json"

    /// What one export did, for the command's output.
    package struct Summary: Sendable, Equatable {
        package var exported = 0
        package var converted = 0
        /// Files that could not be written (a full disk): the export is incomplete.
        package var notWritten = 0
        /// Sentences for stderr (a conversion or copy that failed).
        package var notes: [String] = []
    }

    private let runner: any CommandRunning
    private let canConvert: Bool
    private let writer: FileWriter
    private let byteLimit: Int

    /// - Parameter canConvert: whether `sips` exists here (macOS); elsewhere `--png` says so and keeps types.
    /// - Parameter byteLimit: the read policy's most bytes copied from one file; the rest is cut, with a note.
    package init(
        runner: any CommandRunning = ProcessCommandRunner(), canConvert: Bool = Self.isMacOS,
        writer: FileWriter = .system, byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit
    ) {
        self.runner = runner
        self.canConvert = canConvert
        self.writer = writer
        self.byteLimit = byteLimit
    }

    static var isMacOS: Bool {
        #if os(macOS)
            true
        #else
            false
        #endif
    }

    package func export(
        _ plan: AttachmentExportPlan, unavailable: [String], source: String, levels: [AttachmentExportPlan.Level],
        png: Bool, to folder: URL
    ) throws -> Summary {
        var summary = Summary()
        var entries: [ManifestFile] = []
        let needsConversion = { (item: AttachmentExportPlan.Item) in
            png && item.mediaType.hasPrefix("image/") && item.mediaType != "image/png"
        }
        let toConvert = plan.placements.filter { needsConversion($0.item) }.count
        if !canConvert, toConvert > 0 {
            summary.notes.append(
                """
                --png: converting images needs macOS's sips, which this system does not have; \
                \(ReportText.count(toConvert, "image")) kept in their own type.
                """)
        }
        for placement in plan.placements {
            var path = placement.path
            var mediaType = placement.item.mediaType
            var convertedFrom: String?
            let destination = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                // The source is a path the read policy resolved: a regular file, not a link.
                let copied = try AtomicFile.copy(
                    placement.item.source, to: destination, writer: writer, limit: byteLimit, followLinks: false)
                if copied.cut {
                    summary.notes.append(AttachmentSourcePolicy.cutNote(what: placement.path, kept: copied.bytes))
                }
            } catch {
                summary.notes.append("\(placement.path) could not be written: \(error.localizedDescription)")
                summary.notWritten += 1
                continue
            }
            if canConvert, needsConversion(placement.item), convert(destination, notes: &summary.notes) {
                convertedFrom = mediaType
                mediaType = "image/png"
                path = (path as NSString).deletingPathExtension + ".png"
                try? FileManager.default.removeItem(at: destination)
                summary.converted += 1
            }
            let size =
                (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.size]
                as? NSNumber)?.intValue ?? 0
            entries.append(
                ManifestFile(
                    path: path, test: placement.item.testID, status: placement.item.status.rawValue,
                    name: placement.item.name,
                    mediaType: mediaType, configuration: placement.item.configuration, device: placement.item.device,
                    size: size, convertedFrom: convertedFrom))
            summary.exported += 1
        }
        let manifest = Manifest(
            source: source, levels: levels.map(\.rawValue), files: entries, unavailable: unavailable)
        try AtomicFile.write(
            try JSONCoding.encoder(pretty: true).encode(manifest), to: folder.appendingPathComponent(Self.manifestName),
            writer: writer)
        return summary
    }

    /// `sips -s format png FILE --out FILE.png`; false (and a note) when it fails.
    private func convert(_ file: URL, notes: inout [String]) -> Bool {
        let output = file.deletingPathExtension().appendingPathExtension("png")
        guard !FileManager.default.fileExists(atPath: output.path) else {
            notes.append("--png: \(output.lastPathComponent) exists already; \(file.lastPathComponent) kept as it is.")
            return false
        }
        let arguments = ["-s", "format", "png", file.path, "--out", output.path]
        guard let result = try? runner.run("sips", arguments), result.exitStatus == 0 else {
            notes.append("--png: sips could not convert \(file.lastPathComponent); kept as it is.")
            return false
        }
        return true
    }

    /// `manifest.json`: every key present, null when unknown.
    struct Manifest: Encodable {
        var source: String
        var levels: [String]
        var files: [ManifestFile]
        var unavailable: [String]
    }

    struct ManifestFile: Encodable, Equatable {
        var path: String
        var test: String
        var status: String
        var name: String
        var mediaType: String
        var configuration: String?
        var device: String?
        var size: Int
        var convertedFrom: String?

        private enum CodingKeys: String, CodingKey {
            case path, test, status, name, mediaType, configuration, device, size, convertedFrom
        }

        func encode(to encoder: any Encoder) throws {
            try encoder.encodeEvery(
                CodingKeys.self,
                [
                    .path: path, .test: test, .status: status, .name: name, .mediaType: mediaType,
                    .configuration: configuration, .device: device, .size: size, .convertedFrom: convertedFrom,
                ])
        }
    }
}
