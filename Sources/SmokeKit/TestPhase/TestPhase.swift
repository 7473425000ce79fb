import SmokeCore

/// The test phase both drivers share: runs a plan's batches through a `BatchExecuting`, re-runs what a crash cut
/// short, retries failures, merges attempts, and handles a deadline or cancellation. Starts no processes itself.
/// Each failed, crashed or timed-out test is retried alone in a fresh process, up to `retries.failed` times: run
/// with the other failures it could fail, or pass, only because of their order. One that failed after other tests of
/// its process and passes alone is run once more after them before it is called flaky (`OrderRecheck`).
struct TestPhase {
    var retries: Int
    /// `timeouts.runSeconds`, for the message when the run reaches it.
    var runSeconds: Double
    var progress: (TestResult, Int, Int) -> Void = { _, _, _ in }
    var started: (String, Int, Int) -> Void = { _, _, _ in }
    var status: (String) -> Void = { _ in }
    var note: (String) -> Void = { _ in }

    /// Runs `plan` with `executor` into `result`: numbered results in run order, attachments, errors, interruption.
    func run<Executor: BatchExecuting>(
        _ plan: TestPhasePlan, with executor: inout Executor, into result: inout DriverResult
    ) throws {
        let counter = PhaseProgress(total: plan.selected.count, report: progress, started: started)
        let lane = try runLane(plan.batches, total: plan.selected.count, with: &executor, counter: counter)
        finish(plan, lanes: [lane], into: &result)
    }

    /// What one worker ran: its tests in run order (retries merged in), and what went wrong.
    struct Lane {
        var tests: [TestResult] = []
        var attachments: [RawAttachment] = []
        var unrecognizedLines = 0
        var consoleTotals = ConsoleTotals()
        var errors: [InfrastructureError] = []
        var stopped: StopReason?
        /// Swift Testing's own id of each result that has one, so its retry runs that test alone.
        var eventStreamIDs: [String: String] = [:]
        /// Crashes a retry alone cannot repeat (`BatchOutcome.crashedByEarlierTest`).
        var notRetried: Set<String> = []
        /// Where each process's results start in `tests`: what ran before a test in its process.
        var processStarts: [Int] = []
        /// What order rechecks ran before their tests: not attempts, not results, but the frameworks' totals count them.
        var recheckedEarlier: [TestResult] = []
        /// Issues recorded outside the tests (`BatchOutcome.issuesOutsideTests`), as often as processes recorded them.
        var issuesOutsideTests: [RunFailureEvidence] = []

        /// A process's results. An overload run again after a crash is named `m(_:)` by its own process, the name of
        /// the overload that crashed: it takes the next free `m(_:)#N`.
        mutating func add(_ results: [TestResult], eventStreamIDs ids: [String: String]) {
            for var result in results {
                let exactID = ids[result.id]
                if let exactID, let held = eventStreamIDs[result.id], held != exactID {
                    let base = TestCase.baseID(result.id)
                    var occurrence = 2
                    while let other = eventStreamIDs["\(base)#\(occurrence)"], other != exactID { occurrence += 1 }
                    result.id = "\(base)#\(occurrence)"
                }
                if let exactID, eventStreamIDs[result.id] == nil { eventStreamIDs[result.id] = exactID }
                tests.append(result)
            }
        }
    }

    /// One worker's loop: its batches, a crash's unstarted tests in a new process, then its failures retried alone.
    func runLane<Executor: BatchExecuting>(
        _ batches: [TestBatch], total: Int, with executor: inout Executor, counter: PhaseProgress
    ) throws -> Lane {
        var lane = Lane()
        let reportFinished: (TestResult) -> Void = { counter.finished($0) }
        let reportStarted: (String) -> Void = { counter.started($0) }
        func record(_ outcome: BatchOutcome) {
            lane.attachments += outcome.attachments
            lane.unrecognizedLines += outcome.unrecognizedLines
            lane.consoleTotals.add(outcome.consoleTotals)
            lane.errors += outcome.errors
            lane.issuesOutsideTests += outcome.issuesOutsideTests
            lane.notRetried.formUnion(outcome.crashedByEarlierTest)
        }

        var queue = batches
        let size = batches.reduce(0) { $0 + $1.tests.count }
        // Bounded: every pass either finishes a batch or removes at least one test from it.
        var passes = 0
        while !queue.isEmpty, lane.stopped == nil, passes < size * 2 + batches.count {
            passes += 1
            let batch = queue.removeFirst()
            let outcome = try executor.execute(
                batch, isRetry: false, onTestStarted: reportStarted, onTestFinished: reportFinished)
            lane.processStarts.append(lane.tests.count)
            lane.add(outcome.results, eventStreamIDs: outcome.eventStreamIDs)
            record(outcome)
            if let cannotRun = outcome.cannotRun { lane.errors.append(cannotRun) }
            lane.stopped = outcome.stopReason
            guard !outcome.notStarted.isEmpty, lane.stopped == nil else { continue }
            if outcome.results.isEmpty {
                // The process ended before any test reported: say so once, do not loop.
                switch Self.verdict(on: outcome, of: batch.framework) {
                case .crashed(let failure):
                    for test in outcome.notStarted {
                        lane.tests.append(Self.crashedBeforeReporting(test, in: outcome, failure))
                        reportFinished(lane.tests[lane.tests.count - 1])
                    }
                case .runnerProblem(let error):
                    lane.errors.append(error)
                }
                continue
            }
            note(
                """
                re-running \(outcome.notStarted.count) tests that had not started when the process ended \
                (\(outcome.termination.description))
                """
            )
            queue.insert(TestBatch(framework: batch.framework, tests: outcome.notStarted), at: 0)
        }

        guard retries > 0, lane.stopped == nil else { return lane }
        for index in lane.tests.indices where lane.tests[index].status.isFailure {
            if lane.notRetried.contains(lane.tests[index].id) {
                note("not retrying \(lane.tests[index].id) alone: it crashed in code an earlier test left running")
                continue
            }
            let id = lane.tests[index].id
            let test = TestCase(id: id, framework: lane.tests[index].framework, exactID: lane.eventStreamIDs[id])
            var attempts: [TestResult] = []
            for _ in 0..<retries {
                status("retrying \(test.id)…")
                let outcome = try executor.execute(
                    TestBatch(framework: test.framework, tests: [test]), isRetry: true,
                    onTestStarted: { counter.retryStarted($0) }, onTestFinished: { counter.retryFinished($0) })
                record(outcome)
                lane.stopped = outcome.stopReason
                var attempt = Self.attempt(of: test, in: outcome)
                if attempt == nil, outcome.results.isEmpty, lane.stopped == nil {
                    switch Self.verdict(on: outcome, of: test.framework) {
                    // It crashed again before it could report (a trapping class setUp): that try is an attempt.
                    case .crashed(let failure): attempt = Self.crashedBeforeReporting(test, in: outcome, failure)
                    case .runnerProblem(let error): lane.errors.append(error)
                    }
                }
                guard let attempt else { break }
                attempts.append(attempt)
                if !attempt.status.isFailure || lane.stopped != nil { break }
            }
            let earlier = lane.earlier(than: index)
            var recheck: TestResult?
            if lane.stopped == nil,
                let batch = OrderRecheck.batch(for: lane.tests[index], test: test, earlier: earlier, retries: attempts)
            {
                recheck = try self.recheck(batch, of: test, with: &executor, counter: counter, lane: &lane)
            }
            lane.tests[index] = OrderRecheck.merge(
                first: lane.tests[index], retries: attempts, recheck: recheck, after: earlier)
            if lane.stopped != nil { break }
        }
        return lane
    }

    /// The retry's result for `test`: by its event-stream id when it has one (an overload's retry names it by the
    /// function alone, `m(_:)`, not the `m(_:)#2` of its first run), else by its id.
    static func attempt(of test: TestCase, in outcome: BatchOutcome) -> TestResult? {
        attemptIndex(of: test, in: outcome).map { outcome.results[$0] }
    }

    static func attemptIndex(of test: TestCase, in outcome: BatchOutcome) -> Int? {
        guard let exactID = test.exactID else { return outcome.results.firstIndex { $0.key == test.key } }
        return outcome.results.firstIndex { outcome.eventStreamIDs[$0.id] == exactID }
    }

    /// `test` crashed with its process, which ended before any test reported.
    private static func crashedBeforeReporting(_ test: TestCase, in outcome: BatchOutcome, _ failure: TestFailure)
        -> TestResult
    {
        let ended = "the test process \(outcome.termination.ended) before any test reported"
        return test.result(status: .crashed, failure: failure, evidence: Evidence(what: ended))
    }

    private static func verdict(on outcome: BatchOutcome, of framework: TestFramework) -> UnstartedBatch.Verdict {
        UnstartedBatch.verdict(
            termination: outcome.termination, framework: framework, tests: outcome.notStarted,
            command: outcome.command, outputTail: outcome.outputTail, printedCrash: outcome.printedCrash)
    }

    /// Joins the lanes: worker 1's tests, then worker 2's, numbered in that order; in a parallel run each test also
    /// records its worker and its place in it.
    func finish(_ plan: TestPhasePlan, lanes: [Lane], into result: inout DriverResult) {
        var tests: [TestResult] = []
        var stopped: StopReason?
        for (number, lane) in lanes.enumerated() {
            for (index, var test) in lane.tests.enumerated() {
                if lanes.count > 1 { (test.worker, test.position) = (number + 1, index + 1) }
                tests.append(test)
            }
            result.attachments += lane.attachments
            result.unrecognizedLines += lane.unrecognizedLines
            result.consoleTotals.add(lane.consoleTotals)
            result.errors += lane.errors
            result.earlierTestsRechecked += lane.recheckedEarlier
            // Each once however often it recurred (a retry, another worker).
            for issue in lane.issuesOutsideTests
            where !result.issuesOutsideTests.contains(where: { $0.text == issue.text }) {
                result.issuesOutsideTests.append(issue)
            }
            // A cancellation outranks the deadline: it is what the person did.
            if lane.stopped == .cancelled || stopped == nil { stopped = lane.stopped ?? stopped }
        }
        for index in tests.indices { tests[index].order = index + 1 }
        result.tests = tests

        let ran = Set(tests.map(\.key))
        let missing = plan.selected.filter { !ran.contains($0.key) }
        switch stopped {
        case .cancelled?:
            result.interrupted = true
            // The run is interrupted already; what it never got to is said, not left to the totals.
            if !missing.isEmpty {
                result.errors.append(
                    InfrastructureError(
                        message: "smokerun was stopped before \(missing.count) tests ran: they have no result",
                        details: missing.prefix(50).map(\.id), severity: .note))
            }
        case .runTimedOut?:
            // Every test has a result when the deadline came during retries or rechecks: the tests say how the run
            // went, and the retries not run are a note. Unlisted tests' driver says what it could not tell.
            let limit = RunLimits.text(seconds: runSeconds)
            if plan.selected.isEmpty, result.errors.contains(where: { !$0.isNote }) { break }
            // No retry was left to run when no test failed or none is retried: an error about the hang says the rest.
            let retriesLeft = retries > 0 && tests.contains(where: \.status.isFailure)
            if missing.isEmpty, !retriesLeft, result.errors.contains(where: { !$0.isNote }) { break }
            result.errors.append(
                missing.isEmpty
                    ? InfrastructureError(
                        message: """
                            the run reached timeouts.runSeconds (\(limit)) after every test had a result\
                            \(retriesLeft ? ": retries and rechecks still to run were not run" : ", and was stopped")
                            """, severity: .note)
                    : InfrastructureError(
                        message: """
                            the run reached timeouts.runSeconds (\(limit)); \(ReportText.count(missing.count, "test")) \
                            did not run
                            """,
                        details: missing.prefix(50).map(\.id)))
        case .testTimedOut?, nil:
            // Never dropped without a word: a test the plan ran that no process reported (re-run as unstarted until
            // the bound) leaves the run without a result for it, unless an error already says why.
            guard !missing.isEmpty, !result.errors.contains(where: { !$0.isNote }) else { break }
            result.errors.append(
                InfrastructureError(
                    message: """
                        \(ReportText.count(missing.count, "test")) never reported a result, though processes were started again \
                        for them: console.log shows what those processes printed
                        """,
                    details: missing.prefix(50).map(\.id)))
        }
    }
}

extension TestResult {
    var key: String { TestCase.key(id) }
}
