import SmokeCore

extension TestPhase.Lane {
    /// The tests that ran before `tests[index]` in its process, in their order (for an xcodebuild clone, those of its
    /// clone), without those their suite failed before they ran.
    func earlier(than index: Int) -> [TestCase] {
        let start = processStarts.last { $0 <= index } ?? index
        let test = tests[index]
        return tests[start..<index].filter { !$0.failedByItsSuite && $0.worker == test.worker }.map {
            TestCase(id: $0.id, framework: $0.framework, exactID: eventStreamIDs[$0.id])
        }
    }
}

extension TestPhase {
    /// Runs `batch` (the tests before `test` in its process, then `test`) in one new process: `test`'s result there,
    /// nil when it did not run. Only that result is an attempt (with its attachments); the others are kept apart.
    func recheck<Executor: BatchExecuting>(
        _ batch: TestBatch, of test: TestCase, with executor: inout Executor, counter: PhaseProgress,
        lane: inout Lane
    ) throws -> TestResult? {
        let earlier = ReportText.count(batch.tests.count - 1, "test")
        status("running \(test.id) after the \(earlier) that ran before it…")
        note(
            """
            running \(test.id) again after the \(earlier) that ran before it in its process, as it passed alone: \
            their results in this process are not recorded
            """
        )
        let outcome = try executor.execute(
            batch, isRetry: true,
            onTestStarted: { if TestCase.key($0) == test.key { counter.retryStarted($0) } },
            onTestFinished: { if $0.key == test.key { counter.retryFinished($0) } })
        let index = Self.attemptIndex(of: test, in: outcome)
        lane.attachments += outcome.attachments.filter { $0.testID.map(TestCase.key) == test.key }
        lane.unrecognizedLines += outcome.unrecognizedLines
        lane.consoleTotals.add(outcome.consoleTotals)
        lane.errors += outcome.errors
        lane.issuesOutsideTests += outcome.issuesOutsideTests
        lane.stopped = outcome.stopReason
        for position in outcome.results.indices where position != index {
            lane.recheckedEarlier.append(outcome.results[position])
        }
        return index.map { outcome.results[$0] }
    }
}
