/// Which table entry a line's test is: the name resolved, a repeated name's later runs, attempts; per input.
extension ResultCollector {
    /// The entry a skip ends: `streamEntry(for:)`, or, for a Swift Testing console's skip of a test already skipped,
    /// another run of it (a log holding a run twice, a retried step).
    mutating func skipEntry(for ref: TestRef) -> Int {
        let index = streamEntry(for: ref)
        guard ref.eventStreamID == nil, ref.framework == .swiftTesting, tests.status(at: index) == .skipped,
            tests.flags(at: index).contains(.finished)
        else { return index }
        return anotherRun(of: index, ref)
    }

    /// Each event-stream test's own id (its source location included), by its result's id: `m(_:)#2`'s is the
    /// overload's `Module.Suite/m(_:)/File.swift:6:6`, which Swift Testing's `--filter` runs alone.
    package var eventStreamIDs: [String: String] {
        Dictionary(streamEntries.map { (tests.id(at: $1), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the event stream named the test of this id (source location included).
    package func streamNamed(_ eventStreamID: String) -> Bool { streamEntries[eventStreamID] != nil }

    /// XCTest ends a test once per start, one test at a time: a result line for one that got its result already, read
    /// while a later test runs, was printed by that test (one of a log formatter, one forwarding a child `swift test`).
    /// With no test running it is the real line after a printed one, and wins. An ending smokerun inferred
    /// (`unfinished` when another test started, a crash) gives way to the real line. Swift Testing runs tests at once,
    /// so its console cannot tell a printed line from a real one: the last wins.
    func isPrintedResultLine(_ ref: TestRef, for index: Int) -> Bool {
        ref.framework == .xctest && ref.eventStreamID == nil && ref.clone == 0 && !ref.isRepetition
            && !running.isEmpty && !running.contains(index)
            && tests.flags(at: index).isSuperset(of: [.started, .finished])
            && [.passed, .failed, .skipped, .expectedFailure].contains(tests.status(at: index))
    }

    /// Whether `ref` names the test running now (any run of it).
    package func namesRunningTest(_ ref: TestRef) -> Bool {
        guard let index = running.last else { return false }
        return names.resolve(ref).id == tests.baseID(at: index)
    }

    mutating func entry(for ref: TestRef) -> Int {
        // An event stream names each run of a test by its own id: two overloads share a name, never an id.
        if let id = ref.eventStreamID, let index = streamEntries[id] { return index }
        if cacheIsValid, ref == cachedRef { return cachedIndex }
        let index = entryByBytes(for: ref) ?? resolvedEntry(for: ref)
        // A module-less name a failure attributed names that test only while it runs: not cached.
        if let attributed = attributedModuleless, attributed.index == index { return index }
        // Copied into the cache's own buffer: holding the parser's would make it allocate a new one next line.
        cachedRef.assign(ref)
        cacheIsValid = true
        cachedIndex = index
        return index
    }

    /// `entry(for:)`, but an event-stream test that ends without a start of its own (skipped, cancelled) while its
    /// name's entry is another test's run (an overload's) is a test of its own.
    mutating func streamEntry(for ref: TestRef) -> Int {
        var index = entry(for: ref)
        guard let id = ref.eventStreamID, streamEntries[id] == nil else { return index }
        if !tests.flags(at: index).isDisjoint(with: [.started, .finished]) { index = newOccurrence(of: index) }
        streamEntries[id] = index
        return index
    }

    /// The usual case, without a `String`: a ref with its module, or a `Class/method` no listed name could qualify,
    /// looked up by the bytes it holds; `resolvedEntry` gives the same entry, only slower.
    private mutating func entryByBytes(for ref: TestRef) -> Int? {
        guard ref.hasModule || (ref.hasSuite && names.hasNoShortNames) else { return nil }
        return ref.withIDBytes { bytes, nameStart in
            let hash = ByteKeyIndex.hash(bytes)
            if let existing = tests.find(idBytes: bytes, hash: hash) { return existing }
            if !ref.hasModule, ref.framework == .xctest, let existing = modulelessEntry(bytes, hash: hash) {
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
        } else if ref.module == nil, ref.framework == .xctest,
            let existing = modulelessEntry(name.id)
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

    /// The test a restart line names while no test runs: in a parallel log (no `started` lines), the named test; in a
    /// serial one, a test whose lines the input lacks (cut above, lost) — not the test of its class that just failed,
    /// spelled another way (`testHang()` for `testHangAndReturnError:`, a nested class's short name: xcodebuild
    /// relaunches after that test's timeout), nor one already ended.
    mutating func restartedEntry(_ ref: TestRef) -> Int? {
        guard sawXCTestStart else { return entry(for: ref) }
        let name = names.resolve(ref)
        if let index = tests.find(id: name.id) ?? (ref.module == nil ? modulelessEntry(name.id) : nil) {
            return tests.flags(at: index).isDisjoint(with: [.started, .finished]) ? index : nil
        }
        let shortClass = { (suite: String) in suite.split(separator: ".").last.map(String.init) ?? suite }
        if let last = tests.count > 0 ? tests.count - 1 : nil, tests.status(at: last).isFailure,
            shortClass(tests.result(at: last).suite) == shortClass(ref.suite)
        {
            return nil
        }
        return entry(for: ref)
    }

    /// For `ref`'s `… on 'My Mac - App (123)'` line, the earliest run of the name at `index` (its latest) that ended in
    /// its own process's line with `status` and that no such line repeated yet: Xcode 16 repeats a serial run's results
    /// that way, a test run twice in one process (Xcode's `LaunchTests` template, once per appearance) twice.
    func serialRunAwaitingRepeat(of index: Int, _ ref: TestRef, _ status: TestStatus) -> Int? {
        let runs = tests.rowFields(index).occurrence
        guard ref.namesProcess, ref.clone == 0, runs > 1 else { return nil }
        for run in 1..<runs {
            guard let earlier = tests.run(run, ofNameAt: index) else { continue }
            let flags = tests.flags(at: earlier)
            if flags.isSuperset(of: [.ownProcessLine, .finished]), !flags.contains(.namedProcessLine),
                tests.status(at: earlier) == status, !running.contains(earlier)
            {
                return earlier
            }
        }
        return nil
    }

    /// The running test an outcome for the name at `index` belongs to, when several running tests share it (Swift
    /// Testing runs suites in parallel, and its console names only the function). A result line's `status` ends the
    /// one whose issues agree with it (a test passed has recorded none, one failed has, one passed with known issues
    /// has those); else, when the latest already finished, the earliest still running one.
    func runningOccurrence(of index: Int, for ref: TestRef?, finishing status: TestStatus? = nil) -> Int {
        if ref?.eventStreamID != nil { return index } // `entry(for:)` found it by its own id
        if let status, running.count > 1 {
            let sameName = running.filter { tests.sameBase($0, index) }
            if sameName.count > 1, let agrees = sameName.first(where: { issues(at: $0, agreeWith: status) }) {
                return agrees
            }
        }
        guard tests.flags(at: index).contains(.finished), !running.isEmpty else { return index }
        return running.first { tests.sameBase($0, index) } ?? index
    }

    private func issues(at entry: Int, agreeWith status: TestStatus) -> Bool {
        let flags = tests.flags(at: entry)
        return switch status {
        case .failed: flags.contains(.hasFailure)
        case .expectedFailure: flags.contains(.hasKnownIssue) && !flags.contains(.hasFailure)
        case .passed: flags.isDisjoint(with: [.hasFailure, .hasKnownIssue])
        default: false
        }
    }

    /// Another run of the name at `index`: an attempt only when the output says so (an iteration marker, xcodebuild's
    /// restart of this input's run, smokerun's retry, an event stream's id of that test again), else a new test
    /// (Documentation/Design.md §7): an event stream's other id for the name is another test (an overload).
    mutating func anotherRun(of index: Int, _ ref: TestRef) -> Int {
        let sameStreamTest = ref.eventStreamID.map { streamEntries[$0] == index } ?? false
        // smokerun's retry names the test by its id, a Swift Testing console only by its function: the name's one
        // earlier run is the retried test, but of two (`empty()` of two suites) either may be.
        let retried = smokerunRetries && tests.id(at: index) == tests.baseID(at: index)
        if ref.isRepetition || (sawRestart && index >= firstTestOfInput) || retried || sameStreamTest {
            beginNewAttempt(index)
            return index
        }
        return newOccurrence(of: index)
    }

    /// The same test again (a retry or another iteration): keep the earlier run as an attempt.
    private mutating func beginNewAttempt(_ index: Int) {
        if let position = running.lastIndex(of: index) { running.remove(at: position) }
        // The run that ends is the attempt: `passed` when it passed after an earlier iteration failed.
        let ownPassed = tests.flags(at: index).contains(.lastIterationPassed)
        let status = ownPassed ? .passed : tests.status(at: index)
        let failedBefore = tests.flags(at: index).contains(.failedBefore) || status.isFailure
        let extras = tests.extras(at: index)
        if retention == .full, (extras?.attempts.count ?? 0) < Self.attemptLimit {
            var attempt = TestAttempt(
                status: status, durationSeconds: tests.durationSeconds(at: index),
                failures: ownPassed ? [] : extras?.failures ?? [])
            attempt.evidence = ownPassed ? nil : extras?.evidence
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
        let passedBefore = tests.flags(at: index).contains(.passedBefore)
        tests.remove(TestTable.Flags.progress.union(.failedBefore), at: index) // the duration is unknown again
        if failedBefore { tests.insert(.failedBefore, at: index) }
        if status == .passed { tests.insert(.passedBefore, at: index) }
        if passedBefore, status.isFailure { tests.insert(.failedAfterPass, at: index) }
        // A failure that recorded a new reference: the next run passes by itself, and proves nothing.
        if status.isFailure, extras?.failures.contains(where: \.recordedNewReference) == true {
            tests.insert(.failedAfterPass, at: index)
        }
    }

    /// The next input starts: what a log says of its own run (a relaunch, a crash, serial or not, a continuing message)
    /// does not reach the next one's tests (the same suite's log from another device is not its retry).
    package mutating func startInput(_ source: String) {
        self.source = source
        (sawRestart, smokerunRetries) = (false, false)
        firstTestOfInput = tests.count
        (sawXCTestStart, sawSwiftTestingRunStart) = (false, false)
        crash = CrashEvidence()
        (messageTarget, lastIssueEntry, detailsGoToSuiteIssue) = (nil, nil, false)
    }

    /// Gives the test at `index` the display name its declaration gave (Swift Testing).
    mutating func nameForDisplay(_ index: Int) {
        guard !displayNames.isEmpty, let name = displayNames[tests.baseID(at: index)] else { return }
        tests.changeExtras(at: index) { $0.displayName = name }
    }

    /// A line the console shows the Swift Testing test `name` (its function, `prints()`) printing while the event
    /// stream, written apart from the console, may already have ended it: that test's output, when one of the last
    /// tests started has that name. False when none has.
    package mutating func appendOutput(_ text: String, toTestNamed name: String) -> Bool {
        var index = tests.count - 1
        while index >= Swift.max(0, tests.count - 256) {
            if functionName(at: index) == name {
                appendOutput(text, to: index)
                return true
            }
            index -= 1
        }
        return false
    }
}
