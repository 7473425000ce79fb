import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// Two real `smokerun schedule` processes on one every-minute pipeline: exactly one runs it at the
/// minute boundary, SIGTERM mid-run leaves an `interrupted` report and a released lock.
@Suite struct ScheduleProcessTests {
    /// One scheduler process with its output collected on a background thread.
    final class Scheduler: @unchecked Sendable {
        let child: ChildProcess
        private let lock = NSLock()
        private var buffer = Data()
        private var termination: Termination?
        private let done = DispatchSemaphore(value: 0)

        init(root: URL) throws {
            child = try ChildProcess(
                executable: IntegrationSupport.smokerunBinary.path, arguments: ["schedule", "Pipelines/minute.json"],
                environment: ProcessInfo.processInfo.environment, currentDirectory: root)
            let started = Date()
            DispatchQueue.global().async { [self] in
                let end = child.run(
                    onOutput: { bytes in
                        self.lock.lock()
                        self.buffer.append(contentsOf: bytes)
                        self.lock.unlock()
                    }, onTick: { Date().timeIntervalSince(started) > 400 ? .kill : .keepRunning })
                lock.lock()
                termination = end
                lock.unlock()
                done.signal()
            }
        }

        var output: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: buffer, as: UTF8.self)
        }

        /// SIGTERM, then the exit status (nil when it did not exit within `seconds`).
        func terminate(within seconds: Double) -> Termination? {
            kill(child.pid, SIGTERM)
            guard done.wait(timeout: .now() + seconds) == .success else {
                child.killGroup()
                return nil
            }
            lock.lock()
            defer { lock.unlock() }
            return termination
        }
    }

    @Test(.timeLimit(.minutes(10))) func oneOfTwoSchedulersRunsAndSigtermInterruptsIt() async throws {
        let package = try IntegrationSupport.copyFixture("Sampler")
        _ = try IntegrationSupport.writePipeline(
            """
            {"name": "minute", "schedule": "* * * * *",
             "swiftpm": {"packagePath": "Sampler", "filter": ["testHangsForever"]},
             "environment": {"IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1"},
             "timeouts": {"testSeconds": 600}, "coverage": {"enabled": false}}
            """, named: "minute", next: package)
        let root = package.deletingLastPathComponent()
        let first = try Scheduler(root: root)
        let second = try Scheduler(root: root)

        // Wait (bounded) for the minute boundary, the build and the hanging test.
        let deadline = Date().addingTimeInterval(200)
        while Date() < deadline, !RunCommandProcessTests.hangingTestStarted(in: root) {
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(
            RunCommandProcessTests.hangingTestStarted(in: root), "no run started:\n\(first.output)\n\(second.output)")
        // Let the loser reach its own decision for the same tick.
        let settle = Date().addingTimeInterval(60)
        while Date() < settle, !(first.output + second.output).contains("is running it") {
            try await Task.sleep(for: .milliseconds(250))
        }

        let runners = [first, second].filter { $0.output.contains("minute: started") }
        #expect(runners.count == 1, "exactly one scheduler runs the pipeline:\n\(first.output)\n---\n\(second.output)")
        let runner = try #require(runners.first)
        let other = runner === first ? second : first
        #expect(other.output.contains("minute: skipped the run of") && other.output.contains("is running it"))

        #expect(runner.terminate(within: 90) == .exited(0), "scheduler output:\n\(runner.output)")
        #expect(other.terminate(within: 90) == .exited(0))
        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(report.status == .interrupted)
        #expect(runner.output.contains("minute: finished, status interrupted"))
        // The lock (one, the pipeline's) is free again: a new run could take it.
        let locks = root.appendingPathComponent(".smokerun/locks")
        let names = try FileManager.default.contentsOfDirectory(atPath: locks.path)
        #expect(names.count == 1 && names.allSatisfy { $0.hasPrefix("minute-") && $0.hasSuffix(".lock") })
        for name in names {
            let lock = try RunLock.acquire(at: locks.appendingPathComponent(name))
            lock.release()
        }
        #expect(RunCommandProcessTests.processes(mentioning: package.path).isEmpty)
    }
}
