import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The parallel test phase with a fake executor per worker: lanes on their own threads, results put together
/// with worker and position, crash re-runs and retries inside the worker that saw them, one progress count.
@Suite struct TestPhaseWorkersTests {
    /// Passes every test, except: `crashing` ends its process right after it starts (once), `flaky` fails its first
    /// attempt.
    final class FakeExecutor: BatchExecuting, @unchecked Sendable {
        let worker: Int
        let log: Log
        var crashed = false
        var flakyFailed = false

        init(worker: Int, log: Log) {
            self.worker = worker
            self.log = log
        }

        func execute(
            _ batch: TestBatch, isRetry: Bool, onTestStarted: @escaping (String) -> Void,
            onTestFinished: @escaping (TestResult) -> Void
        ) throws -> BatchOutcome {
            log.add(worker, batch.tests.map(\.id), isRetry: isRetry)
            var results: [TestResult] = []
            for (index, test) in batch.tests.enumerated() {
                let (suite, name) = TestCase.split(test.id)
                var status = TestStatus.passed
                onTestStarted(test.id)
                if test.id.hasSuffix("crashing"), !crashed {
                    crashed = true
                    let result = TestResult(id: test.id, name: name, suite: suite, framework: .xctest, status: .crashed)
                    onTestFinished(result)
                    return BatchOutcome(
                        results: results + [result], notStarted: Array(batch.tests[(index + 1)...]),
                        termination: .signaled(4))
                }
                if test.id.hasSuffix("flaky"), !flakyFailed { (flakyFailed, status) = (true, .failed) }
                let result = TestResult(id: test.id, name: name, suite: suite, framework: .xctest, status: status)
                onTestFinished(result)
                results.append(result)
            }
            return BatchOutcome(results: results, termination: .exited(0))
        }
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var launches: [(worker: Int, ids: [String], retry: Bool)] = []
        private(set) var progress: [(Int, Int)] = []

        func add(_ worker: Int, _ ids: [String], isRetry: Bool) {
            lock.lock()
            launches.append((worker, ids, isRetry))
            lock.unlock()
        }

        func progressed(_ position: Int, _ total: Int) {
            lock.lock()
            progress.append((position, total))
            lock.unlock()
        }
    }

    @Test func twoWorkersRunEveryTestOnceAndACrashOrARetryStaysInItsWorker() throws {
        let suites = ["A": ["a1", "a2crashing", "a3"], "B": ["b1"], "C": ["c1flaky", "c2"], "D": ["d1"]]
        let batches = suites.keys.sorted().map { suite in
            TestBatch(
                framework: .xctest,
                tests: suites[suite, default: []].map { TestCase(id: "M.\(suite)/\($0)", framework: .xctest) })
        }
        let plan = TestPhasePlan(selected: batches.flatMap(\.tests), batches: batches)
        let log = Log()
        var phase = TestPhase(retries: 1, runSeconds: 600)
        phase.progress = { _, position, total in log.progressed(position, total) }
        var result = DriverResult(device: ResolvedDevice(platform: "host"))
        try phase.run(
            plan, workers: 2, durations: [:], makeExecutor: { FakeExecutor(worker: $0, log: log) }, into: &result)

        // A (3) to worker 1; C (2) to worker 2; B and D (1 each) to worker 2, then worker 1.
        #expect(
            result.tests.map(\.id) == [
                "M.A/a1", "M.A/a2crashing", "M.A/a3", "M.D/d1", "M.B/b1", "M.C/c1flaky", "M.C/c2",
            ])
        #expect(result.tests.map(\.worker) == [1, 1, 1, 1, 2, 2, 2])
        #expect(result.tests.map(\.position) == [1, 2, 3, 4, 1, 2, 3])
        #expect(result.tests.map(\.order) == Array(1...7))
        let launches = log.launches
        // The crash's unstarted test ran again in a new process of worker 1; the flaky test's retry in worker 2.
        #expect(
            launches.filter { $0.worker == 1 }.map(\.ids) == [
                ["M.A/a1", "M.A/a2crashing", "M.A/a3"], ["M.A/a3"], ["M.D/d1"], ["M.A/a2crashing"],
            ])
        #expect(launches.filter { $0.worker == 2 && $0.retry }.map(\.ids) == [["M.C/c1flaky"]])
        let flaky = try #require(result.tests.first { $0.id == "M.C/c1flaky" })
        #expect(flaky.status == .passed && flaky.flaky)
        // One count across workers: every position of the 7 tests once; the 2 retries never run past [7/7].
        #expect(log.progress.count == 9)
        #expect(Set(log.progress.map(\.0)) == Set(1...7) && log.progress.allSatisfy { $0.0 <= 7 && $0.1 == 7 })
    }
}
