/// What a test's entry records as its lines arrive: outcomes, issues, output, evidence, its worker.
extension ResultCollector {
    mutating func finish(_ index: Int, as stated: TestStatus, durationSeconds: Double?) {
        var status = stated
        let flags = tests.flags(at: index)
        if flags.contains(.exceededTimeAllowance), status == .failed || status == .crashed { status = .timedOut }
        if status == .passed || status == .expectedFailure, flags.contains(.hasFailure) {
            status = .failed
        } else if status == .passed, flags.contains(.hasKnownIssue) {
            status = .expectedFailure
        }
        // An ending inferred before (`unfinished`: another run started) gives way to this line, its evidence too.
        if tests.status(at: index) == .unfinished, !status.isFailure {
            tests.changeExtras(at: index) { $0.evidence = nil }
        }
        // An issue line proved it already; else the outcome line itself says so.
        if status.isFailure, !flags.contains(.hasFailure) {
            setEvidence(evidence("`\(stated.rawValue)` result line"), at: index)
        }
        // An iteration failed after one passed: the worst decides, its attempt the evidence.
        if status == .passed, flags.contains(.failedAfterPass) {
            status = .failed
            tests.insert(.lastIterationPassed, at: index)
            if let failing = tests.extras(at: index)?.attempts.first(where: \.status.isFailure) {
                tests.changeExtras(at: index) { $0.failures = failing.failures }
                if let proof = failing.evidence { setEvidence(proof, at: index) }
            }
        }
        tests.setStatus(status, at: index)
        // A duration the input cannot mean (1e300 seconds) is unknown.
        if let seconds = PlausibleTime.seconds(durationSeconds) { setDuration(seconds, at: index) }
        tests.insert(.finished, at: index)
        if let position = running.lastIndex(of: index) { running.remove(at: position) }
        markFlaky(index)
    }

    mutating func record(_ failure: TestFailure, isKnown: Bool, in index: Int) {
        (lastIssueEntry, detailsGoToSuiteIssue) = (index, false)
        var failure = failure
        // Text a test printed without a line end, glued before its issue's path (`partial/src/T.swift:9: error: …`):
        // in a run the project's own path says where the place starts; what comes before it is the test's output.
        if let root = projectRoot, let file = failure.file, let at = file.range(of: root + "/"),
            at.lowerBound > file.startIndex
        {
            appendOutput(String(file[..<at.lowerBound]), to: index)
            failure.file = String(file[at.lowerBound...])
        }
        if isKnown {
            tests.insert(.hasKnownIssue, at: index)
            let location = failure.location.map { " (\($0))" } ?? ""
            appendOutput("Known issue: \(failure.message)\(location)", to: index)
            messageTarget = .knownIssue(index)
            return
        }
        if !tests.flags(at: index).contains(.hasFailure) { setEvidence(evidence("issue recorded"), at: index) }
        tests.insert(.hasFailure, at: index)
        if !tests.flags(at: index).contains(.finished) { tests.setStatus(.failed, at: index) }
        // A UI test's activity log echoes its failure (`t = 2.57s Assertion Failure: …`) before the runner's own
        // `file:line: error:` line of the same failure: one failure, at its place.
        if let last = tests.extras(at: index)?.failures.last, last.file == nil, failure.file != nil,
            last.message.prefix(while: { $0 != "\n" }) == failure.message.prefix(while: { $0 != "\n" })
        {
            tests.changeExtras(at: index) { $0.failures[$0.failures.count - 1] = failure }
            messageTarget = .failure(index)
            return
        }
        messageTarget = keep(failure, in: index) ? .failure(index) : .dropped
    }

    /// Keeps `failure` unless the test has kept enough or failures are not kept; says whether it did. What `ended`
    /// the test (a crash, a timeout) is always kept, last, in the place of the last at the limit: it heads the test.
    @discardableResult
    mutating func keep(_ failure: TestFailure, in index: Int, ended: Bool = false) -> Bool {
        guard retention == .full else { return false }
        let kept = tests.extras(at: index)?.failures.count ?? 0
        guard kept < Self.failureLimit || ended else { return false }
        tests.changeExtras(at: index) {
            if kept >= Self.failureLimit { $0.failures.removeLast() }
            $0.failures.append(failure)
        }
        return true
    }

    /// A further line of the message of the test's last failure.
    mutating func continueFailureMessage(_ text: String, in index: Int) {
        guard let message = tests.extras(at: index)?.failures.last?.message,
            message.utf8.count < Self.messageByteLimit
        else { return }
        tests.changeExtras(at: index) { $0.failures[$0.failures.count - 1].message = message + "\n" + text }
    }

    /// Running tests xcodebuild said exceeded their execution time allowance end `timedOut`, whatever follows (often
    /// nothing: the allowance message is the log's last line, or the next test starts); that line is their evidence.
    mutating func finishTimedOutRunningTests() {
        for index in running where tests.flags(at: index).contains(.exceededTimeAllowance) {
            tests.setStatus(.timedOut, at: index)
            tests.insert(.finished, at: index)
            markFlaky(index)
        }
        running.removeAll { tests.flags(at: $0).contains(.finished) }
    }

    /// The input ends. A running test ends `timedOut` when xcodebuild stopped it at its time allowance; `crashed` when
    /// the input shows its crash; `failed` when it recorded a failure (it cannot pass); `interrupted` when the input
    /// says the run was stopped (`** BUILD INTERRUPTED **`, a CI cancel); passed when the input ends in xcodebuild's
    /// success banner; else `unfinished`. Returns how many it left `unfinished`, and how many `failed` without a shown
    /// end (no crash, stop or banner): either means the input was cut.
    package mutating func finishAtEndOfInput(endedInSuccess: Bool, interruption: Evidence? = nil) -> (
        unfinished: Int, endless: Int
    ) {
        if !swiftTestingRunningInConsole.isEmpty, crash.proof != nil {
            consoleCrashes.append((swiftTestingRunningInConsole, crash))
        }
        swiftTestingRunningInConsole = []
        finishDeadTests()
        finishTimedOutRunningTests()
        finishRunnerDeath()
        guard !running.isEmpty else { return (0, 0) }
        if let proof = crash.proof {
            finishRunningTest(as: .crashed, failure: nil, evidence: proof)
            return (0, 0)
        }
        let failing = finishFailingRunningTests()
        // A stop or the success banner ended the run; else nothing did, and the failed tests' end is not shown.
        let endless = interruption == nil && !endedInSuccess ? failing : 0
        guard !running.isEmpty else { return (0, endless) }
        if let interruption {
            finishRunningTest(as: .interrupted, failure: nil, evidence: interruption)
            return (0, endless)
        }
        if endedInSuccess {
            finishRunningTest(as: .passed, failure: nil, evidence: nil)
            return (0, endless)
        }
        let count = running.count
        finishRunningTest(as: .unfinished, failure: nil, evidence: evidence("the input ends while the test runs"))
        return (count, endless)
    }

    /// XCTest runs one test at a time: a new one starting means the one before has no result line.
    mutating func finishInterruptedXCTests() {
        finishTimedOutRunningTests()
        finishInterrupted(.xctest, why: "no result line before the next test started")
    }

    /// A new Swift Testing run started while tests of the run before still ran: that run's process ended (killed, its
    /// step run again), and the new run's lines are its own tests'.
    mutating func noteSwiftTestingRunStart() {
        sawSwiftTestingRunStart = true
        finishInterrupted(.swiftTesting, why: "another Swift Testing run started before its result")
    }

    /// Ends `framework`'s running tests, whose process ended without their result lines: crashed when the input shows
    /// a crash since they started, failed when they recorded a failure, else `unfinished` (`why`).
    private mutating func finishInterrupted(_ framework: TestFramework, why: String) {
        guard running.contains(where: { tests.framework(at: $0) == framework }) else { return }
        let others = running.filter { tests.framework(at: $0) != framework }
        running.removeAll { tests.framework(at: $0) != framework }
        if let proof = crash.proof {
            finishRunningTest(as: .crashed, failure: nil, evidence: proof)
        } else {
            finishFailingRunningTests()
            finishRunningTest(as: .unfinished, failure: nil, evidence: evidence(why))
        }
        running = others
    }

    /// Running tests that recorded a failure end `failed` (the issue line is their evidence): they cannot pass.
    @discardableResult
    mutating func finishFailingRunningTests() -> Int {
        var count = 0
        for index in running where tests.flags(at: index).contains(.hasFailure) {
            tests.insert(.finished, at: index)
            markFlaky(index)
            count += 1
        }
        running.removeAll { tests.flags(at: $0).contains(.finished) }
        return count
    }

    /// A test stopped at its execution time allowance ran at least the allowance (set when its message was read).
    mutating func setDuration(_ seconds: Double, at index: Int) {
        let exceeded = tests.flags(at: index).contains(.exceededTimeAllowance)
        tests.setDuration(exceeded ? max(seconds, tests.durationSeconds(at: index)) : seconds, at: index)
    }

    /// Evidence at the line being read, in the input being read.
    func evidence(_ what: String) -> Evidence {
        Evidence(what: what, source: source, line: line > 0 ? line : nil)
    }

    mutating func setEvidence(_ evidence: Evidence, at index: Int) {
        guard retention == .full else { return }
        tests.changeExtras(at: index) { $0.evidence = evidence }
    }

    mutating func markFlaky(_ index: Int) {
        tests.setFlaky(tests.status(at: index) == .passed && tests.flags(at: index).contains(.failedBefore), at: index)
    }

    mutating func appendOutput(_ text: String, to index: Int) {
        guard retention == .full, (tests.extras(at: index)?.output.count ?? 0) < TestResult.outputLineLimit else {
            return
        }
        let line =
            text.utf8.count > Self.outputLineByteLimit
            ? String(decoding: text.utf8.prefix(Self.outputLineByteLimit), as: UTF8.self) + "…" : text
        tests.changeExtras(at: index) { $0.output.append(line) }
    }

    /// The test ran on a parallel log's clone `clone`: its worker, and its place in that clone's sequence.
    mutating func placeOnWorker(_ index: Int, clone: Int) {
        guard retention == .full, tests.extras(at: index)?.worker == nil else { return }
        clonePositions[clone, default: 0] += 1
        let position = clonePositions[clone, default: 0]
        tests.changeExtras(at: index) {
            $0.worker = clone
            $0.position = position
        }
    }

    /// Crash lines kept of those read while no test ran.
    static let crashLineLimit = 5

    /// A fatal error or crash report: the running test's crash evidence, or, while no test runs, a crash outside any
    /// test (before the first, between two, at exit), which no test's status shows.
    mutating func noteCrash(_ event: TestEvent) {
        runnerDeath = nil
        switch event {
        case .fatalError(let message, let file, let line):
            noteCrashOutsideTests("Fatal error: \(message)")
            crash = CrashEvidence(
                fatal: TestFailure(message: message, file: file, line: line), proof: evidence("fatal error"))
        case .programCrashed(let description):
            noteCrashOutsideTests(description)
            if crash.fatal == nil { crash.fatal = TestFailure(message: description) }
            if crash.proof == nil { crash.proof = evidence("crash report") }
        default:
            break
        }
    }

    /// How the test process ended, said of the test that was running then.
    package static func endedWhileRunning(_ termination: Termination) -> String {
        "the test process \(termination.ended) while this test was running"
    }

    /// A suite's issue, or one outside any test (`suite` nil): it continues no test's message.
    mutating func noteSuiteIssue(_ suite: String?, _ failure: TestFailure) {
        (messageTarget, lastIssueEntry) = (nil, nil)
        guard suiteIssues.count < Self.crashLineLimit else { return }
        let what = suite == nil ? "an issue outside any test" : "the suite's issue"
        suiteIssues.append(SuiteIssue(suite: suite, failure: failure, evidence: evidence(what)))
        detailsGoToSuiteIssue = true
    }

    /// A detail of the last issue (`↳ comment`, a multi-line comment's further lines): a suite's or no test's issue
    /// takes it into its message, as its event stream record has it; a test's issue, into the test's output.
    /// A warning fails nothing: an output line of its test, whose detail lines (`↳ …`) follow it; of no test (or of
    /// one the input shows nothing else of: a quiet run's), nowhere. It never makes a test.
    mutating func noteWarning(_ ref: TestRef?, _ text: String) {
        guard let ref,
            let named = ref.eventStreamID.flatMap({ streamEntries[$0] }) ?? tests.find(id: names.resolve(ref).id)
        else {
            (lastIssueEntry, messageTarget, detailsGoToSuiteIssue) = (nil, .dropped, false)
            return
        }
        let index = runningOccurrence(of: named, for: ref)
        appendOutput("warning: " + text, to: index)
        (lastIssueEntry, messageTarget, detailsGoToSuiteIssue) = (index, .knownIssue(index), false)
    }

    mutating func noteDetail(_ text: String) {
        if detailsGoToSuiteIssue, let last = suiteIssues.indices.last {
            let message = suiteIssues[last].failure.message
            if message.utf8.count < Self.messageByteLimit { suiteIssues[last].failure.message = message + "\n" + text }
            return
        }
        // A warning of no test: its details go nowhere either.
        if case .dropped = messageTarget, lastIssueEntry == nil { return }
        guard let index = lastIssueEntry ?? running.last else { return }
        // A failing issue's comment is part of its message, as its event stream record has it.
        if case .failure(let target) = messageTarget, target == index {
            continueFailureMessage(text, in: index)
        } else {
            appendOutput(text, to: index)
        }
    }

    private mutating func noteCrashOutsideTests(_ description: String) {
        guard running.isEmpty, swiftTestingRunningInConsole.isEmpty, crashesOutsideTests.count < Self.crashLineLimit,
            line > 0
        else { return }
        crashesOutsideTests.append(
            RunFailureEvidence(
                kind: tests.isEmpty ? .crashBeforeFirstTest : .crashAfterTest, source: source ?? "input", line: line,
                text: description))
    }

    /// Records a line the caller could not read at all (malformed JSON, an unknown record).
    package mutating func countUnrecognizedLine() { unrecognizedLineCount += 1 }
}
