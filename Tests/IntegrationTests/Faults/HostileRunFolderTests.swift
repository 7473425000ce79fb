import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run folder downloaded from another job is untrusted: its report.json names attachment paths, its
/// `attachments/` may hold symlinks and FIFOs. `attachments`, `merge` and `notify` read it under the one read
/// policy: the real path inside the run folder, regular files only, at most the byte limit.
@Suite(.timeLimit(.minutes(10))) struct HostileRunFolderTests {
    /// A secret outside the run folder, and a run folder whose report lists it every way a probe tried.
    private struct Fixture {
        var folder: TemporaryDirectory
        var runDirectory: URL
        var secret: URL

        init() throws {
            folder = try TemporaryDirectory()
            secret = folder.url.appendingPathComponent("secret.txt")
            try Data("root:x:0:0:secret\n".utf8).write(to: secret)
            let store = RunStore(outputDirectory: folder.url.appendingPathComponent("out"))
            let runID = "20261122T040000Z-0001"
            runDirectory = try store.createRunDirectory(runID: runID)
            let attachments = runDirectory.appendingPathComponent("attachments")
            try Data("good\n".utf8).write(to: attachments.appendingPathComponent("good.txt"))
            try FileManager.default.createSymbolicLink(
                at: attachments.appendingPathComponent("link.txt"), withDestinationURL: secret)
            #expect(mkfifo(attachments.appendingPathComponent("pipe.txt").path, 0o600) == 0)
            let depth = Array(repeating: "..", count: runDirectory.pathComponents.count).joined(separator: "/")
            let records = [
                AttachmentRecord(name: "good", path: "attachments/good.txt", mediaType: "text/plain", size: 5),
                AttachmentRecord(name: "passwd", path: "\(depth)\(secret.path)", mediaType: "text/plain", size: 1),
                AttachmentRecord(name: "link", path: "attachments/link.txt", mediaType: "text/plain", size: 1),
                AttachmentRecord(name: "zero", path: "\(depth)/dev/zero", mediaType: "text/plain", size: 1),
                AttachmentRecord(name: "pipe", path: "attachments/pipe.txt", mediaType: "text/plain", size: 1),
            ]
            let test = TestResult(
                id: "App.LoginTests/testLogin", name: "testLogin", suite: "LoginTests", framework: .xctest,
                status: .failed, durationSeconds: 1, attachments: records)
            let report = RunReport(
                pipeline: "smoke", runID: runID, status: .failed, startedAt: Date(timeIntervalSince1970: 1_800_000_000),
                finishedAt: Date(timeIntervalSince1970: 1_800_000_060), seed: nil,
                ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil), environment: [:],
                device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [test])
            try store.writeReports(report, in: runDirectory, formats: [.json])
        }
    }

    @Test func attachmentsExportsOnlyTheRunsOwnRegularFiles() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err, environment: [:], currentDirectory: fixture.folder.url)
        let started = Date()
        let code = try await AttachmentsCommand(arguments: [fixture.runDirectory.path, "--output", "export"]).run(
            in: context)
        #expect(Date().timeIntervalSince(started) < 30, "a FIFO must not be waited on")
        #expect(code == .passed)
        let export = fixture.folder.url.appendingPathComponent("export")
        let files = FileManager.default.enumerator(atPath: export.path)?.compactMap { $0 as? String } ?? []
        let exported = files.filter { $0.hasSuffix(".txt") }
        #expect(exported.count == 1 && exported.first?.hasSuffix("good.txt") == true, "\(files)")
        for file in files {
            let data = (try? Data(contentsOf: export.appendingPathComponent(file))) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains("root:x:0:0"), "\(file)")
        }
        let lines = err.text.split(separator: "\n").filter { $0.hasPrefix("unavailable: ") }
        #expect(lines.count == 4, "\(err.text)")
        #expect(lines.contains { $0.contains("'passwd'") && $0.contains("outside the allowed folders") })
        #expect(lines.contains { $0.contains("'link'") && $0.contains("through a symlink") })
        #expect(lines.contains { $0.contains("'zero'") && $0.contains("outside the allowed folders") })
        #expect(lines.contains { $0.contains("'pipe'") && $0.contains("FIFO") })
    }

    @Test func mergeCopiesNoFileFromOutsideAShard() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let report = try RunReportFile.load(at: fixture.runDirectory)
        let merged = try RunStore(outputDirectory: fixture.folder.url.appendingPathComponent("merged"))
            .createRunDirectory(runID: "20261122T050000Z-0002")
        let copied = try ShardFiles.copyAttachments(
            of: report.tests, from: [(report, fixture.runDirectory)], into: merged)
        #expect(copied.tests.first?.attachments.map(\.name) == ["good"])
        #expect(copied.notes.count == 4, "\(copied.notes)")
        let stored = try FileManager.default.contentsOfDirectory(
            atPath: merged.appendingPathComponent("attachments").path)
        #expect(stored.count == 1)
    }

    @Test func aFileOverTheLimitIsCutAndTheReportSaysSo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = folder.url.appendingPathComponent("big.log")
        try Data(repeating: UInt8(ascii: "x"), count: 10_000).write(to: big)
        var tests = [TestResult(id: "A.B/c", name: "c", suite: "B", framework: .xctest, status: .failed)]
        let run = folder.url.appendingPathComponent("run")
        let errors = AttachmentStore(byteLimit: 1_000).attach(
            [RawAttachment(testID: "A.B/c", name: "big.log", content: .file(big))], to: &tests, in: run)
        #expect(tests[0].attachments.first?.size == 1_000)
        let stored = try Data(contentsOf: run.appendingPathComponent(try #require(tests[0].attachments.first).path))
        #expect(stored.count == 1_000)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("'big.log' of A.B/c was cut at 1000 bytes") == true)
        #expect(errors.first?.message.contains(AttachmentSourcePolicy.byteLimitVariable) == true)
    }

    /// 2,000 attachments of one name took 79 s: each tried every taken name again. The hints make each a claim or two.
    @Test func manyAttachmentsOfOneNameCostOneClaimEach() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let raws = (0..<2_000).map { _ in RawAttachment(testID: "A.B/c", name: "shot.png", content: .bytes(Data())) }
        var tests = [TestResult(id: "A.B/c", name: "c", suite: "B", framework: .xctest, status: .failed)]
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(AttachmentStore().attach(raws, to: &tests, in: folder.url).isEmpty)
        }
        #expect(Set(tests[0].attachments.map(\.path)).count == 2_000)
        #expect(tests[0].attachments.last?.path == "attachments/B-c-shot-2000.png")
        // Generous for a loaded 2-core machine; the quadratic way took over a minute.
        #expect(elapsed < .seconds(45), "\(elapsed)")
    }

    @Test func aSlackScreenshotOutsideTheRunIsNotRead() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let policy = AttachmentSourcePolicy(allowedFolders: [fixture.runDirectory])
        let link = fixture.runDirectory.appendingPathComponent("attachments/link.txt")
        #expect(throws: StoreError.self) { try policy.read(link) }
        let good = try policy.read(fixture.runDirectory.appendingPathComponent("attachments/good.txt"))
        #expect(good.data == Data("good\n".utf8) && !good.cut)
    }

    /// A 1 GB text attachment cost 1.08 GB of memory for a 4 KB preview: the page now reads only its preview.
    @Test func aHugeTextAttachmentIsPreviewedFromItsFirstBytesOnly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("attachments/huge.log")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = "first line\n" + String(repeating: "more text\n", count: 600)
        #expect(FileManager.default.createFile(atPath: log.path, contents: Data(text.utf8)))
        // A sparse gigabyte: no disk used, but reading it whole would take a gigabyte of memory.
        let handle = try FileHandle(forWritingTo: log)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let record = AttachmentRecord(
            name: "huge.log", path: "attachments/huge.log", mediaType: "text/plain", size: 1 << 30)
        let data = try #require(RunStore.content(of: record, in: folder.url))
        #expect(data.count == HTMLAttachment.textPreviewLimit + 1)
        var test = TestResult(id: "A.B/c", name: "c", suite: "B", framework: .xctest, status: .failed)
        test.attachments = [record]
        let report = RunReport(
            pipeline: "smoke", runID: "20261122T040000Z-0001", status: .failed,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            finishedAt: Date(timeIntervalSince1970: 1_800_000_060),
            seed: nil, ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil), environment: [:],
            device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [test])
        let page = HTMLReport.render(report, attachmentContent: { RunStore.content(of: $0, in: folder.url) })
        #expect(page.contains("first line"))
        #expect(page.contains("1024.0 MB in total"))
    }
}
