import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `.xcresult` bundle downloaded from another job is untrusted: its payloads, its `Data/` and its database may be
/// symlinks leading out, FIFOs, or zstd bombs. `parse` and `attachments` read it under the one read policy.
@Suite(.timeLimit(.minutes(10))) struct HostileBundleTests {
    private let secretText = "root:x:0:0:secret\n"

    /// The standard fixture bundle and a secret beside it (outside the bundle).
    private func bundle(in folder: TemporaryDirectory, png: XCResultFixtureBuilder.PayloadForm = .plain) throws -> (
        bundle: URL, secret: URL, scratch: URL
    ) {
        let bundle = folder.url.appendingPathComponent("Run.xcresult")
        try XCResultFixtures.standard(at: bundle, png: png)
        let secret = folder.url.appendingPathComponent("secret.txt")
        try Data(secretText.utf8).write(to: secret)
        let scratch = folder.url.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return (bundle, secret, scratch)
    }

    private func read(_ bundle: URL, scratch: URL, byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit) throws
        -> ResultBundleContents
    {
        try XCResultDatabaseReader(payloads: XCResultDatabasePayloads(byteLimit: byteLimit)).read(
            bundle: bundle, scratchDirectory: scratch)
    }

    /// No attachment of `contents` holds the secret, in bytes or in a file.
    private func holdsNoSecret(_ contents: ResultBundleContents) -> Bool {
        contents.attachments.allSatisfy { raw in
            switch raw.content {
            case .bytes(let data): !String(decoding: data, as: UTF8.self).contains("root:x:0:0")
            case .file(let url):
                !String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self).contains("root:x:0:0")
            }
        }
    }

    @Test func aSymlinkedPayloadIsUnavailableNotFollowed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bundle, secret, scratch) = try bundle(in: folder)
        let payload = bundle.appendingPathComponent("Data/data.0~text")
        try FileManager.default.removeItem(at: payload)
        try FileManager.default.createSymbolicLink(at: payload, withDestinationURL: secret)
        let contents = try read(bundle, scratch: scratch)
        #expect(holdsNoSecret(contents))
        #expect(
            contents.notes.contains {
                $0.contains("Data/data.0~text is not read") && $0.contains("through a symlink")
            }, "\(contents.notes)")
    }

    @Test func aSymlinkedDataFolderIsUnavailableNotFollowed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bundle, secret, scratch) = try bundle(in: folder)
        let outside = folder.url.appendingPathComponent("outside-data")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: secret, to: outside.appendingPathComponent("data.0~text"))
        try FileManager.default.copyItem(at: secret, to: outside.appendingPathComponent("data.0~png"))
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Data"))
        try FileManager.default.createSymbolicLink(
            at: bundle.appendingPathComponent("Data"), withDestinationURL: outside)
        let contents = try read(bundle, scratch: scratch)
        #expect(contents.attachments.isEmpty)
        #expect(holdsNoSecret(contents))
    }

    @Test(.enabled(if: XCResultFixtures.zstdInstalled))
    func aPayloadLinkedToAnOutsideZstdFileIsNeverDecompressed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bundle, secret, scratch) = try bundle(in: folder)
        let compressed = folder.url.appendingPathComponent("secret.zst")
        let zstd = try ProcessCommandRunner().run("zstd", ["-q", "-f", "-o", compressed.path, "--", secret.path])
        try #require(zstd.exitStatus == 0)
        let payload = bundle.appendingPathComponent("Data/data.0~png")
        try FileManager.default.removeItem(at: payload)
        try FileManager.default.createSymbolicLink(at: payload, withDestinationURL: compressed)
        let contents = try read(bundle, scratch: scratch)
        #expect(holdsNoSecret(contents))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        #expect(contents.notes.contains { $0.contains("Data/data.0~png is not read") }, "\(contents.notes)")
    }

    @Test(.enabled(if: XCResultFixtures.zstdInstalled))
    func aZstdBombIsDecompressedOnlyToTheLimit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Run.xcresult")
        let builder = try XCResultFixtures.standard(at: bundle)
        // 8 MB of zeros compress to a few hundred bytes.
        try builder.payload("0~png", Data(count: 8 * 1024 * 1024), form: .zstd)
        let scratch = folder.url.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let contents = try read(bundle, scratch: scratch, byteLimit: 64 * 1024)
        let png = try #require(contents.attachments.first { $0.name == "Login screen" })
        guard case .file(let decompressed) = png.content else {
            Issue.record("the payload is not a file")
            return
        }
        let size = try FileManager.default.attributesOfItem(atPath: decompressed.path)[.size] as? Int
        #expect(size == 64 * 1024)
        #expect(contents.notes.contains { $0.contains("'Login screen'") && $0.contains("was cut at 65536 bytes") })
    }

    @Test func aDatabaseThatIsAFIFOIsRefusedWithoutWaiting() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bundle, _, scratch) = try bundle(in: folder)
        let database = bundle.appendingPathComponent(XCResultDatabaseReader.databaseName)
        try FileManager.default.removeItem(at: database)
        #expect(mkfifo(database.path, 0o600) == 0)
        #expect {
            try read(bundle, scratch: scratch)
        } throws: { error in
            guard case ResultBundleError.fileRefused(_, let file, let reason) = error else { return false }
            return file == "database.sqlite3" && reason.contains("FIFO")
                && (error as? ResultBundleError)?.kind == .invalidInput
        }
    }

    @Test func aDatabaseLinkedToOneOutsideTheBundleIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bundle, _, scratch) = try bundle(in: folder)
        let database = bundle.appendingPathComponent(XCResultDatabaseReader.databaseName)
        let moved = folder.url.appendingPathComponent("elsewhere.sqlite3")
        try FileManager.default.moveItem(at: database, to: moved)
        try FileManager.default.createSymbolicLink(at: database, withDestinationURL: moved)
        #expect(throws: ResultBundleError.self) { try read(bundle, scratch: scratch) }
    }

    /// `parse` over the same bundle: the report names the refused payload and stores no byte of the secret.
    @Test func parseStoresNoByteFromOutsideTheBundle() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bundle, secret, _) = try bundle(in: folder)
        let payload = bundle.appendingPathComponent("Data/data.0~text")
        try FileManager.default.removeItem(at: payload)
        try FileManager.default.createSymbolicLink(at: payload, withDestinationURL: secret)
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        _ = try await ParseCommand(arguments: [bundle.path, "--output", "out"]).run(in: context)
        let runs = folder.url.appendingPathComponent("out/runs")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let attachments = runs.appendingPathComponent(run).appendingPathComponent("attachments")
        for name in try FileManager.default.contentsOfDirectory(atPath: attachments.path) {
            let data = try Data(contentsOf: attachments.appendingPathComponent(name))
            #expect(!String(decoding: data, as: UTF8.self).contains("root:x:0:0"), "\(name)")
        }
        #expect(err.text.contains("Data/data.0~text is not read"), "\(err.text)")
    }
}
