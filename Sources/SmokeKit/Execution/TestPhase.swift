/// The test phase both drivers share (DESIGN §6): runs a plan's batches through a driver's
/// `BatchExecuting`, re-runs what a crash cut short, retries failures, merges attempts, and
/// accounts for a deadline or a cancellation. No processes of its own, so its whole loop is
/// unit-tested with a scripted executor.
///
/// Retries are per test, for both drivers: each test that failed, crashed or timed out runs again
/// alone in a fresh process (or xcodebuild invocation), up to `retries.failed` times, until it passes.
/// Alone, because a retry is there to tell a flaky test from a broken one: run together with the
/// other failures, a test could fail again only because of one of them (order dependence), or pass
/// because the test that poisoned it did not run first this time. The cost is one process per retry,
/// and retries only ever run the few tests that failed.
package struct TestPhase {
    /// How many more times a failed test runs (`retries.failed`).
    package var retries: Int
    /// `timeouts.runSeconds`, for the message when the run reaches it.
    package var runSeconds: Double
    /// Live progress: a test finished (position, of total).
    package var progress: (TestResult, Int, Int) -> Void = { _, _, _ in }
    /// One line for the person watching ("retrying …").
    package var status: (String) -> Void = { _ in }
    /// A line for console.log.
    package var note: (String) -> Void = { _ in }

    package init(retries: Int, runSeconds: Double) {
        self.retries = retries
        self.runSeconds = runSeconds
    }

    /// Runs `plan` with `executor`; results (in run order, numbered), attachments, errors and whether
    /// the run was interrupted go into `result`.
    package func run<Executor: BatchExecuting>(_ plan: TestPhasePlan, with executor: inout Executor, into result: inout DriverResult) throws {
        let total = plan.selected.count
        let progress = self.progress
        nonisolated(unsafe) var finished = 0
        // Each retry adds one to the count, so the line never reads [13/11].
        nonisolated(unsafe) var expected = total
        let reportFinished: (TestResult) -> Void = { test in
            guard total > 0 else { return }
            finished += 1
            progress(test, finished, max(expected, finished))
        }
        func record(_ outcome: BatchOutcome) {
            result.attachments += outcome.attachments
            result.unrecognizedLines += outcome.unrecognizedLines
            result.errors += outcome.errors
        }

        var queue = plan.batches
        var tests: [TestResult] = []
        var stopped: StopReason?
        // Bounded: every pass either finishes a batch or removes at least one test from it.
        var passes = 0
        while !queue.isEmpty, stopped == nil, passes < total * 2 + plan.batches.count {
            passes += 1
            let batch = queue.removeFirst()
            let outcome = try executor.execute(batch, isRetry: false, onTestFinished: reportFinished)
            tests += outcome.results
            record(outcome)
            stopped = outcome.stopReason
            guard !outcome.notStarted.isEmpty, stopped == nil else { continue }
            if outcome.results.isEmpty {
                // The process ended before any test reported: say so once, do not loop.
                for test in outcome.notStarted {
                    let failure = TestFailure(message: "the test process ended (\(outcome.termination.description)) before this test reported a result")
                    tests.append(test.result(status: .crashed, failure: failure))
                    reportFinished(tests[tests.count - 1])
                }
                continue
            }
            // A crash cut the batch short: the rest runs in a new process, next.
            note("re-running \(outcome.notStarted.count) tests that had not started when the process ended (\(outcome.termination.description))")
            queue.insert(TestBatch(framework: batch.framework, tests: outcome.notStarted), at: 0)
        }

        if retries > 0, stopped == nil {
            for index in tests.indices where tests[index].status.isFailure {
                let test = TestCase(id: tests[index].id, framework: tests[index].framework)
                var attempts: [TestResult] = []
                for _ in 0..<retries {
                    status("retrying \(test.id)…")
                    expected += 1
                    let outcome = try executor.execute(TestBatch(framework: test.framework, tests: [test]), isRetry: true, onTestFinished: reportFinished)
                    record(outcome)
                    stopped = outcome.stopReason
                    guard let attempt = outcome.results.first(where: { $0.key == test.key }) else { break }
                    attempts.append(attempt)
                    if !attempt.status.isFailure || stopped != nil { break }
                }
                tests[index] = AttemptMerger.merge(first: tests[index], retries: attempts)
                if stopped != nil { break }
            }
        }
        for index in tests.indices { tests[index].order = index + 1 }
        result.tests = tests

        switch stopped {
        case .cancelled?:
            result.interrupted = true
        case .runTimedOut?:
            let ran = Set(tests.map(\.key))
            let missing = plan.selected.filter { !ran.contains($0.key) }
            result.errors.append(InfrastructureError(
                message: "the run reached timeouts.runSeconds (\(RunLimits.text(seconds: runSeconds))); \(missing.count) tests did not run",
                details: missing.prefix(50).map(\.id)))
        case .testTimedOut?, nil:
            break
        }
    }
}

extension TestResult {
    /// The id as `TestCase.key` compares it.
    package var key: String { TestCase.key(id) }
}
