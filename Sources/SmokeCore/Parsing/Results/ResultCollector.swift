/// Folds `TestEvent`s into `TestResult`s, in the order tests started.
///
/// It names tests as `swift test --list-tests` does (`Module.Class/method`, `Module.Suite/function()`),
/// using `knownTests` to qualify the short names Linux XCTest and the Swift Testing console print,
/// remembers crash evidence (fatal message, first project backtrace frame) for the running test,
/// and counts lines that neither a rule nor a running test explains.
package struct ResultCollector {
    /// Earlier attempts kept per test when a log runs the same test again.
    static let attemptLimit = 10
    /// Failures kept per test (a loop of failing assertions must not grow memory).
    static let failureLimit = 100
    /// Longest output line kept, in UTF-8 bytes.
    static let outputLineByteLimit = 4096
    /// A failure message grows by further lines (`issueMessageContinued`) up to about this many UTF-8 bytes.
    static let messageByteLimit = 64 * 1024

    /// What the collector keeps of each test.
    package enum Retention: Sendable {
        /// Everything the reports show: failures, output, earlier attempts.
        case full
        /// Id, name, final status, duration and whether it was flaky — enough for totals. For a
        /// summary of a huge log: memory per test stays a few hundred bytes, whatever the test printed.
        case statusesOnly
    }

    /// Lines that no rule matched and that no running test could own.
    package private(set) var unrecognizedLineCount = 0
    /// Every attachment, with the id of the test that made it when known.
    package private(set) var attachments: [RawAttachment] = []
    /// Ids of tests that started or were reported (skipped tests included): the ones a re-launch must not run again.
    package var startedTestIDs: Set<String> { Set((0..<tests.count).map(tests.id(at:))) }

    /// Whether any XCTest `started` line was seen: the log is serial, so restarts name the running test.
    private var sawXCTestStart = false
    /// Every test, compactly: ids found by their bytes (a repeated name's later runs get ids `id#2`, `id#3`, …),
    /// and by `Class/method` for an XCTest id with its module, so a later line without the module — Linux
    /// XCTest's `Class.method`, Xcode 16's `Class.method()` summary line — is the same test.
    package private(set) var tests = TestTable()
    /// xcodebuild relaunched the runner: a name seen again from now on is another attempt of its test.
    private var sawRestart = false
    /// Entries started and not finished, in start order.
    private var running: [Int] = []
    private var lastIssueEntry: Int?
    /// Where the further lines of the last issue's message go.
    private var messageTarget: MessageTarget?
    /// The last ref looked up and its entry: a test's outcome line usually follows its start.
    private var cachedRef = TestRef.scratch
    private var cacheIsValid = false
    private var cachedIndex = 0
    private var crash = CrashEvidence()
    /// How many tests each clone of a parallel log has run so far.
    private var clonePositions: [Int: Int] = [:]
    /// Tests xcodebuild's `Failing tests:` list named, kept for `finishListedFailures()`.
    var listedFailures: [(ref: TestRef, reason: String?, line: Int)] = []
    private let names: KnownTestNames
    /// The input being read (a file name, `output of X.xctest`): where evidence points.
    package var source: String?
    /// The number of the line whose events are applied now (the sink sets it).
    package var line = 0
    private let projectRoot: String?
    private let retention: Retention

    /// The test whose last issue's message further lines continue, and what became of that message.
    private enum MessageTarget {
        /// The last of the test's failures.
        case failure(Int)
        /// A known issue, kept as an output line: its further lines are output lines too.
        case knownIssue(Int)
        /// Not kept (failures not retained, or the test's limit reached).
        case dropped
    }

    /// What a crash left behind for the test that was running.
    private struct CrashEvidence {
        var fatal: TestFailure?
        var frame: (file: String, line: Int)?
        /// The line that said the process crashed (a fatal error, a crash report, a signal).
        var proof: Evidence?
    }

    /// - Parameters:
    ///   - knownTests: ids as `--list-tests` prints them; short names in the output resolve to these.
    ///   - projectRoot: an absolute path; backtrace frames under it (and outside `.build/`) locate crashes.
    ///     When nil, any frame outside `.build/`, checkouts and generated sources counts.
    ///   - retention: `.statusesOnly` drops failures, output and earlier attempts as they arrive.
    ///   - expectedTests: about how many tests the input holds (0 when unknown), to size the table's indexes.
    package init(
        knownTests: [String] = [], projectRoot: String? = nil, retention: Retention = .full, expectedTests: Int = 0
    ) {
        names = KnownTestNames(knownTests)
        tests = TestTable(expectedTests: expectedTests)
        self.projectRoot = projectRoot
        self.retention = retention
    }

    /// The tests so far, in the order they started; `order` is 1-based. A `TestResult` each: for a huge log,
    /// read `tests` instead.
    package var results: [TestResult] { tests.results }

    /// The most recently started test (the last of `results`), without making the others.
    package var lastResult: TestResult? { tests.isEmpty ? nil : tests.result(at: tests.count - 1) }

    /// The line that showed the running test's process crash (a fatal error, a crash report), if any.
    package var crashProof: Evidence? { crash.proof }

    /// The id of the most recently started test that has not finished.
    package var runningTestID: String? { running.last.map { tests.id(at: $0) } }

    package mutating func apply(_ event: TestEvent) {
        switch event {
        case .testStarted(let ref):
            testStarted(ref)
        case .testNamed(let ref):
            _ = entry(for: ref)
        case .testFinished(let ref, let status, let duration):
            testFinished(ref, as: status, durationSeconds: duration)
        case .issue(let ref, let failure, let isKnown):
            guard let index = ref.map({ entry(for: $0) }) ?? running.last else {
                messageTarget = nil
                unrecognizedLineCount += 1
                return
            }
            if ExecutionTimeAllowance.isAllowanceMessage(failure.message) {
                tests.insert(.exceededTimeAllowance, at: index)
                // It ran at least its allowance, whatever its result line says (often nothing: the runner restarts).
                if let allowance = ExecutionTimeAllowance.seconds(in: failure.message) {
                    tests.setDuration(max(allowance, tests.durationSeconds(at: index)), at: index)
                }
            }
            record(failure, isKnown: isKnown, in: index)
        case .skipped(let ref, let reason):
            let index = entry(for: ref)
            if let reason { appendOutput("Skipped: \(reason)", to: index) }
            finish(index, as: .skipped, durationSeconds: nil)
        case .attachment(let ref, let name, let content):
            let testID = ref.map { tests.id(at: entry(for: $0)) } ?? runningTestID
            attachments.append(RawAttachment(testID: testID, name: name, content: content))
        case .fatalError(let message, let file, let line):
            crash = CrashEvidence(
                fatal: TestFailure(message: message, file: file, line: line), proof: evidence("fatal error"))
        case .programCrashed(let description):
            if crash.fatal == nil { crash.fatal = TestFailure(message: description) }
            if crash.proof == nil { crash.proof = evidence("crash report") }
        case .backtraceFrame(let file, let line):
            if crash.frame == nil, isProjectFile(file) { crash.frame = (file, line) }
        case .restartAfterCrash(let ref):
            sawRestart = true
            // Only a parallel log (no `started` lines) names a crashed test nothing else shows; in a serial
            // log the crashed test is the running one, and a restart naming another test is not counted twice.
            if running.isEmpty, !sawXCTestStart, let ref {
                let index = entry(for: ref)
                if !tests.flags(at: index).contains(.finished) { running.append(index) }
            }
            finishRunningTest(
                as: .crashed, failure: nil,
                evidence: crash.proof
                    ?? evidence(
                        "xcodebuild restarted the test runner after an unexpected exit, crash or timeout in this test"))
        case .measured(let ref, let metric, let average):
            appendOutput("measured [\(metric)] average: \(average)", to: entry(for: ref))
        case .detail(let text):
            guard let index = lastIssueEntry ?? running.last else { return }
            appendOutput(text, to: index)
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
            guard let index = running.last else {
                unrecognizedLineCount += 1
                return
            }
            appendOutput(text, to: index)
        case .listedAsFailing(let ref, let reason):
            if listedFailures.count < Self.listedFailureLimit { listedFailures.append((ref, reason, line)) }
        case .suiteStarted, .suiteFinished, .runSummary, .ignored:
            break
        }
    }

    /// `apply(.testStarted(ref))` with the ref borrowed, not wrapped in an event (the per-line path of a big log).
    package mutating func testStarted(_ ref: TestRef) {
        if ref.framework == .xctest {
            sawXCTestStart = true
            finishInterruptedXCTests()
        }
        var index = entry(for: ref)
        if !tests.flags(at: index).isDisjoint(with: [.started, .finished]) { index = anotherRun(of: index, ref) }
        tests.insert(.started, at: index)
        running.append(index)
        if crash.fatal != nil || crash.frame != nil || crash.proof != nil { crash = CrashEvidence() }
    }

    /// `apply(.testFinished(ref, status, durationSeconds:))` with the ref borrowed.
    package mutating func testFinished(_ ref: TestRef, as status: TestStatus, durationSeconds: Double?) {
        let named = entry(for: ref) // first: it may add the entry that runningOccurrence reads
        var index = runningOccurrence(of: named)
        // A parallel log has no `started` lines: a second clone's result line for a name is another run. (Xcode 16
        // repeats a serial log's results as `Test case 'C.m()' passed on 'My Mac - …'`: the same run again.)
        if ref.clone > 0, tests.flags(at: index).contains(.cloneResultLine), !running.contains(index) {
            index = anotherRun(of: index, ref)
        }
        finish(index, as: status, durationSeconds: durationSeconds)
        if ref.clone > 0 {
            tests.insert(.cloneResultLine, at: index)
            placeOnWorker(index, clone: Int(ref.clone))
        }
    }

    /// Another run of the name at `index`: an attempt of that test only when the output says so (an iteration marker,
    /// xcodebuild's restart, an event stream's own id), else a new test (Documentation/Design.md §7); the entry to use.
    private mutating func anotherRun(of index: Int, _ ref: TestRef) -> Int {
        if ref.isRepetition || sawRestart || ref.eventStreamID != nil {
            beginNewAttempt(index)
            return index
        }
        return newOccurrence(of: index)
    }

    /// The test ran on a parallel log's clone `clone`: its worker, and its place in that clone's sequence.
    private mutating func placeOnWorker(_ index: Int, clone: Int) {
        guard retention == .full, tests.extras(at: index)?.worker == nil else { return }
        clonePositions[clone, default: 0] += 1
        let position = clonePositions[clone, default: 0]
        tests.changeExtras(at: index) {
            $0.worker = clone
            $0.position = position
        }
    }

    /// Ends every running test with `status` — the runner's call when the process crashed (`.crashed`) or was
    /// killed for a timeout (`.timedOut`), with `evidence`: the process fact it saw, or the input line that said so.
    /// With `failure` nil, a crash gets the remembered fatal message and the first project backtrace frame as its
    /// location. `durationSeconds` is how long it ran until it was stopped, when the caller measured it (a timeout,
    /// an interrupt).
    package mutating func finishRunningTest(
        as status: TestStatus, failure: TestFailure?, evidence: Evidence?, durationSeconds: Double? = nil
    ) {
        let failure = failure ?? defaultFailure(for: status, evidence: evidence)
        for index in running {
            let exceeded = tests.flags(at: index).contains(.exceededTimeAllowance)
            if let failure, !(exceeded && status == .crashed) { keep(failure, in: index) }
            if let seconds = PlausibleTime.seconds(durationSeconds) { setDuration(seconds, at: index) }
            tests.insert(.finished, at: index)
            tests.setStatus(status == .crashed && exceeded ? .timedOut : status, at: index)
            if let evidence { setEvidence(evidence, at: index) }
            markFlaky(index)
        }
        running.removeAll()
        crash = CrashEvidence()
    }

    /// The input ends. A running test whose crash the input shows (a fatal error, a crash report after it started)
    /// is `crashed`; when the input ends in xcodebuild's success banner, it passed; otherwise nothing says how it
    /// ended and it is `unfinished`. Returns how many tests were left unfinished.
    package mutating func finishAtEndOfInput(endedInSuccess: Bool) -> Int {
        guard !running.isEmpty else { return 0 }
        if let proof = crash.proof {
            finishRunningTest(as: .crashed, failure: nil, evidence: proof)
            return 0
        }
        if endedInSuccess {
            finishRunningTest(as: .passed, failure: nil, evidence: nil)
            return 0
        }
        let count = running.count
        finishRunningTest(as: .unfinished, failure: nil, evidence: evidence("the input ends while the test runs"))
        return count
    }

    /// Records a line the caller could not read at all (malformed JSON, an unknown record).
    package mutating func countUnrecognizedLine() { unrecognizedLineCount += 1 }

    /// Adds tests another reader finished whole (an xcresulttool document), after those already collected;
    /// a test whose id is already here is replaced. `unrecognized` counts what that reader did not understand.
    package mutating func adopt(_ results: [TestResult], attachments: [RawAttachment] = [], unrecognized: Int = 0) {
        for var result in results {
            result.recordMissingEvidence { [source] in Evidence(what: "recorded as `\($0.rawValue)`", source: source) }
            let index =
                tests.find(id: result.id)
                ?? tests.append(id: result.id, name: result.name, suite: result.suite, framework: result.framework)
            tests.replace(index, with: result)
        }
        cacheIsValid = false
        self.attachments += attachments
        unrecognizedLineCount += unrecognized
    }

    // MARK: - Entries

    mutating func entry(for ref: TestRef) -> Int {
        if cacheIsValid, ref == cachedRef { return cachedIndex }
        let index = entryByBytes(for: ref) ?? resolvedEntry(for: ref)
        // Copied into the cache's own buffer: holding the parser's would make it allocate a new one next line.
        cachedRef.assign(ref)
        cacheIsValid = true
        cachedIndex = index
        return index
    }

    /// The usual case without a `String` for the id: a ref with its module (`Module.Class/method`), or a
    /// `Class/method` when no listed names could qualify it, looked up by the bytes the ref already holds in
    /// the id's shape; `resolvedEntry` gives the same entry for these refs, only slower.
    private mutating func entryByBytes(for ref: TestRef) -> Int? {
        guard ref.hasModule || (ref.hasSuite && names.hasNoShortNames) else { return nil }
        return ref.withIDBytes { bytes, nameStart in
            let hash = ByteKeyIndex.hash(bytes)
            if let existing = tests.find(idBytes: bytes, hash: hash) { return existing }
            if !ref.hasModule, ref.framework == .xctest,
                let existing = tests.find(modulelessKeyBytes: bytes, hash: hash) ?? nil
            {
                return existing
            }
            return ref.withSuiteBytes { suite in
                tests.append(
                    idBytes: bytes, nameLength: bytes.count - nameStart, suiteBytes: suite, framework: ref.framework,
                    modulelessKeyed: ref.hasModule && ref.framework == .xctest, hash: hash)
            }
        }
    }

    private mutating func resolvedEntry(for ref: TestRef) -> Int {
        let name = names.resolve(ref)
        let index: Int
        if let existing = tests.find(id: name.id) {
            index = existing
        } else if ref.module == nil, ref.framework == .xctest, let existing = tests.find(modulelessKey: name.id) ?? nil
        {
            // `name.id` is `Class/method` here: a module-less id nothing qualified.
            index = existing
        } else {
            index = tests.append(
                id: name.id, name: name.name, suite: name.suite, framework: ref.framework,
                modulelessKeyed: ref.module != nil && ref.framework == .xctest)
        }
        return index
    }

    /// A later run of the name at `index`, as a test of its own with a stable id: `id#2`, `id#3`, ….
    private mutating func newOccurrence(of index: Int) -> Int {
        cacheIsValid = false
        return tests.appendOccurrence(of: index)
    }

    /// An outcome for a name that several running tests share (Swift Testing runs suites in parallel, and its
    /// console names only the function): the earliest still running one, when the latest already finished.
    private func runningOccurrence(of index: Int) -> Int {
        guard tests.flags(at: index).contains(.finished), !running.isEmpty else { return index }
        return running.first { tests.sameBase($0, index) } ?? index
    }

    mutating func finish(_ index: Int, as stated: TestStatus, durationSeconds: Double?) {
        var status = stated
        let flags = tests.flags(at: index)
        if flags.contains(.exceededTimeAllowance), status == .failed || status == .crashed { status = .timedOut }
        if status == .passed || status == .expectedFailure, flags.contains(.hasFailure) {
            status = .failed
        } else if status == .passed, flags.contains(.hasKnownIssue) {
            status = .expectedFailure
        }
        // An issue line proved it already; else the outcome line itself says so.
        if status.isFailure, !flags.contains(.hasFailure) {
            setEvidence(evidence("`\(stated.rawValue)` result line"), at: index)
        }
        tests.setStatus(status, at: index)
        // A duration the input cannot mean (1e300 seconds) is unknown.
        if let seconds = PlausibleTime.seconds(durationSeconds) { setDuration(seconds, at: index) }
        tests.insert(.finished, at: index)
        if let position = running.lastIndex(of: index) { running.remove(at: position) }
        markFlaky(index)
    }

    mutating func record(_ failure: TestFailure, isKnown: Bool, in index: Int) {
        lastIssueEntry = index
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
        messageTarget = keep(failure, in: index) ? .failure(index) : .dropped
    }

    /// Keeps `failure` unless the test has kept enough or failures are not kept; says whether it did.
    @discardableResult
    private mutating func keep(_ failure: TestFailure, in index: Int) -> Bool {
        guard retention == .full, (tests.extras(at: index)?.failures.count ?? 0) < Self.failureLimit else {
            return false
        }
        tests.changeExtras(at: index) { $0.failures.append(failure) }
        return true
    }

    /// A further line of the message of the test's last failure.
    private mutating func continueFailureMessage(_ text: String, in index: Int) {
        guard let message = tests.extras(at: index)?.failures.last?.message,
            message.utf8.count < Self.messageByteLimit
        else { return }
        tests.changeExtras(at: index) { $0.failures[$0.failures.count - 1].message = message + "\n" + text }
    }

    /// XCTest runs one test at a time: a new one starting means the one before has no result line. It crashed when
    /// the input shows a crash since it started; otherwise nothing says how it ended (a line lost or mangled), and it
    /// is `unfinished`.
    private mutating func finishInterruptedXCTests() {
        guard running.contains(where: { tests.framework(at: $0) == .xctest }) else { return }
        let others = running.filter { tests.framework(at: $0) != .xctest }
        running.removeAll { tests.framework(at: $0) != .xctest }
        if let proof = crash.proof {
            finishRunningTest(as: .crashed, failure: nil, evidence: proof)
        } else {
            finishRunningTest(
                as: .unfinished, failure: nil, evidence: evidence("no result line before the next test started"))
        }
        running = others
    }

    /// The same test again (a retry or another iteration): keep the earlier run as an attempt.
    private mutating func beginNewAttempt(_ index: Int) {
        if let position = running.lastIndex(of: index) { running.remove(at: position) }
        let status = tests.status(at: index)
        let failedBefore = tests.flags(at: index).contains(.failedBefore) || status.isFailure
        let extras = tests.extras(at: index)
        if retention == .full, (extras?.attempts.count ?? 0) < Self.attemptLimit {
            var attempt = TestAttempt(
                status: status, durationSeconds: tests.durationSeconds(at: index), failures: extras?.failures ?? [])
            attempt.evidence = extras?.evidence
            tests.changeExtras(at: index) { $0.attempts.append(attempt) }
            tests.insert(.keptAttempts, at: index)
        }
        if extras != nil {
            tests.changeExtras(at: index) {
                $0.failures = []
                $0.output = []
                $0.evidence = nil
            }
        }
        tests.setStatus(.passed, at: index)
        tests.setDuration(0, at: index)
        tests.remove(TestTable.Flags.progress.union(.failedBefore), at: index) // the duration is unknown again
        if failedBefore { tests.insert(.failedBefore, at: index) }
    }

    /// The duration a result line or the runner gives; a test stopped at its execution time allowance ran at least
    /// the allowance (set when the allowance message was read).
    private mutating func setDuration(_ seconds: Double, at index: Int) {
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

    private mutating func markFlaky(_ index: Int) {
        tests.setFlaky(tests.status(at: index) == .passed && tests.flags(at: index).contains(.failedBefore), at: index)
    }

    private mutating func appendOutput(_ text: String, to index: Int) {
        guard retention == .full, (tests.extras(at: index)?.output.count ?? 0) < TestResult.outputLineLimit else {
            return
        }
        let line =
            text.utf8.count > Self.outputLineByteLimit
            ? String(decoding: text.utf8.prefix(Self.outputLineByteLimit), as: UTF8.self) + "…" : text
        tests.changeExtras(at: index) { $0.output.append(line) }
    }

    // MARK: - Crashes

    /// A crash's failure: the fatal message the output gave, at the first project frame, else what proved the crash.
    private func defaultFailure(for status: TestStatus, evidence: Evidence?) -> TestFailure? {
        switch status {
        case .crashed:
            var failure =
                crash.fatal
                ?? TestFailure(
                    message: evidence?.what
                        ?? "the test process ended while this test was running; nothing it printed says how")
            if let frame = crash.frame {
                failure.file = frame.file
                failure.line = frame.line
            }
            return failure
        case .timedOut:
            return TestFailure(message: "The test did not finish in time and was stopped.")
        case .passed, .failed, .skipped, .expectedFailure, .interrupted, .unfinished:
            return nil
        }
    }

    /// How the test process ended, said of the test that was running then.
    package static func endedWhileRunning(_ termination: Termination) -> String {
        "the test process \(termination.ended) while this test was running"
    }

    /// A frame in the project's own sources: not build products, package checkouts or generated code.
    private func isProjectFile(_ file: String) -> Bool {
        guard file.hasPrefix("/"), !file.hasPrefix("//"), !file.contains("/.build/"), !file.contains("/checkouts/"),
            !file.contains("/swift-generated-sources/"), !file.contains("/DerivedData/")
        else { return false }
        guard let projectRoot else { return true }
        return file.hasPrefix(projectRoot.hasSuffix("/") ? projectRoot : projectRoot + "/")
    }
}
