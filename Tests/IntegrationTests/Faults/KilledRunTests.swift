import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `kill -9` of the real `smokerun run` while a test hangs. smokerun gets no
/// chance to clean up, so the kernel must end the test process (PR_SET_PDEATHSIG, Linux).
@Suite(.timeLimit(.minutes(10))) struct KilledRunTests {
    #if os(Linux)
        /// What the scenario saw; gathered on a thread of its own so that this long wait does not hold
        /// one of the few cooperative threads other tests need.
        struct Observation: Sendable {
            var output = ""
            var killed = false
            var termination: Termination?
            var testProcesses: [String] = []
            var lockText = ""
            var survivors: [String] = []
            var packagePath = ""
            var smokerunPID: Int32 = 0
        }

        @Test func sigkillOfRunTakesTheHangingTestProcessWithIt() async throws {
            let seen = try await BlockingWork.run { Result { try Self.killRunMidTest() } }.get()
            #expect(seen.killed, "the hanging test never started: \(seen.output)")
            #expect(seen.termination == .signaled(SIGKILL))
            #expect(!seen.testProcesses.isEmpty, "no test process was seen before the kill")
            // The lock names the running test process group with its start time (what macOS's next run ends).
            let recorded = LeftoverProcesses.parse(seen.lockText)
            #expect(recorded.holder == seen.smokerunPID)
            #expect(
                recorded.groups.contains { seen.testProcesses.contains("\($0.pid)") },
                "lock: \(seen.lockText), tests: \(seen.testProcesses)")
            #expect(seen.survivors.isEmpty, "still running after smokerun was killed: \(seen.survivors)")
        }

        static func killRunMidTest() throws -> Observation {
            let package = try IntegrationSupport.copyFixture("Sampler")
            _ = try IntegrationSupport.writePipeline(
                """
                {"name": "hang", "swiftpm": {"packagePath": "Sampler", "filter": ["testHangsForever"]},
                 "environment": {"IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1"},
                 "timeouts": {"testSeconds": 600}, "coverage": {"enabled": false}}
                """, named: "hang", next: package)
            let root = package.deletingLastPathComponent()
            let child = try ChildProcess(
                executable: IntegrationSupport.smokerunBinary.path,
                arguments: ["run", "Pipelines/hang.json", "--no-notify"],
                environment: ProcessInfo.processInfo.environment, currentDirectory: root)
            var seen = Observation(packagePath: package.path, smokerunPID: child.pid)
            var output = Data()
            let started = Date()
            seen.termination = child.run(
                onOutput: { output.append(contentsOf: $0) },
                onTick: {
                    if !seen.killed, RunCommandProcessTests.hangingTestStarted(in: root) {
                        // The test process is running now: note it, then kill smokerun with no warning.
                        seen.testProcesses = RunCommandProcessTests.processes(mentioning: package.path).filter {
                            $0 != "\(child.pid)"
                        }
                        // The pipeline's lock: `hang-<file hash>.lock` (`PipelineKey`).
                        let locks = root.appendingPathComponent(".smokerun/locks")
                        let lock = (try? FileManager.default.contentsOfDirectory(atPath: locks.path))?.first {
                            $0.hasPrefix("hang-") && $0.hasSuffix(".lock")
                        }
                        seen.lockText =
                            lock.flatMap {
                                try? String(contentsOf: locks.appendingPathComponent($0), encoding: .utf8)
                            } ?? ""
                        kill(child.pid, SIGKILL)
                        seen.killed = true
                    }
                    return Date().timeIntervalSince(started) > 400 ? .kill : .keepRunning
                })
            seen.output = String(decoding: output, as: UTF8.self)
            // Bounded wait: the death signal is immediate, but the kernel needs a moment to reap.
            seen.survivors = RunCommandProcessTests.processes(mentioning: package.path)
            let deadline = Date().addingTimeInterval(30)
            while !seen.survivors.isEmpty, Date() < deadline {
                usleep(50_000)
                seen.survivors = RunCommandProcessTests.processes(mentioning: package.path)
            }
            // Never leave a hanging test behind, even when the check fails.
            for pid in seen.survivors { if let pid = Int32(pid) { kill(pid, SIGKILL) } }
            return seen
        }
    #endif
}
