import Foundation
import Synchronization
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct AtomicFileTests {
    @Test func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("report.json")
        try AtomicFile.write(Data("first".utf8), to: url)
        try AtomicFile.write(Data("second".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second")
        #expect(try folder.files() == ["report.json"])
    }

    @Test func replacesByRenameSoAnOpenReaderKeepsTheOldContent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("index.html")
        try AtomicFile.write(Data("old".utf8), to: url)
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try reader.readToEnd() == Data("old".utf8))
        #expect(try Data(contentsOf: url) == Data("new".utf8))
    }

    @Test func missingFolderIsAnInfrastructureErrorNamingThePath() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("missing/report.json")
        do {
            try AtomicFile.write(Data(), to: url)
            Issue.record("expected an error")
        } catch let error as StoreError {
            #expect(error.kind == .infrastructure)
            #expect(error.errorDescription?.contains(url.path) == true)
        }
    }

    /// A copy (console.log, an attachment) is the source's exact bytes, read and written in pieces, for a file of many
    /// megabytes and for an empty one; every byte goes through the store's writer.
    @Test(arguments: [0, 5 << 20 + 123])
    func aCopyIsTheSourcesBytesWhicheverWayItGoes(size: Int) throws {
        let folder = try TemporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let source = folder.url.appendingPathComponent("source.log")
        try bytes.write(to: source)
        let written = Mutex(0)
        let counting = FileWriter { descriptor, buffer, path in
            written.withLock { $0 += buffer.count }
            return FileWriter.system.write(descriptor, buffer, path)
        }
        for (name, writer) in [("system.log", FileWriter.system), ("written.log", counting)] {
            let copy = folder.url.appendingPathComponent(name)
            try AtomicFile.copy(source, to: copy, writer: writer)
            #expect(try Data(contentsOf: copy) == bytes, "\(name)")
        }
        #expect(written.withLock { $0 } == size)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "source.log", "system.log", "written.log",
            ])
    }
}

/// A file smokerun writes whole replaces only a regular file: a link, a FIFO or a folder standing where it goes is
/// refused and left as it is (rename would have replaced the link or the FIFO).
@Suite struct AtomicFileDestinationTests {
    @Test(arguments: ["link", "fifo", "folder"])
    func somethingElseWhereTheFileGoesIsRefusedAndKept(kind: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("report.json")
        switch kind {
        case "link":
            try Data("mine".utf8).write(to: folder.url.appendingPathComponent("mine.txt"))
            try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: "mine.txt")
        case "fifo":
            #expect(mkfifo(target.path, 0o644) == 0)
        default:
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        }
        let before = try folder.files()

        #expect(throws: StoreError.self) { try AtomicFile.write(Data("{}".utf8), to: target) }

        #expect(try folder.files() == before)
        #expect(OwnFile.problem(at: target) != nil)
        if kind == "link" {
            #expect(try String(contentsOf: folder.url.appendingPathComponent("mine.txt"), encoding: .utf8) == "mine")
        }
    }

    @Test func aRegularFileIsReplaced() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("report.json")
        try Data("old".utf8).write(to: target)
        try AtomicFile.write(Data("new".utf8), to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try folder.files() == ["report.json"])
    }
}
