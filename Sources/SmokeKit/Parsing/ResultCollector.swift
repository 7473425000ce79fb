/// Folds `TestEvent`s into `TestResult`s, in the order tests started.
///
/// It names tests as `swift test --list-tests` does (`Module.Class/method`, `Module.Suite/function()`),
/// using `knownTests` to qualify the short names Linux XCTest and the Swift Testing console print,
/// remembers crash evidence (fatal message, first project backtrace frame) for the running test,
/// and counts lines that neither a rule nor a running test explains.
package struct ResultCollector {
    /// Earlier attempts kept per test when a log runs the same test again.
    package static let attemptLimit = 10
    /// Failures kept per test (a loop of failing assertions must not grow memory).
    package static let failureLimit = 100
    /// Longest output line kept, in UTF-8 bytes.
    package static let outputLineByteLimit = 4096

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
    package private(set) var startedTestIDs: Set<String> = []

    /// Whether any XCTest `started` line was seen: the log is serial, so restarts name the running test.
    private var sawXCTestStart = false
    private var entries: [TestResult] = []
    private var progress: [Progress] = []
    /// Id → the latest test with that id (a repeated name's later runs get ids `id#2`, `id#3`, …).
    private var indexByID: [String: Int] = [:]
    /// `Class/method` → the test first named with its module (`Module.Class/method`), so a later line without the
    /// module — Linux XCTest's `Class.method`, Xcode 16's `Class.method()` summary line — is the same test.
    /// Nil when two modules have such a test.
    private var indexByModulelessID: [String: Int?] = [:]
    private var modulelessKeyByIndex: [Int: String] = [:]
    /// How many tests share each id (a name run several times with nothing marking a retry).
    private var occurrences: [String: Int] = [:]
    /// xcodebuild relaunched the runner: a name seen again from now on is another attempt of its test.
    private var sawRestart = false
    /// Entries started and not finished, in start order.
    private var running: [Int] = []
    private var lastIssueEntry: Int?
    private var cachedRef: TestRef?
    private var cachedIndex = 0
    private var crash = CrashEvidence()
    private let names: KnownTestNames
    private let projectRoot: String?
    private let retention: Retention

    private struct Progress {
        var started = false
        var finished = false
        var hasFailure = false
        var hasKnownIssue = false
        /// An earlier attempt failed (what `flaky` needs when attempts are not kept).
        var failedBefore = false
        /// xcodebuild said the test exceeded its execution time allowance.
        var exceededTimeAllowance = false
    }

    /// What a crash left behind for the test that was running.
    private struct CrashEvidence {
        var fatal: TestFailure?
        var frame: (file: String, line: Int)?
    }

    /// - Parameters:
    ///   - knownTests: ids as `--list-tests` prints them; short names in the output resolve to these.
    ///   - projectRoot: an absolute path; backtrace frames under it (and outside `.build/`) locate crashes.
    ///     When nil, any frame outside `.build/`, checkouts and generated sources counts.
    ///   - retention: `.statusesOnly` drops failures, output and earlier attempts as they arrive.
    package init(knownTests: [String] = [], projectRoot: String? = nil, retention: Retention = .full) {
        names = KnownTestNames(knownTests)
        self.projectRoot = projectRoot
        self.retention = retention
    }

    /// The tests so far, in the order they started; `order` is 1-based.
    package var results: [TestResult] { entries }

    /// The id of the most recently started test that has not finished.
    package var runningTestID: String? { running.last.map { entries[$0].id } }

    package mutating func apply(_ event: TestEvent) {
        switch event {
        case .testStarted(let ref):
            if ref.framework == .xctest {
                sawXCTestStart = true
                finishInterruptedXCTests()
            }
            var index = entry(for: ref)
            if progress[index].started || progress[index].finished {
                // Another run of a name: an attempt only when the output says so, else a test of its own.
                if ref.isRepetition || sawRestart || ref.eventStreamID != nil {
                    beginNewAttempt(index)
                } else {
                    index = newOccurrence(of: index)
                }
            }
            progress[index].started = true
            running.append(index)
            crash = CrashEvidence()
        case .testNamed(let ref):
            _ = entry(for: ref)
        case .testFinished(let ref, let status, let duration):
            let named = entry(for: ref)  // first: it may add the entry that runningOccurrence reads
            finish(runningOccurrence(of: named), as: status, durationSeconds: duration)
        case .issue(let ref, let failure, let isKnown):
            guard let index = ref.map({ entry(for: $0) }) ?? running.last else {
                unrecognizedLineCount += 1
                return
            }
            if failure.message.hasPrefix("Test exceeded execution time allowance") { progress[index].exceededTimeAllowance = true }
            record(failure, isKnown: isKnown, in: index)
        case .skipped(let ref, let reason):
            let index = entry(for: ref)
            if let reason { appendOutput("Skipped: \(reason)", to: index) }
            finish(index, as: .skipped, durationSeconds: nil)
        case .attachment(let ref, let name, let content):
            let testID = ref.map { entries[entry(for: $0)].id } ?? runningTestID
            attachments.append(RawAttachment(testID: testID, name: name, content: content))
        case .fatalError(let message, let file, let line):
            crash = CrashEvidence(fatal: TestFailure(message: message, file: file, line: line))
        case .programCrashed(let description):
            if crash.fatal == nil { crash.fatal = TestFailure(message: description) }
        case .backtraceFrame(let file, let line):
            if crash.frame == nil, isProjectFile(file) { crash.frame = (file, line) }
        case .restartAfterCrash(let ref):
            sawRestart = true
            // Only a parallel log (no `started` lines) names a crashed test nothing else shows; in a serial
            // log the crashed test is the running one, and a restart naming another test is not counted twice.
            if running.isEmpty, !sawXCTestStart, let ref {
                let index = entry(for: ref)
                if !progress[index].finished { running.append(index) }
            }
            finishRunningTest(as: .crashed, failure: nil)
        case .measured(let ref, let metric, let average):
            appendOutput("measured [\(metric)] average: \(average)", to: entry(for: ref))
        case .detail(let text):
            guard let index = lastIssueEntry ?? running.last else { return }
            appendOutput(text, to: index)
        case .toolOutput(let text):
            if let index = running.last { appendOutput(text, to: index) }
        case .output(let text):
            guard let index = running.last else {
                unrecognizedLineCount += 1
                return
            }
            appendOutput(text, to: index)
        case .suiteStarted, .suiteFinished, .runSummary, .ignored:
            break
        }
    }

    /// Ends every running test with `status` — the runner's call when the process crashed (`.crashed`) or was
    /// killed for a timeout (`.timedOut`). With `failure` nil, a crash gets the remembered fatal message and
    /// the first project backtrace frame as its location.
    /// `durationSeconds` is how long it ran until it was stopped, when the caller measured it (a timeout, an interrupt).
    package mutating func finishRunningTest(as status: TestStatus, failure: TestFailure?, durationSeconds: Double? = nil) {
        let failure = failure ?? defaultFailure(for: status)
        for index in running {
            if let failure, !(progress[index].exceededTimeAllowance && status == .crashed) { keep(failure, in: index) }
            if let durationSeconds { entries[index].durationSeconds = durationSeconds }
            progress[index].finished = true
            entries[index].status = status == .crashed && progress[index].exceededTimeAllowance ? .timedOut : status
            markFlaky(index)
        }
        running.removeAll()
        crash = CrashEvidence()
    }

    /// Records a line the caller could not read at all (malformed JSON, an unknown record).
    package mutating func countUnrecognizedLine() { unrecognizedLineCount += 1 }

    /// Adds tests another reader finished whole (an xcresulttool document), after those already collected;
    /// a test whose id is already here is replaced. `unrecognized` counts what that reader did not understand.
    package mutating func adopt(_ results: [TestResult], attachments: [RawAttachment] = [], unrecognized: Int = 0) {
        for var result in results {
            if let index = indexByID[result.id] {
                result.order = entries[index].order
                entries[index] = result
                progress[index].finished = true
                continue
            }
            result.order = entries.count + 1
            indexByID[result.id] = entries.count
            startedTestIDs.insert(result.id)
            entries.append(result)
            var done = Progress()
            done.started = true
            done.finished = true
            progress.append(done)
        }
        self.attachments += attachments
        unrecognizedLineCount += unrecognized
    }

    // MARK: - Entries

    private mutating func entry(for ref: TestRef) -> Int {
        if ref == cachedRef { return cachedIndex }
        let name = names.resolve(ref)
        let index: Int
        if let existing = indexByID[name.id] {
            index = existing
        } else if ref.module == nil, ref.framework == .xctest, !indexByModulelessID.isEmpty,
                  let existing = indexByModulelessID[name.id] ?? nil {
            // `name.id` is `Class/method` here: a module-less id nothing qualified.
            index = existing
        } else {
            index = entries.count
            entries.append(TestResult(
                id: name.id, name: name.name, suite: name.suite, framework: ref.framework, status: .passed,
                order: index + 1))
            progress.append(Progress())
            indexByID[name.id] = index
            startedTestIDs.insert(name.id)
            if ref.module != nil, ref.framework == .xctest {
                let key = "\(name.suite)/\(name.name)"
                indexByModulelessID[key] = indexByModulelessID[key] == nil ? index : .some(nil)
                modulelessKeyByIndex[index] = key
            }
        }
        cachedRef = ref
        cachedIndex = index
        return index
    }

    /// A later run of the name at `index`, as a test of its own with a stable id: `id#2`, `id#3`, ….
    private mutating func newOccurrence(of index: Int) -> Int {
        let original = entries[index]
        let baseID = Self.baseID(original.id)
        let count = (occurrences[baseID] ?? 1) + 1
        occurrences[baseID] = count
        let newIndex = entries.count
        let id = "\(baseID)#\(count)"
        entries.append(TestResult(
            id: id, name: original.name, suite: original.suite, framework: original.framework, status: .passed, order: newIndex + 1))
        progress.append(Progress())
        indexByID[baseID] = newIndex
        indexByID[id] = newIndex
        if let key = modulelessKeyByIndex[index], indexByModulelessID[key] == index {
            indexByModulelessID[key] = newIndex
            modulelessKeyByIndex[newIndex] = key
        }
        startedTestIDs.insert(id)
        cachedRef = nil
        return newIndex
    }

    /// An outcome for a name that several running tests share (Swift Testing runs suites in parallel, and its
    /// console names only the function): the earliest still running one, when the latest already finished.
    private func runningOccurrence(of index: Int) -> Int {
        guard progress[index].finished, !running.isEmpty else { return index }
        let baseID = Self.baseID(entries[index].id)
        return running.first { Self.baseID(entries[$0].id) == baseID } ?? index
    }

    private static func baseID(_ id: String) -> String {
        guard let hash = id.lastIndex(of: "#"), id[id.index(after: hash)...].allSatisfy(\.isNumber),
              id.index(after: hash) < id.endIndex else { return id }
        return String(id[..<hash])
    }

    private mutating func finish(_ index: Int, as stated: TestStatus, durationSeconds: Double?) {
        var status = stated
        if progress[index].exceededTimeAllowance, status == .failed || status == .crashed { status = .timedOut }
        if status == .passed || status == .expectedFailure, progress[index].hasFailure {
            status = .failed
        } else if status == .passed, progress[index].hasKnownIssue {
            status = .expectedFailure
        }
        entries[index].status = status
        if let durationSeconds { entries[index].durationSeconds = durationSeconds }
        progress[index].finished = true
        if let position = running.lastIndex(of: index) { running.remove(at: position) }
        markFlaky(index)
    }

    private mutating func record(_ failure: TestFailure, isKnown: Bool, in index: Int) {
        lastIssueEntry = index
        if isKnown {
            progress[index].hasKnownIssue = true
            let location = failure.location.map { " (\($0))" } ?? ""
            appendOutput("Known issue: \(failure.message)\(location)", to: index)
            return
        }
        progress[index].hasFailure = true
        if !progress[index].finished { entries[index].status = .failed }
        keep(failure, in: index)
    }

    private mutating func keep(_ failure: TestFailure, in index: Int) {
        guard retention == .full, entries[index].failures.count < Self.failureLimit else { return }
        entries[index].failures.append(failure)
    }

    /// XCTest runs one test at a time: a new one starting means the one before never finished (its process died).
    private mutating func finishInterruptedXCTests() {
        guard running.contains(where: { entries[$0].framework == .xctest }) else { return }
        let others = running.filter { entries[$0].framework != .xctest }
        running.removeAll { entries[$0].framework != .xctest }
        finishRunningTest(as: .crashed, failure: nil)
        running = others
    }

    /// The same test again (a retry or another iteration): keep the earlier run as an attempt.
    private mutating func beginNewAttempt(_ index: Int) {
        if let position = running.lastIndex(of: index) { running.remove(at: position) }
        var result = entries[index]
        let failedBefore = progress[index].failedBefore || result.status.isFailure
        if retention == .full, result.attempts.count < Self.attemptLimit {
            result.attempts.append(TestAttempt(
                status: result.status, durationSeconds: result.durationSeconds, failures: result.failures))
        }
        result.status = .passed
        result.durationSeconds = 0
        result.failures = []
        result.output = []
        entries[index] = result
        progress[index] = Progress()
        progress[index].failedBefore = failedBefore
    }

    private mutating func markFlaky(_ index: Int) {
        entries[index].flaky = entries[index].status == .passed && progress[index].failedBefore
    }

    private mutating func appendOutput(_ text: String, to index: Int) {
        guard retention == .full, entries[index].output.count < TestResult.outputLineLimit else { return }
        if text.utf8.count > Self.outputLineByteLimit {
            entries[index].output.append(String(decoding: text.utf8.prefix(Self.outputLineByteLimit), as: UTF8.self) + "…")
        } else {
            entries[index].output.append(text)
        }
    }

    // MARK: - Crashes

    private func defaultFailure(for status: TestStatus) -> TestFailure? {
        switch status {
        case .crashed:
            var failure = crash.fatal ?? TestFailure(message: "The test process exited while this test was running.")
            if let frame = crash.frame {
                failure.file = frame.file
                failure.line = frame.line
            }
            return failure
        case .timedOut:
            return TestFailure(message: "The test did not finish in time and was stopped.")
        case .passed, .failed, .skipped, .expectedFailure, .interrupted:
            return nil
        }
    }

    /// A frame in the project's own sources: not build products, package checkouts or generated code.
    private func isProjectFile(_ file: String) -> Bool {
        guard file.hasPrefix("/"), !file.hasPrefix("//"), !file.contains("/.build/"), !file.contains("/checkouts/"),
              !file.contains("/swift-generated-sources/"), !file.contains("/DerivedData/") else { return false }
        guard let projectRoot else { return true }
        return file.hasPrefix(projectRoot.hasSuffix("/") ? projectRoot : projectRoot + "/")
    }
}
