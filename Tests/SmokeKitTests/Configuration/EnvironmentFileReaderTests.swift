import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `<output>/env` read from real files: permissions, owner, links and size checked on the opened file.
@Suite struct EnvironmentFileReaderTests {
    static let notifierNames: Set<String> = ["SMOKERUN_WEBHOOK_URL", "A"]

    private func write(_ text: String, mode: mode_t = 0o600, in folder: TemporaryDirectory) throws -> URL {
        let url = folder.url.appendingPathComponent("env")
        try Data(text.utf8).write(to: url)
        #expect(chmod(url.path, mode) == 0)
        return url
    }

    @Test func noFileIsNoErrorAndChangesNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let loaded = try EnvironmentFileReader().load(
            folder.url.appendingPathComponent("env"), into: ["A": "1"], allowing: Self.notifierNames)
        #expect(loaded.environment == ["A": "1"])
        #expect(loaded.record == nil && loaded.refusal == nil)
    }

    @Test func theFileFillsWhatTheEnvironmentLeavesUnset() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try write("SMOKERUN_WEBHOOK_URL=https://hooks.example/x\nA=file\n", in: folder)
        let loaded = try EnvironmentFileReader().load(
            url, displayPath: ".smokerun/env", into: ["A": "shell"], allowing: Self.notifierNames)
        #expect(loaded.environment == ["A": "shell", "SMOKERUN_WEBHOOK_URL": "https://hooks.example/x"])
        #expect(loaded.record == EnvironmentFileRecord(path: ".smokerun/env", variables: ["SMOKERUN_WEBHOOK_URL"]))
    }

    @Test func aMalformedFileThrowsWithFileAndLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try write("A=1\nB\n", in: folder)
        #expect(
            throws: EnvironmentFileError.malformed(path: "env", line: 2, reason: "there is no '=' (write NAME=value)")
        ) {
            _ = try EnvironmentFileReader().load(url, displayPath: "env", into: [:], allowing: Self.notifierNames)
        }
    }

    @Test(arguments: [0o640, 0o604, 0o620, 0o666] as [mode_t])
    func aFileGroupOrOthersCanReachIsRefusedWithTheChmodFix(mode: mode_t) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try write("SMOKERUN_WEBHOOK_URL=https://hooks.example/x\n", mode: mode, in: folder)
        let loaded = try EnvironmentFileReader().load(url, into: [:], allowing: Self.notifierNames)
        #expect(loaded.environment.isEmpty)
        #expect(loaded.refusal == .exposed(path: url.path, mode: UInt32(mode)))
        #expect(loaded.refusedNames == ["SMOKERUN_WEBHOOK_URL"])
        #expect(loaded.refusal?.localizedDescription.contains("run `chmod 600 \(url.path)`") == true)
    }

    @Test func aSymbolicLinkIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("real")
        try Data("A=1\n".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        let link = folder.url.appendingPathComponent("env")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: EnvironmentFileError.symbolicLink(path: link.path)) {
            _ = try EnvironmentFileReader().read(link)
        }
        #expect(
            try EnvironmentFileReader().load(link, into: [:], allowing: Self.notifierNames).refusal
                == .symbolicLink(path: link.path))
    }

    @Test func aFileOfAnotherUserIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try write("A=1\n", in: folder)
        let me = UInt32(geteuid())
        #expect(throws: EnvironmentFileError.notOwned(path: url.path, owner: me, user: me + 1)) {
            _ = try EnvironmentFileReader(user: me + 1).read(url)
        }
        // As root, a file really owned by someone else.
        if me == 0 {
            #expect(chown(url.path, 65534, 65534) == 0)
            #expect(throws: EnvironmentFileError.notOwned(path: url.path, owner: 65534, user: 0)) {
                _ = try EnvironmentFileReader().read(url)
            }
        }
    }

    @Test func aFolderOrAFIFOIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("env")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        #expect(throws: EnvironmentFileError.notRegularFile(path: directory.path, kind: "a directory")) {
            _ = try EnvironmentFileReader().read(directory)
        }
        let fifo = folder.url.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: EnvironmentFileError.notRegularFile(path: fifo.path, kind: "a FIFO (named pipe)")) {
            _ = try EnvironmentFileReader().read(fifo)
        }
    }

    @Test func aFileLargerThanTheLimitIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try write(String(repeating: "# padding\n", count: EnvironmentFile.byteLimit / 10 + 1), in: folder)
        #expect(throws: EnvironmentFileError.tooLarge(path: url.path, limit: EnvironmentFile.byteLimit)) {
            _ = try EnvironmentFileReader().read(url)
        }
    }
}
