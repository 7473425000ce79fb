import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct AttachmentExporterTests {
    @Test func aFileThatCannotBeWrittenIsCountedNotOnlyNoted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = folder.url.appendingPathComponent("shot.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: source)
        let item = AttachmentExportPlan.Item(
            testID: "M.S/t", status: .failed, name: "shot.png", mediaType: "image/png", configuration: nil,
            device: nil, source: source)
        // A disk that fills up at the attachment: the manifest still fits.
        let full = FileWriter { descriptor, bytes, path in
            if path.contains("shot") {
                errno = ENOSPC
                return -1
            }
            return FileWriter.system.write(descriptor, bytes, path)
        }
        let destination = folder.url.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let summary = try AttachmentExporter(canConvert: false, writer: full).export(
            AttachmentExportPlan(items: [item]), unavailable: [], source: "run", levels: [], png: false,
            to: destination)
        #expect(summary.notWritten == 1)
        #expect(summary.exported == 0)
        #expect(summary.notes.contains { $0.contains("could not be written") })
    }
}
