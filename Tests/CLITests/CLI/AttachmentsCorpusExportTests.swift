import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun attachments` over the Xcode 16+ bundles of `../shared/corpus` (unpacked into a temporary
/// folder, read in place, never copied into the project), on whatever platform runs the tests.
@Suite(.enabled(if: CorpusLocation.shouldRun)) struct AttachmentsCorpusExportTests {
    /// Unpacks one corpus archive; returns the temporary folder and the bundle inside it.
    private func unpack(_ archive: String) throws -> (TemporaryDirectory, URL) {
        try CorpusLocation.require()
        let file = CorpusLocation.file("xcresult/bundles/\(archive).tar.gz")
        let folder = try TemporaryDirectory()
        let untar = try ProcessCommandRunner().run("tar", ["-xzf", file.path, "-C", folder.url.path])
        try #require(untar.exitStatus == 0)
        let bundle = try #require(
            FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.pathExtension == "xcresult" })
        return (folder, bundle)
    }

    private func context(_ folder: TemporaryDirectory) -> (HostContext, BufferOutput, BufferOutput) {
        let out = BufferOutput()
        let err = BufferOutput()
        return (
            HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder.url), out,
            err
        )
    }

    private struct ManifestFile: Decodable {
        var path: String
        var test: String
        var name: String
        var mediaType: String
        var configuration: String?
        var device: String?
        var size: Int
    }

    private struct Manifest: Decodable {
        var files: [ManifestFile]
        var unavailable: [String]
    }

    @Test func theHEICBundleExportsEveryAttachmentByConfigurationAndDeviceAndAgreesWithTheReport() async throws {
        let (folder, bundle) = try unpack("XCResultKit__testHEIC.xcresult")
        defer { folder.remove() }
        let (context, out, _) = context(folder)
        let code = try await AttachmentsCommand(arguments: [bundle.path, "--output", "export"]).run(in: context)
        #expect(code == .passed)
        let export = folder.url.appendingPathComponent("export")
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: export.appendingPathComponent("manifest.json")))

        // Every stored attachment (96 rows, all keepAlways, every payload present) is exported.
        #expect(manifest.files.count == 96)
        #expect(manifest.unavailable.isEmpty)
        #expect(out.text.contains("96 attachments exported"))
        // Folders: the three test-plan configurations, then the one device with its OS, then the test.
        let configurations = Set(manifest.files.compactMap(\.configuration))
        #expect(configurations == ["de", "en", "ko"])
        #expect(Set(manifest.files.compactMap(\.device)) == ["iPhone SE (2nd generation) (iOS 14.0)"])
        for file in manifest.files {
            let parts = file.path.split(separator: "/").map(String.init)
            #expect(parts.count == 4, "\(file.path)")
            #expect(parts[0] == file.configuration && parts[1] == "iPhone SE (2nd generation) (iOS 14.0)")
            // Human names, never Xcode's UUID-suffixed file names.
            #expect(parts[3].range(of: "[0-9A-F]{8}-[0-9A-F]{4}-", options: .regularExpression) == nil, "\(parts[3])")
            let attributes = try FileManager.default.attributesOfItem(
                atPath: export.appendingPathComponent(file.path).path)
            #expect((attributes[.size] as? NSNumber)?.intValue == file.size)
        }
        // HEIC stays HEIC.
        let heic = manifest.files.filter { $0.mediaType == "image/heic" }
        #expect(!heic.isEmpty)
        #expect(heic.allSatisfy { $0.path.hasSuffix(".heic") && $0.name == "Localization screenshot" })

        // The manifest agrees with the report `parse` writes for the same bundle: per test, the same names.
        let (parseContext, _, _) = self.context(folder)
        _ = try await ParseCommand(arguments: [bundle.path, "--output", "out"]).run(in: parseContext)
        let runs = folder.url.appendingPathComponent("out/runs")
        let run = runs.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first))
        let report = try RunReportFile.load(at: run)
        for test in report.tests {
            let exported = manifest.files.filter { $0.test == test.id }
            #expect(exported.map(\.name).sorted() == test.attachments.map(\.name).sorted(), "\(test.id)")
            #expect(exported.map(\.size).reduce(0, +) == test.attachments.map(\.size).reduce(0, +))
        }
        #expect(report.tests.map(\.attachments.count).reduce(0, +) == manifest.files.count)
    }

    @Test func aBundleWithoutItsPayloadsSaysWhichAreMissing() async throws {
        let (folder, bundle) = try unpack("fastlane__Xcode16-Mixed-XCTest-SwiftTesting.xcresult")
        defer { folder.remove() }
        let (context, _, err) = context(folder)
        let error = await #expect(throws: UsageError.self) {
            try await AttachmentsCommand(arguments: [bundle.path, "--output", "export"]).run(in: context)
        }
        #expect(error?.message.contains("none of their payloads is available") == true)
        // Six attachments are kept (two keepNever snapshots are not), each named with its test and payload file.
        let lines = err.text.split(separator: "\n").filter { $0.hasPrefix("unavailable: ") }
        #expect(lines.count == 6)
        #expect(lines.contains { $0.contains("'Launch Screen'") && $0.contains("is missing from the bundle") })
    }
}

@Suite struct AttachmentsOutputTests {
    @Test func anOutputThatIsAFileIsABadArgument() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("mine".utf8).write(to: folder.url.appendingPathComponent("afile"))
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let error = await #expect(throws: UsageError.self) {
            try await AttachmentsCommand(arguments: ["--output", "afile"]).run(in: context)
        }
        #expect(
            error?.localizedDescription.contains("--output afile is a file") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("afile")) == Data("mine".utf8))
    }
}
