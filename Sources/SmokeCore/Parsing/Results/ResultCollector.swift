/// Folds `TestEvent`s into `TestResult`s in start order, naming tests as `swift test --list-tests` does
/// (`Module.Class/method`; `knownTests` qualifies the short names Linux XCTest and the Swift Testing console print).
/// Keeps crash evidence for the running test, and counts lines that neither a rule nor a running test explains.
package struct ResultCollector {
    /// Earlier attempts kept per test when a log runs the same test again.
    static let attemptLimit = 10
    /// Failures kept per test (a loop of failing assertions must not grow memory).
    static let failureLimit = 100
    static let outputLineByteLimit = 4096
    /// A failure message grows by further lines (`issueMessageContinued`) up to about this many UTF-8 bytes.
    static let messageByteLimit = 64 * 1024

    package enum Retention: Sendable {
        /// Everything the reports show: failures, output, earlier attempts.
        case full
        /// Id, name, final status, duration and flakiness only: a few hundred bytes per test for a huge log's summary.
        case statusesOnly
    }

    /// Lines that no rule matched and that no running test could own.
    package internal(set) var unrecognizedLineCount = 0
    package internal(set) var attachments: [RawAttachment] = []
    /// Ids of tests that started or were reported (skipped tests included): the ones a re-launch must not run again.
    package var startedTestIDs: Set<String> { Set((0..<tests.count).map(tests.id(at:))) }

    // The internal state below is shared with the collector's own extensions (ResultCollector+*.swift) only.

    /// Whether any XCTest `started` line was seen: the log is serial, so restarts name the running test.
    var sawXCTestStart = false
    /// Every test, compactly: found by id (a repeated name's later runs are `id#2`, …) and by `Class/method`, so a line
    /// without the module (Linux XCTest's `Class.method`, Xcode 16's `Class.method()` summary) is the same test.
    package internal(set) var tests = TestTable()
    /// xcodebuild relaunched the runner, or smokerun's log says it retries: a name seen again is another attempt.
    var (sawRestart, smokerunRetries) = (false, false)
    /// The entry of the input's first test: entries before it are other inputs' tests.
    var firstTestOfInput = 0
    /// Entries started and not finished, in start order.
    var running: [Int] = []
    var lastIssueEntry: Int?
    /// Whether the last issue was a suite's or no test's (`suiteIssues.last`): its details are its message's.
    var detailsGoToSuiteIssue = false
    /// Where the further lines of the last issue's message go.
    var messageTarget: MessageTarget?
    /// The last ref looked up and its entry: a test's outcome line usually follows its start.
    var cachedRef = TestRef.scratch
    var (cacheIsValid, cachedIndex) = (false, 0)
    var crash = CrashEvidence()
    /// How many tests each clone of a parallel log has run so far.
    var clonePositions: [Int: Int] = [:]
    /// Display names declared before their tests run, by id: given to the test when it starts or is skipped.
    var displayNames: [String: String] = [:]
    /// By event-stream test id, the entry of that test's run.
    var streamEntries: [String: Int] = [:]
    /// Crash lines read while no test ran (the first few), for `Reconciliation`; `LogParser` gives each its text.
    package internal(set) var crashesOutsideTests: [RunFailureEvidence] = []
    /// Issues suites recorded outside their tests, and issues outside any test (the first few).
    package internal(set) var suiteIssues: [SuiteIssue] = []
    /// Tests whose process SwiftPM said died, by entry, until they end (ResultCollector+ProcessDeaths.swift).
    var processDeaths: [Int: ProcessDeath] = [:]
    /// SwiftPM's line that a test process died, read while no test ran: the crash of the output that follows it.
    var runnerDeath: (failure: TestFailure, evidence: Evidence)?
    /// The XCTest test Swift Testing's run starting inside seemed to end (`noteXCTestProcessEnd`), until another starts.
    var assumedExit: Int?
    /// A `Class/method` two modules have, and the test a failure's file attributed it to (+ModuleAttribution.swift).
    var attributedModuleless: (key: [UInt8], index: Int)?
    /// A console read beside its event stream: the Swift Testing tests it showed running at a crash line, and the
    /// crashes it showed so, for the stream's entries of those names (`crashSwiftTestingShownInConsole`).
    var swiftTestingRunningInConsole: [String] = []
    /// Whether the input showed a Swift Testing run's start: else tests may have started above its first line.
    var sawSwiftTestingRunStart = false
    var consoleCrashes: [(names: [String], crash: CrashEvidence)] = []
    /// Tests xcodebuild's `Failing tests:` list named, kept for `finishListedFailures()`.
    var listedFailures: [(ref: TestRef, reason: String?, line: Int)] = []
    /// Tests xcodebuild's `Failing tests:` list named that the input shows no result for, beside a failure it shows.
    package internal(set) var listedWithoutResult: ListedWithoutResult?
    let names: KnownTestNames
    /// The input being read (a file name, `output of X.xctest`): where evidence points.
    package var source: String?
    /// The number of the line whose events are applied now (the sink sets it).
    package var line = 0
    let projectRoot: String?
    /// The first entry a document (`adopt`) added: entries before it are the logs', which a document's tests join.
    var firstDocumentEntry: Int?
    let retention: Retention

    /// The test whose last issue's message further lines continue, and what became of that message.
    enum MessageTarget {
        case failure(Int)
        /// A known issue, kept as an output line: its further lines are output lines too.
        case knownIssue(Int)
        /// Not kept (failures not retained, or the test's limit reached).
        case dropped
    }

    /// `knownTests`: `--list-tests`' ids, to resolve short names. `projectRoot`: frames under it (not `.build/`) locate
    /// crashes; when nil, any outside `.build/`, checkouts, generated sources. `expectedTests` sizes the indexes.
    package init(
        knownTests: [String] = [], projectRoot: String? = nil, retention: Retention = .full, expectedTests: Int = 0
    ) {
        names = KnownTestNames(knownTests)
        tests = TestTable(expectedTests: expectedTests)
        self.projectRoot = projectRoot
        self.retention = retention
    }

    /// The tests so far in start order (`order` is 1-based); for a huge log, read `tests` instead.
    package var results: [TestResult] { tests.results }

    /// The most recently started test (the last of `results`), without making the others.
    package var lastResult: TestResult? { tests.isEmpty ? nil : tests.result(at: tests.count - 1) }

    /// The line that showed the running test's process crash (a fatal error, a crash report), if any.
    package var crashProof: Evidence? { crash.proof }
    /// The fatal message a crash printed, at its first project frame; nil when it printed none.
    package var printedCrash: TestFailure? {
        crash.fatal == nil ? nil : crash.failure(for: .crashed, evidence: crash.proof)
    }

    package var runningTestID: String? { running.last.map { tests.id(at: $0) } }

    package mutating func apply(_ event: TestEvent) {
        switch event {
        case .testStarted(let ref):
            testStarted(ref)
        case .testNamed(let ref):
            // Its process prints nothing more unless it failed (and then its own lines tell of it too).
            tests.insert(.namedProcessLine, at: entry(for: ref))
        case .displayName(let ref, let name):
            // Not an entry yet: a declared test that this batch does not run must not appear as one.
            displayNames[ref.hasModule ? ref.withIDBytes { id, _ in String(decoding: id, as: UTF8.self) } : ref.name] =
                name
        case .testFinished(let ref, let status, let duration):
            testFinished(ref, as: status, durationSeconds: duration)
        case .issue(let ref, let failure, let isKnown):
            // The same rule as result lines: a name that ran before and runs again is its running occurrence's. (Two
            // statements: `entry` adds the entry `runningOccurrence` reads.)
            let named = ref.map { entry(for: $0) }
            guard let found = named.map({ runningOccurrence(of: $0, for: ref) }) ?? running.last else {
                messageTarget = nil
                unrecognizedLineCount += 1
                return
            }
            let index = attributedToModule(found, by: failure)
            if ExecutionTimeAllowance.isAllowanceMessage(failure.message) {
                tests.insert(.exceededTimeAllowance, at: index)
                // It ran at least its allowance, whatever its result line says (often nothing: the runner restarts).
                if let allowance = ExecutionTimeAllowance.seconds(in: failure.message) {
                    tests.setDuration(max(allowance, tests.durationSeconds(at: index)), at: index)
                }
            }
            record(failure, isKnown: isKnown, in: index)
            // Stopped at its allowance: timed out, unless a result line later says otherwise.
            if tests.flags(at: index).isSuperset(of: [.exceededTimeAllowance, .hasFailure]),
                !tests.flags(at: index).contains(.finished)
            {
                tests.setStatus(.timedOut, at: index)
            }
        case .skipped(let ref, let reason):
            let index = skipEntry(for: ref)
            nameForDisplay(index)
            if let reason { appendOutput("Skipped: \(reason)", to: index) }
            finish(index, as: .skipped, durationSeconds: nil)
        case .attachment(let ref, let name, let content):
            let testID = ref.map { tests.id(at: entry(for: $0)) } ?? runningTestID
            attachments.append(RawAttachment(testID: testID, name: name, content: content))
        case .fatalError, .programCrashed:
            noteCrash(event)
        case .suiteIssue(let suite, let failure):
            noteSuiteIssue(suite, failure)
        case .issueOutsideTests(let failure):
            noteSuiteIssue(nil, failure)
        case .cancelled(let ref, let reason, let duration):
            let index = testFinished(ref, as: .skipped, durationSeconds: duration)
            if let reason { appendOutput("Skipped: \(reason)", to: index) }
        case .backtraceFrame(let file, let line, let function, let inCrashedThread):
            crash.note(file: file, line: line, function: function, inCrashedThread: inCrashedThread, root: projectRoot)
        case .restartAfterCrash(let ref):
            noteRestart(after: ref)
        case .testProcessDied(let ref, let description):
            noteProcessDeath(ref, description)
        case .runnerDied(let description):
            noteRunnerDeath(description)
        case .appendedRunStarted: sawRestart = false
        case .relaunchCrashed(let description):
            if !running.isEmpty { noteCrash(.programCrashed(description: description)) }
        case .xctestProcessEnded: noteXCTestProcessEnd()
        case .smokerunProcessStarted(let retrying): smokerunRetries = retrying
        case .swiftTestingRunStarted: noteSwiftTestingRunStart()
        case .sanitizerReport(let text): noteSanitizerReport(text)
        case .stoppedBySmokerun(let status, let reason): noteStopBySmokerun(status, reason)
        case .swiftTestingRunningInConsole(let names):
            swiftTestingRunningInConsole = names
        case .measured(let ref, let metric, let average):
            appendOutput("measured [\(metric)] average: \(average)", to: entry(for: ref))
        case .detail(let text): noteDetail(text)
        case .warning(let ref, let text): noteWarning(ref, text)
        case .issueMessageContinued(let text):
            switch messageTarget {
            case .failure(let index): continueFailureMessage(text, in: index)
            case .knownIssue(let index): appendOutput(text, to: index)
            case .dropped: break
            case nil: unrecognizedLineCount += 1
            }
        case .toolOutput(let text):
            if let index = running.last { appendOutput(text, to: index) }
        case .output(let text):
            if let index = running.last { appendOutput(text, to: index) } else { unrecognizedLineCount += 1 }
        case .listedAsFailing(let ref, let reason):
            if listedFailures.count < Self.listedFailureLimit { listedFailures.append((ref, reason, line)) }
        case .suiteStarted(let name): noteXCTestRunStart(suite: name)
        case .suiteFinished, .runSummary, .ignored: break
        }
    }

    /// `apply(.testStarted(ref))` with the ref borrowed, not wrapped in an event (the per-line path of a big log).
    package mutating func testStarted(_ ref: TestRef) {
        finishDeadRunningTests() // whatever starts, a dead process's output (`swift test --parallel`) has ended
        if ref.framework == .xctest {
            (sawXCTestStart, assumedExit) = (true, nil)
            finishInterruptedXCTests()
        }
        // A start after a crash is another process's (Swift Testing's after XCTest's): the crash ended the tests.
        let joinsCrashingRun = startJoinsCrashingRun(ref)
        if let proof = crash.proof, !running.isEmpty, !joinsCrashingRun {
            finishTimedOutRunningTests()
            finishRunningTest(as: .crashed, failure: nil, evidence: proof)
        }
        var index = entry(for: ref)
        if !tests.flags(at: index).isDisjoint(with: [.started, .finished]) { index = anotherRun(of: index, ref) }
        if let id = ref.eventStreamID { streamEntries[id] = index }
        tests.insert([.started, .ownProcessLine], at: index)
        nameForDisplay(index)
        running.append(index)
        if !crash.isEmpty, running.count == 1 || !joinsCrashingRun { crash = CrashEvidence() }
    }

    /// `apply(.testFinished(ref, status, durationSeconds:))` with the ref borrowed; the entry it finished.
    @discardableResult
    package mutating func testFinished(_ ref: TestRef, as status: TestStatus, durationSeconds: Double?) -> Int {
        let named = streamEntry(for: ref) // first: it may add the entry that runningOccurrence reads
        var index = runningOccurrence(of: named, for: ref, finishing: status)
        undoAssumedExit(at: index)
        if isPrintedResultLine(ref, for: index) { return index }
        // No `started` lines in a parallel log: a second clone or `on 'My Mac - App (123)'` result line is another run.
        let resultLine: TestTable.Flags = ref.clone > 0 ? .cloneResultLine : .namedProcessLine
        let secondLine = tests.flags(at: index).contains(resultLine) && !running.contains(index)
        if let earlier = serialRunAwaitingRepeat(of: index, ref, status) {
            index = earlier
        } else if ref.clone > 0 || ref.namesProcess, secondLine {
            index = anotherRun(of: index, ref)
        } else if ref.clone > 0, status == .failed, tests.status(at: index) == .crashed, !running.contains(index) {
            // xcodebuild's `failed on` line for the test its restart line said crashed: the same run, still crashed.
            tests.insert(.cloneResultLine, at: index)
            placeOnWorker(index, clone: Int(ref.clone))
            return index
        }
        finish(index, as: status, durationSeconds: durationSeconds)
        tests.insert(ref.namesProcess ? .namedProcessLine : .ownProcessLine, at: index)
        if ref.clone > 0 {
            tests.insert(.cloneResultLine, at: index)
            placeOnWorker(index, clone: Int(ref.clone))
        }
        return index
    }

    /// Ends every running test with `status` when its process crashed (`.crashed`) or was killed for a timeout
    /// (`.timedOut`), with `evidence` of it. With `failure` nil, a crash gets the remembered fatal message at its first
    /// project frame. `durationSeconds`: how long it ran until stopped, when the caller measured it.
    package mutating func finishRunningTest(
        as status: TestStatus, failure: TestFailure?, evidence: Evidence?, durationSeconds: Double? = nil
    ) {
        let unnamed = status == .crashed ? setCrashBystandersAside() : 0
        var (failure, evidence) = (failure ?? crash.failure(for: status, evidence: evidence), evidence)
        if unnamed > 1 { (failure, evidence) = Self.unnamedCrash(failure, evidence, among: unnamed) }
        for index in running {
            let exceeded = tests.flags(at: index).contains(.exceededTimeAllowance)
            if let failure, !(exceeded && status == .crashed) { keep(failure, in: index, ended: true) }
            if let seconds = PlausibleTime.seconds(durationSeconds) { setDuration(seconds, at: index) }
            tests.insert(.finished, at: index)
            tests.setStatus(status == .crashed && exceeded ? .timedOut : status, at: index)
            if let evidence { setEvidence(evidence, at: index) }
            markFlaky(index)
        }
        running.removeAll()
        crash = CrashEvidence()
    }
}
