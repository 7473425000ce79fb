/// The XCTest test running now, as a console shows it, and which lines are its output rather than what they look
/// like.
///
/// XCTest runs one test at a time and prints its result right after; Swift Testing runs after it, in its own
/// process. So while an XCTest test runs, a result line for another test (`Test Case 'A.b' failed (…)`, `✘ Test f()
/// failed after …`) is text the running test printed (a log formatter's tests print such lines). A result for a test
/// whose start the console showed still counts: two jobs' logs interleaved by a `tee` run two tests at once.
/// A start is printed text too when the running test's class was announced (`Test Suite 'C' started`) and the new
/// test's class was not: each job of an interleaved log announces its own classes. So is one inside a suite start the
/// running test printed (a fixture announcing its class again).
///
/// In a log one XCTest process writes (its outermost suite, `All tests`, open alone), a suite or totals line while a
/// test runs is what that test printed (a fixture, a multi-line assertion message): so its classes stay unannounced.
/// A log several processes write at once (`xargs -P2`) opens another outermost suite before the first closes: from
/// then on their tests may run at once, and only the rules above apply.
///
/// Output without a final newline glues the result line onto it: `progress 100%Test Case 'A.b' passed (0.01 seconds)`.
struct RunningXCTest {
    /// The running test's ref (without its repetition mark and clone), when `isRunning`.
    private var ref = TestRef.scratch
    private(set) var isRunning = false
    /// Hashes of tests started and not yet ended, but for `ref` while `refStarted` (a serial log hashes no name).
    private var started: Set<Int> = []
    private var refStarted = false
    /// Hashes of the suite names the console announced as started.
    private var announcedSuites: Set<Int> = []
    /// Hashes of the outermost suites open now (`All tests`, `Selected tests`, or `X.xctest` when none is): one a
    /// process.
    private var openOutermost: [Int] = []
    /// A process opened its outermost suite while another's was open: several processes write this log.
    private var processesOverlap = false
    /// The running test started inside the one outermost suite open (not before a process that ended, perhaps in it).
    private var startedInsideTheRun = false
    /// Suites the running test printed as started and not yet as ended: a test starting inside one is printed too.
    private var printedSuites = 0

    /// Whether a test of the one process writing this log runs: no suite opens or closes meanwhile, and no totals
    /// are printed, so such lines are what it printed.
    var ownsTheConsole: Bool { isRunning && startedInsideTheRun && openOutermost.count == 1 && !processesOverlap }

    /// Whether `event` is what it says: false for another test's result while an XCTest test runs.
    mutating func admits(_ event: TestEvent) -> Bool {
        switch event {
        case .suiteStarted(let name):
            if name == "All tests" || name == "Selected tests" || (openOutermost.isEmpty && name.hasSuffix(".xctest")) {
                if !openOutermost.isEmpty { processesOverlap = true }
                openOutermost.append(name.hashValue)
                startedInsideTheRun = false
            } else if ownsTheConsole {
                printedSuites += 1
                return false
            }
            announcedSuites.insert(name.hashValue)
            return true
        case .suiteFinished(let name, _):
            guard !ownsTheConsole else {
                printedSuites = max(printedSuites - 1, 0)
                return false
            }
            if let index = openOutermost.lastIndex(of: name.hashValue) { openOutermost.remove(at: index) }
            return true
        case .runSummary:
            return !ownsTheConsole
        case .testStarted(let test) where test.framework == .xctest:
            if ownsTheConsole, printedSuites > 0 { return false }
            printedSuites = 0
            if refStarted, !isRunningTest(test) {
                if isRunning, isUnannouncedInside(test) { return false }
                started.insert(ref.hashValue)
            }
            ref.assign(test)
            ref.isRepetition = false
            ref.clone = 0
            ref.namesProcess = false
            isRunning = true
            refStarted = true
            startedInsideTheRun = openOutermost.count == 1
            return true
        case .testStarted(let test):
            guard !isRunning else { return false }
            started.insert(Self.plain(test).hashValue)
            return true
        case .testFinished(let finished, _, _):
            guard finished.clone == 0 else { return true }
            // A test ends once a start: its result printed again later is output too.
            let wasStarted = forgetStart(of: finished)
            guard isRunning else { return true }
            guard wasStarted else { return false }
            if isRunningTest(finished) { (isRunning, printedSuites) = (false, 0) }
            return true
        case .skipped(let skipped, _):
            return !isRunning || isRunningTest(skipped) || hasStarted(skipped)
        case .issue(.some(let named), _, _):
            return !isRunning || named.framework != .xctest || isRunningTest(named) || hasStarted(named)
        case .restartAfterCrash, .programCrashed:
            isRunning = false
            openOutermost.removeAll()
            return true
        case .fatalError, .stoppedBySmokerun, .runnerDied, .testProcessDied:
            // The process ends: the next outermost suite is the next process's, not one beside it.
            openOutermost.removeAll()
            return true
        default:
            return true
        }
    }

    /// A new test process (Swift Testing's `Test run started.`, after XCTest's process ended, perhaps crashed).
    mutating func processStarted() {
        isRunning = false
        openOutermost.removeAll()
    }

    /// Where a result line for the running test starts inside `line`, after output it printed without a newline.
    func gluedResultStart(in line: LineBytes) -> Int? {
        guard isRunning, line.count > 12, Self.endsLikeAResult(line),
            let start = line.lastIndex(of: "Test Case '"), start > 0
        else { return nil }
        return start
    }

    /// Where an issue line (`path:line: error: …`) starts inside `line`, after output the running test printed without
    /// a newline: only a line longer than `SourceLocationPrefix.maximumPathLength` can hide one from the line-start
    /// rule, which reads the shorter ones.
    func gluedIssueStart(in line: LineBytes) -> Int? {
        guard isRunning, line.count > SourceLocationPrefix.maximumPathLength else { return nil }
        var search = 0
        while let marker = line.firstIndex(of: ": error: ", from: search) {
            search = marker + 1
            guard let colon = SourceLocationPrefix.colon(before: marker, in: line, after: 0),
                let location = SourceLocationPrefix(line, 0, colon: colon), location.fileStart > 0
            else { continue }
            return location.fileStart
        }
        return nil
    }

    /// `… seconds)` or `… seconds).`: the end of an outcome line.
    private static func endsLikeAResult(_ line: LineBytes) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if end > 0, line[end - 1] == UInt8(ascii: ".") { end -= 1 }
        return end >= 8 && line.hasPrefix("seconds)", at: end - 8)
    }

    private func isRunningTest(_ other: TestRef) -> Bool { Self.plain(other) == ref }

    /// Whether `test` starts inside the running test although only the running test's class was announced.
    private func isUnannouncedInside(_ test: TestRef) -> Bool {
        !announcedSuites.isEmpty && announcedSuites.contains(ref.suite.hashValue)
            && !announcedSuites.contains(test.suite.hashValue)
    }

    private func hasStarted(_ test: TestRef) -> Bool {
        (refStarted && isRunningTest(test)) || (!started.isEmpty && started.contains(Self.plain(test).hashValue))
    }

    /// Whether `test` had started and not yet ended; it has ended now.
    private mutating func forgetStart(of test: TestRef) -> Bool {
        var wasStarted = false
        if refStarted, isRunningTest(test) {
            refStarted = false
            wasStarted = true
        }
        guard !started.isEmpty else { return wasStarted }
        return started.remove(Self.plain(test).hashValue) != nil || wasStarted
    }

    /// `test` without its repetition mark and clone: the same test in its start and its result line.
    private static func plain(_ test: TestRef) -> TestRef {
        var plain = test
        plain.isRepetition = false
        plain.clone = 0
        plain.namesProcess = false
        return plain
    }
}
