import Foundation

/// Reads what the frameworks themselves said about a run (XCTest's `Executed N tests, with M failures`, Swift
/// Testing's `Test run with N tests … with K issues`), apart from the per-test rules, to check a report against them
/// (Documentation/Design.md §7).
///
/// XCTest prints `Executed` after every suite; only the one closing an outermost suite (`All tests`, `Selected
/// tests`, or a bundle's `X.xctest` when nothing encloses it) is the process's total. Every process's totals are
/// summed (SwiftPM batches, xcodebuild relaunches). A marker counts at the line's start or right after a wrapper
/// (`[worker 2] `, `name_1 | `, `::error ::`), never inside what a test printed.
package struct FrameworkTotalsReader: Sendable {
    // The state below that is internal rather than private is shared with FrameworkTotalsReader+Runs.swift.
    var depth = 0
    /// Open suites, outermost first: a suite's end closes those inside it that printed no end of their own.
    private var openSuites: [String] = []
    private static let suiteNameLimit = 32
    /// xcodebuild relaunched the XCTest process that died (`Restarting after unexpected exit …`): the relaunch's
    /// totals include the launches before it, so the dead process owes none of its own.
    private var xctestRelaunching = false
    private var sawSuiteStart = false
    /// XCTest's outermost suites and Swift Testing's runs, started and closed: whether processes ran at once.
    var xctestRuns = RunOverlap()
    var swiftTestingRunOverlap = RunOverlap()
    /// The line before closed an outermost suite: an `Executed` line now is a process total.
    private var closedOutermost: ClosedOutermost?
    /// The last suite line closed a suite, and its `Executed` line, which XCTest prints next, has not come.
    var suiteTotalsDue = false
    /// The input began inside an XCTest run (a suite's end without its start) whose `All tests` or `Selected tests`
    /// has not closed yet.
    var runCloseDue = false
    var xctestTests = 0
    var xctestFailures = 0
    /// Totals of suites closing at the top of an input that begins inside a run (`X.xctest` without its `All tests`
    /// start), counted until the outermost suite around them closes: its totals replace theirs.
    var innerTotals = (tests: 0, failures: 0)
    var outermostTotals = 0
    /// The last `Executed` line of any suite, for excerpts in which no outermost suite closes.
    var lastExecuted: (tests: Int, failures: Int)?
    var swiftTestingTests = 0
    var swiftTestingFailures = 0
    var swiftTestingRuns = 0
    /// Test processes' runs started: an outermost XCTest suite, or Swift Testing's `Test run started.`
    package private(set) var runStarts = 0
    /// First line (1-based) each count was read from, for `FrameworkCount.from`.
    var xctestLine: Int?
    /// The line of each framework's first end of a run (or suite) whose start the input does not show: it begins inside.
    var beganInside: (xctest: Int?, swiftTesting: Int?)
    var swiftTestingLine: Int?
    var lineNumber = 0
    /// A process opened its outermost suite (or Swift Testing run) and ended without totals (crashed, killed): the
    /// framework's account is incomplete and not offered for comparison.
    var xctestIncomplete = false
    var swiftTestingOpen = false
    var swiftTestingIncomplete = false
    /// The open Swift Testing run's tests: started, ended (passed or failed) and failed, as its lines say.
    var runStarted = 0
    var runEnded = 0
    var runFailed = 0
    /// Tests of Swift Testing runs that xcodebuild's relaunch ended: no totals count them (the relaunched run's totals
    /// count only its own tests), so they are left out of the comparison.
    private var relaunchedTests = 0
    private var relaunchedFailing = 0
    /// The earliest and latest XCTest suite stamps, and the outermost suites' wall-clock seconds.
    var stamps = RecordedRunTimes()
    private var stampMinute: SuiteTimestamp.MinuteCache?
    /// Swift Testing's `Test run with … after X seconds`, summed over runs.
    var swiftTestingSeconds: Double?
    /// The zone of stamps that state none (XCTest prints the local time of the machine that ran it).
    private let timeZone: TimeZone

    package init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// Reads one line (already stripped of a CI timestamp prefix); `insideRunningTest` as `ConsoleLineReader` says.
    package mutating func read(_ line: LineBytes, insideRunningTest: Bool = false) {
        lineNumber += 1
        let start = line.skippingBlanks()
        guard start < line.count else { return }
        if line.hasPrefix("[smokerun] ", at: start) {
            endProcess()
            return
        }
        let closedBefore = closedOutermost
        closedOutermost = nil
        guard line.count - start >= 13 else { return }
        if swiftTestingOpen || depth > 0, line.hasPrefix("Restarting after unexpected exit", at: start) {
            if swiftTestingOpen {
                // The process died in the open run: its tests so far (the running one crashed) are the crash's to tell.
                swiftTestingOpen = false
                relaunchedTests += runStarted
                relaunchedFailing += runFailed + (runStarted > runEnded ? 1 : 0)
            }
            // "summary will include totals from previous launches": a relaunch's totals count this process, whether
            // the relaunch opens its own outermost suite or closes the open ones.
            if depth > 0 { xctestRelaunching = true }
            return
        }
        // A test's own line (most of a log) has no wrapper before it, and what follows its name is not a marker.
        if line.hasPrefix("Test Case '", at: start) || line.hasPrefix("Test case '", at: start) { return }
        // A marker sits at the line's start or right after a wrapper's last byte; one scan passes over other lines.
        // A Swift Testing symbol the log lost (`? Test run with …`, a console that is not UTF-8) or `cat -v` rendered
        // (`M-bM-^\M-^X Test run with …`) is no wrapper.
        var at = line.hasPrefix("? Test ", at: start) ? start + 2 : start
        if line[start] == UInt8(ascii: "M"), let length = CatVSymbol.symbolLength(line, at: start),
            line.hasPrefix(" Test ", at: start + length)
        {
            at = start + length + 1
        }
        var candidate = start + 1
        while true {
            if line.hasPrefix("Executed ", at: at) {
                if !insideRunningTest {
                    suiteTotalsDue = false
                    readExecuted(line, from: at + 9, closing: closedBefore)
                }
                return
            }
            if line.hasPrefix("Test ", at: at) {
                // What a running test printed (a fixture) opens and closes nothing; another process's run starts.
                if line.hasPrefix("Suite '", at: at + 5) {
                    if !insideRunningTest || Self.startsARun(line, nameStart: at + 12) {
                        readSuite(line, nameStart: at + 12)
                    }
                    return
                }
                if line.hasPrefix("run with ", at: at + 5) {
                    // An XCTest test printing one (a log formatter's fixture) closes no run; a run it opened, it does.
                    if !insideRunningTest || swiftTestingOpen { readSwiftTestingRun(line, from: at + 14) }
                    return
                }
                if line.hasPrefix("run started", at: at + 5) {
                    runStarts += 1
                    if swiftTestingOpen {
                        swiftTestingIncomplete = true
                        swiftTestingRunOverlap.overlapped = true
                    }
                    swiftTestingRunOverlap.started += 1
                    swiftTestingOpen = true
                    (runStarted, runEnded, runFailed) = (0, 0, 0)
                    return
                }
                if swiftTestingOpen, at > start {
                    countSwiftTestingTest(line, from: at + 5)
                    return
                }
            }
            guard let next = Self.afterWrapper(in: line, lineStart: start, from: candidate) else { return }
            at = next
            candidate = next + 1
        }
    }

    /// Adds another process's reading as if its lines followed in one log from line `lineOffset + 1`: a live run reads
    /// each process apart, and the sum is what reading its console.log whole gives.
    package mutating func add(_ process: FrameworkTotalsReader, lineOffset: Int) {
        var other = process
        other.endProcess()
        endProcess()
        // Until the first process total, the line of the last `Executed` line read (the excerpt fallback's).
        if outermostTotals == 0, let line = other.xctestLine { xctestLine = line + lineOffset }
        beganInside.xctest = beganInside.xctest ?? other.beganInside.xctest.map { $0 + lineOffset }
        beganInside.swiftTesting = beganInside.swiftTesting ?? other.beganInside.swiftTesting.map { $0 + lineOffset }
        if let last = other.lastExecuted { lastExecuted = last }
        outermostTotals += other.outermostTotals
        xctestTests += other.xctestTests
        xctestFailures += other.xctestFailures
        xctestIncomplete = xctestIncomplete || other.xctestIncomplete
        xctestRuns.add(other.xctestRuns)
        swiftTestingRunOverlap.add(other.swiftTestingRunOverlap)
        if swiftTestingLine == nil, let line = other.swiftTestingLine { swiftTestingLine = line + lineOffset }
        swiftTestingRuns += other.swiftTestingRuns
        swiftTestingTests += other.swiftTestingTests
        swiftTestingFailures += other.swiftTestingFailures
        swiftTestingIncomplete = swiftTestingIncomplete || other.swiftTestingIncomplete
        relaunchedTests += other.relaunchedTests
        relaunchedFailing += other.relaunchedFailing
        if let seconds = other.swiftTestingSeconds { swiftTestingSeconds = (swiftTestingSeconds ?? 0) + seconds }
        stamps.add(other.stamps)
    }

    /// One test process ended (smokerun's `[smokerun] ` lines separate its processes in `console.log`).
    mutating func endProcess() {
        if depth > 0 { xctestIncomplete = true }
        xctestRelaunching = false
        openSuites.removeAll()
        if swiftTestingOpen { swiftTestingIncomplete = true }
        depth = 0
        swiftTestingOpen = false
        closedOutermost = nil
        innerTotals = (0, 0)
    }

    /// When the run ran, by its suite stamps and totals; without Swift Testing's seconds when an event stream says.
    package func times(includingSwiftTesting: Bool = true) -> RecordedRunTimes {
        var times = stamps
        if includingSwiftTesting, let swiftTestingSeconds {
            times.add(RecordedRunTimes(durationSeconds: swiftTestingSeconds))
        }
        return times
    }

    /// The counts read so far, each naming `path` and the line it was first read from.
    package func counts(from path: String) -> [FrameworkCount] {
        var reader = self
        reader.endProcess()
        return reader.completeCounts(from: path)
    }

    private func completeCounts(from path: String) -> [FrameworkCount] {
        var counts: [FrameworkCount] = []
        if xctestIncomplete {
            // No total to compare with.
        } else if outermostTotals > 0 {
            counts.append(xctestCount(tests: xctestTests, failures: xctestFailures, from: path))
        } else if let lastExecuted {
            counts.append(xctestCount(tests: lastExecuted.tests, failures: lastExecuted.failures, from: path))
        }
        if swiftTestingRuns > 0, !swiftTestingIncomplete {
            var count = FrameworkCount(
                framework: TestFramework.swiftTesting.rawValue, tests: swiftTestingTests,
                failures: swiftTestingFailures, from: "\(path):\(swiftTestingLine ?? 1)")
            count.beganInsideRun = beganInside.swiftTesting.map { "\(path):\($0)" }
            if relaunchedTests > 0 {
                count.relaunchedTests = relaunchedTests
                count.relaunchedFailing = relaunchedFailing
            }
            counts.append(count)
        }
        return counts
    }

    /// `Test Suite 'Name' started at …` / `passed at …` / `failed at …` / `finished at …`.
    private mutating func readSuite(_ line: LineBytes, nameStart: Int) {
        guard let quote = line.firstIndex(of: "' ", from: nameStart), quote + 2 < line.count else { return }
        let verb = quote + 2
        let name = line.string(nameStart..<quote)
        let isOutermostName = name == "All tests" || name == "Selected tests"
        // `started at 2025-03-01 12:00:00.123`, `passed at 2025-03-01 12:00:01.456.`: the earliest and latest stamps.
        if let at = line.firstIndex(of: " at ", from: verb), at < verb + 10,
            let stamp = SuiteTimestamp.date(line, from: at + 4, timeZone: timeZone, cache: &stampMinute)
        {
            stamps.add(RecordedRunTimes(startedAt: stamp, finishedAt: stamp))
        }
        suiteTotalsDue = !line.hasPrefix("started", at: verb)
        if line.hasPrefix("started", at: verb) {
            // A new outermost suite while one is open: the process before died without its totals, unless xcodebuild
            // relaunched it, and then these totals count it.
            if isOutermostName, depth > 0 {
                if !xctestRelaunching {
                    xctestIncomplete = true
                    xctestRuns.overlapped = true
                }
                depth = 0
                openSuites.removeAll()
            }
            if isOutermostName { (xctestRuns.started, innerTotals) = (xctestRuns.started + 1, (0, 0)) }
            if depth == 0 {
                xctestRelaunching = false
                runStarts += 1
            }
            depth += 1
            if openSuites.count < Self.suiteNameLimit { openSuites.append(name) }
            sawSuiteStart = true
        } else if line.hasPrefix("passed", at: verb) || line.hasPrefix("failed", at: verb)
            || line.hasPrefix("finished", at: verb)
        {
            if isOutermostName { xctestRuns.closed += 1 }
            if openSuites.isEmpty, xctestRuns.started == 0, beganInside.xctest == nil {
                beganInside.xctest = lineNumber
                // A suite inside the run closed: the input ends inside that run until its outermost suite closes.
                runCloseDue = !isOutermostName && !name.hasSuffix(" Selected Tests")
            }
            // Xcode 5 named it `Multiple Selected Tests`.
            if isOutermostName || name.hasSuffix(" Selected Tests") { runCloseDue = false }
            if let open = openSuites.lastIndex(of: name) {
                // It closes the suites inside it too, whether or not they printed their own end.
                depth = open
                openSuites.removeSubrange(open...)
            } else {
                depth -= 1
            }
            if depth <= 0 {
                xctestRelaunching = false
                // Without `started` lines (an excerpt) only the names say which suite is outermost.
                let outermost = sawSuiteStart || isOutermostName || name.hasSuffix(".xctest")
                closedOutermost = outermost ? (isOutermostName ? .run : .inner) : nil
                depth = 0
            }
        }
    }
}
