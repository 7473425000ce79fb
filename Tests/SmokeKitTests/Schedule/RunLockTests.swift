import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

// The limit catches a hang. It is generous because a test also waits here for one of the machine's two cooperative
// threads while the synchronous integration tests hold them: a CI run kept in-process tests waiting 70-110 s.
@Suite(.timeLimit(.minutes(10))) struct RunLockTests {
    @Test func aSecondHolderInTheSameProcessIsRefusedWithThePID() throws {
        let directory = try ScratchDirectory()
        let url = RunLock.fileURL(outputDirectory: directory.url, pipeline: PipelineKey(name: "smoke", file: nil))
        #expect(url.path.hasSuffix("/locks/smoke.lock"))
        let first = try RunLock.acquire(at: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "\(getpid())\ntree \(ProcessTree.ownPrefix)\n")
        #expect(throws: RunLockError.held(path: url.path, pid: getpid())) { try RunLock.acquire(at: url) }
        first.release()
        let second = try RunLock.acquire(at: url)
        second.release()
    }

    /// The message names whoever holds the lock now, read from the file when the lock is refused:
    /// here the holder's pid is replaced while it holds the lock (as a new holder rewrites it).
    @Test func theHeldMessageReReadsTheHoldersPIDEachTime() throws {
        let directory = try ScratchDirectory()
        let url = RunLock.fileURL(outputDirectory: directory.url, pipeline: PipelineKey(name: "smoke", file: nil))
        let holder = try RunLock.acquire(at: url)
        defer { holder.release() }
        #expect(throws: RunLockError.held(path: url.path, pid: getpid())) { try RunLock.acquire(at: url) }
        // Another running process (pid 1 always runs).
        try Data("1\n".utf8).write(to: url)
        #expect(throws: RunLockError.held(path: url.path, pid: 1)) { try RunLock.acquire(at: url) }
    }

    /// Two runs starting together: the new holder has the lock but has not yet replaced the previous holder's pid,
    /// whose process is gone. The message does not name that stale process.
    @Test func aPIDWhoseProcessIsGoneIsNotNamedAsTheHolder() throws {
        let directory = try ScratchDirectory()
        let url = RunLock.fileURL(outputDirectory: directory.url, pipeline: PipelineKey(name: "smoke", file: nil))
        let holder = try RunLock.acquire(at: url)
        defer { holder.release() }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        try Data("\(finished.processIdentifier)\n".utf8).write(to: url)
        #expect(throws: RunLockError.held(path: url.path, pid: nil)) { try RunLock.acquire(at: url) }
    }

    @Test func pipelineNamesBecomeSafeFileNames() {
        let url = RunLock.fileURL(
            outputDirectory: URL(fileURLWithPath: "/out"), pipeline: PipelineKey(name: "../ios smoke", file: nil))
        #expect(url.path == "/out/locks/_ios_smoke.lock")
    }

    @Test func heldMessageNamesTheProcessAndTheFix() {
        let error = RunLockError.held(path: "/out/locks/smoke.lock", pid: 4242)
        #expect(
            error.localizedDescription
                == "another run of this pipeline is in progress (process 4242 holds /out/locks/smoke.lock); wait for it to finish"
        )
        #expect(error.kind == .infrastructure)
    }

    /// A real child process (util-linux `flock`, then `exec sleep`) holds the lock; SIGKILL frees it.
    @Test func aLockHeldByAKilledProcessIsReleasedByTheKernel() throws {
        let directory = try ScratchDirectory()
        let url = RunLock.fileURL(outputDirectory: directory.url, pipeline: PipelineKey(name: "smoke", file: nil))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // fd 9 keeps the lock after `flock` exits; `exec sleep` keeps fd 9 in the same process.
        child.arguments = [
            "-c", "exec 9<>\"$1\" && flock -x -n 9 && echo $$ >&9 && echo locked && exec sleep 60", "sh", url.path,
        ]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        defer {
            if child.isRunning {
                kill(child.processIdentifier, SIGKILL)
                child.waitUntilExit()
            }
        }
        let ready = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
        try #require(ready == "locked", "the child could not take the lock (is util-linux flock installed?)")

        #expect(throws: RunLockError.held(path: url.path, pid: child.processIdentifier)) {
            try RunLock.acquire(at: url)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let lock = try RunLock.acquire(at: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "\(getpid())\ntree \(ProcessTree.ownPrefix)\n")
        lock.release()
    }
}

extension FileHandle {
    /// Reads up to the first newline (bounded), without the newline.
    fileprivate func availableLine() -> Data {
        var line = Data()
        while line.count < 256 {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data([UInt8(ascii: "\n")]) { break }
            line.append(byte)
        }
        return line
    }
}
