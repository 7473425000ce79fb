import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct AttachmentStoreTests {
    @Test func copiesFileContentAndRecordsSizeAndRelativePath() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = folder.url.appendingPathComponent("exported.bin")
        try Data(repeating: 7, count: 1_234).write(to: source)
        let run = folder.url.appendingPathComponent("run")
        let record = try AttachmentStore().save(
            RawAttachment(testID: "M.S/t", name: "Screen Shot.heic", content: .file(source)), in: run)
        #expect(
            record
                == AttachmentRecord(
                    name: "Screen Shot.heic", path: "attachments/S-t-Screen_Shot.heic", mediaType: "image/heic",
                    size: 1_234))
        #expect(try Data(contentsOf: run.appendingPathComponent(record.path)) == Data(repeating: 7, count: 1_234))
        #expect(FileManager.default.fileExists(atPath: source.path))
    }

    @Test func missingSourceFileIsAClearErrorAndLeavesNothingBehind() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("gone.png")
        #expect(throws: StoreError.self) {
            try AttachmentStore().save(
                RawAttachment(testID: nil, name: "gone.png", content: .file(missing)), in: folder.url)
        }
        #expect(try folder.files(in: "attachments").isEmpty)
    }

    @Test(
        arguments: [
            ("shot.png", nil, "image/png"), ("photo.JPG", nil, "image/jpeg"), ("a.jpeg", nil, "image/jpeg"),
            ("a.gif", nil, "image/gif"), ("a.heic", nil, "image/heic"), ("a.txt", nil, "text/plain"),
            ("a.log", nil, "text/plain"), ("a.json", nil, "application/json"), ("a.xml", nil, "application/xml"),
            ("a.html", nil, "text/html"), ("a.pdf", nil, "application/pdf"), ("a.mp4", nil, "video/mp4"),
            ("a.plist", nil, "application/x-plist"), ("a.bin", nil, "application/octet-stream"),
            ("noext", nil, "application/octet-stream"), ("a.txt", "Image/PNG; q=1", "image/png"),
            ("a.png", "public.png", "image/png"), ("a.png", "not a type", "image/png"),
        ] as [(String, String?, String)])
    func mediaTypeComesFromTheSourceElseTheExtension(name: String, declared: String?, expected: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let record = try AttachmentStore().save(
            RawAttachment(testID: nil, name: name, content: .bytes(Data()), mediaType: declared), in: folder.url)
        #expect(record.mediaType == expected)
    }
}

@Suite struct AttachmentStoreSymlinkTests {
    @Test func aPlantedSymlinkIsNeverWrittenThrough() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let attachments = folder.url.appendingPathComponent("run/attachments")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        let outside = folder.url.appendingPathComponent("outside.png")
        try FileManager.default.createSymbolicLink(
            at: attachments.appendingPathComponent("shot.png"), withDestinationURL: outside)
        let record = try AttachmentStore().save(
            RawAttachment(testID: nil, name: "shot.png", content: .bytes(Data("new".utf8))),
            in: folder.url.appendingPathComponent("run"))
        #expect(record.path == "attachments/shot-2.png")
        #expect(!FileManager.default.fileExists(atPath: outside.path))
    }
}
