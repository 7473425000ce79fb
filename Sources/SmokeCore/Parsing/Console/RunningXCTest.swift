/// The XCTest test running now, as a console shows it, and which lines are its output rather than what they look
/// like.
///
/// XCTest runs one test at a time and prints its result right after; Swift Testing runs after it, in its own
/// process. So while an XCTest test runs, a result line for another test (`Test Case 'A.b' failed (…)`, `✘ Test f()
/// failed after …`) is text the running test printed (a log formatter's tests print such lines). A result for a test
/// whose start the console showed still counts: two jobs' logs interleaved by a `tee` run two tests at once.
/// A start is printed text too when the running test's class was announced (`Test Suite 'C' started`) and the new
/// test's class was not: each job of an interleaved log announces its own classes.
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

    /// Whether `event` is what it says: false for another test's result while an XCTest test runs.
    mutating func admits(_ event: TestEvent) -> Bool {
        switch event {
        case .suiteStarted(let name):
            announcedSuites.insert(name.hashValue)
            return true
        case .testStarted(let test) where test.framework == .xctest:
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
            if isRunningTest(finished) { isRunning = false }
            return true
        case .skipped(let skipped, _):
            return !isRunning || isRunningTest(skipped) || hasStarted(skipped)
        case .issue(.some(let named), _, _):
            return !isRunning || named.framework != .xctest || isRunningTest(named) || hasStarted(named)
        case .restartAfterCrash, .programCrashed:
            isRunning = false
            return true
        default:
            return true
        }
    }

    /// A new test process (Swift Testing's `Test run started.`, after XCTest's process ended, perhaps crashed).
    mutating func processStarted() { isRunning = false }

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
            var digits = marker
            while digits > 1, line[digits - 1] &- UInt8(ascii: "0") < 10 { digits -= 1 }
            guard digits < marker, line[digits - 1] == UInt8(ascii: ":"),
                let location = SourceLocationPrefix(line, 0, colon: digits - 1), location.fileStart > 0
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
