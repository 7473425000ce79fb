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

/// After a `kill -9` of smokerun, what its test processes started (a grandchild, outside their process group) lives
/// on; the next run of the pipeline ends it when it takes the lock, and now says so: each ended process is listed
/// for the run's report.
@Suite(.timeLimit(.minutes(10))) struct RunLockLeftoverTests {
    #if os(Linux)
        @Test func aGrandchildOfAKilledRunIsEndedAndReportedByTheNextLock() throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let lockFile = folder.url.appendingPathComponent("locks/smoke.lock")
            try FileManager.default.createDirectory(
                at: lockFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The lock file a killed run left: its holder (gone) and its marker prefix.
            let tree = "999999.1"
            try Data(LeftoverProcesses.render(holder: 999_999, groups: [], tree: tree).utf8).write(to: lockFile)
            // What its test process left: carries the killed run's marker in its environment.
            let leftover = try ChildProcess(
                executable: "/bin/sleep", arguments: ["300"],
                environment: [StrayProcesses.variable: "\(tree)-7", "PATH": "/usr/bin:/bin"], currentDirectory: nil)
            defer { leftover.killGroup() }
            // The marker is readable once the child has exec'd (bounded: 5 s).
            for _ in 0..<100 where ProcessTree.marker(of: leftover.pid) == nil { usleep(50_000) }
            #expect(ProcessTree.marker(of: leftover.pid) == "\(tree)-7")

            let lock = try RunLock.acquire(at: lockFile)
            defer { lock.release() }

            #expect(lock.endedLeftovers.count == 1, "\(lock.endedLeftovers)")
            #expect(lock.endedLeftovers.first?.contains("sleep 300") == true, "\(lock.endedLeftovers)")
            // SIGKILL is immediate; reaping it here makes it gone from the table.
            var status: Int32 = 0
            #expect(waitpid(leftover.pid, &status, 0) == leftover.pid)
            #expect((status & 0x7f) == SIGKILL)
        }
    #endif
}
