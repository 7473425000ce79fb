import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SmokeKit

/// Issue 15, item 2: `kill -9` of the real `smokerun run` while a test hangs. smokerun gets no
/// chance to clean up, so the kernel must end the test process (PR_SET_PDEATHSIG, Linux).
@Suite(.timeLimit(.minutes(10))) struct KilledRunTests {
    #if os(Linux)
    @Test func sigkillOfRunTakesTheHangingTestProcessWithIt() throws {
        let package = try IntegrationSupport.copyFixture("Sampler")
        _ = try IntegrationSupport.writePipeline("""
            {"name": "hang", "swiftpm": {"packagePath": "Sampler", "filter": ["testHangsForever"]},
             "environment": {"IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1"},
             "timeouts": {"testSeconds": 600}, "coverage": {"enabled": false}}
            """, named: "hang", next: package)
        let root = package.deletingLastPathComponent()
        let child = try ChildProcess(executable: IntegrationSupport.smokerunBinary.path, arguments: ["run", "Pipelines/hang.json", "--no-notify"],
                                     environment: ProcessInfo.processInfo.environment, currentDirectory: root)
        var output = Data()
        let started = Date()
        var killedAt: Date?
        var testProcesses: [String] = []
        var lockText = ""
        let termination = child.run(onOutput: { output.append(contentsOf: $0) }, onTick: {
            if killedAt == nil, RunCommandProcessTests.hangingTestStarted(in: root) {
                // The test process is running now: prove it, then kill smokerun with no warning.
                testProcesses = RunCommandProcessTests.processes(mentioning: package.path).filter { $0 != "\(child.pid)" }
                lockText = (try? String(contentsOf: root.appendingPathComponent(".smokerun/locks/hang.lock"), encoding: .utf8)) ?? ""
                kill(child.pid, SIGKILL)
                killedAt = Date()
            }
            return Date().timeIntervalSince(started) > 400 ? .kill : .keepRunning
        })
        #expect(killedAt != nil, "the hanging test never started: \(String(decoding: output, as: UTF8.self))")
        #expect(termination == .signaled(SIGKILL))
        #expect(!testProcesses.isEmpty, "no test process was seen before the kill")
        // The lock names the running test process group with its start time (what macOS's next run ends).
        let recorded = LeftoverProcesses.parse(lockText)
        #expect(recorded.holder == child.pid)
        #expect(recorded.groups.contains { testProcesses.contains("\($0.pid)") }, "lock: \(lockText), tests: \(testProcesses)")
        // Bounded wait: the death signal is immediate, but the kernel needs a moment to reap.
        var survivors = RunCommandProcessTests.processes(mentioning: package.path)
        let deadline = Date().addingTimeInterval(5)
        while !survivors.isEmpty, Date() < deadline {
            usleep(50_000)
            survivors = RunCommandProcessTests.processes(mentioning: package.path)
        }
        #expect(survivors.isEmpty, "still running after smokerun was killed: \(survivors)")
    }
    #endif
}
