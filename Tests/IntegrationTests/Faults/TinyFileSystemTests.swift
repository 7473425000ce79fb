import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full disk on a real full file system: the real `smokerun run` with its output folder on a
/// 64 KiB tmpfs that is almost full. Mounting needs privileges (CI runs as root on Linux); where it
/// cannot mount, the test is skipped and says why.
@Suite(.timeLimit(.minutes(10))) struct TinyFileSystemTests {
    /// A mounted 64 KiB tmpfs, or why there is none.
    static let mountPoint: Result<URL, TinyFileSystemUnavailable> = {
        #if os(Linux)
            let folder = TestScratch.root.appendingPathComponent(
                "smokerun-tinyfs-\(UUID().uuidString.prefix(8))")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let result = try ProcessCommandRunner().run(
                    "mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path],
                    environment: nil, currentDirectory: nil)
                guard result.exitStatus == 0 else {
                    return .failure(
                        TinyFileSystemUnavailable(
                            reason: "mount -t tmpfs failed: \(String(decoding: result.standardError, as: UTF8.self))"))
                }
                return .success(folder)
            } catch {
                return .failure(TinyFileSystemUnavailable(reason: "\(error.localizedDescription)"))
            }
        #else
            return .failure(TinyFileSystemUnavailable(reason: "tmpfs mounts are Linux-only"))
        #endif
    }()

    struct TinyFileSystemUnavailable: Error {
        var reason: String
    }

    static var canMount: Bool { (try? mountPoint.get()) != nil }

    @Test(.enabled(if: canMount, "needs to mount a 64 KiB tmpfs (root on Linux)"))
    func aRunOnAFullDiskExitsThreeAndNeverSaysPassed() async throws {
        let mount = try Self.mountPoint.get()
        defer { _ = try? ProcessCommandRunner().run("umount", [mount.path], environment: nil, currentDirectory: nil) }
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        let root = package.deletingLastPathComponent()
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "full", "swiftpm": {"packagePath": "TipCalculator"}, "coverage": {"enabled": false}}"#,
            named: "full", next: package)
        // Leave one page free: the run directory can be made, little else fits.
        let filler = mount.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        for _ in 0..<15 { try handle.write(contentsOf: Data(repeating: 0x2E, count: 4096)) }
        try handle.close()
        let output = mount.appendingPathComponent("out")

        // On a thread of its own: a long wait must not hold one of the cooperative threads other tests need.
        let (termination, text) = try await BlockingWork.run {
            Result {
                let child = try ChildProcess(
                    executable: IntegrationSupport.smokerunBinary.path,
                    arguments: ["run", "Pipelines/full.json", "--no-notify", "--output", output.path],
                    environment: ProcessInfo.processInfo.environment, currentDirectory: root)
                var bytes = Data()
                let deadline = Date().addingTimeInterval(500)
                let termination = child.run(
                    onOutput: { bytes.append(contentsOf: $0) }, onTick: { Date() > deadline ? .kill : .keepRunning })
                return (termination, String(decoding: bytes, as: UTF8.self))
            }
        }.get()
        #expect(termination == .exited(3), "\(text)")
        #expect(text.contains(String(cString: strerror(ENOSPC))), "\(text)")
        #expect(text.contains("could not write \(output.path)"), "\(text)")
        #expect(!text.contains("full: passed"), "\(text)")
        #expect(!text.contains("/index.html"), "\(text)")
        // Whatever history there is holds whole lines only.
        if let history = FileManager.default.contents(atPath: output.appendingPathComponent("history.jsonl").path),
            !history.isEmpty
        {
            #expect(history.last == UInt8(ascii: "\n"))
        }
    }
}
