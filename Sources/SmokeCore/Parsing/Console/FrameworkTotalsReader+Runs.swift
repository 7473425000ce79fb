/// Swift Testing's runs, XCTest's totals, and where an input ends, as `FrameworkTotalsReader` reads them.
extension FrameworkTotalsReader {
    /// Whether the input so far ends inside a run: an outermost suite or a Swift Testing run started and not closed; a
    /// suite closed without the totals XCTest prints right after; or, in an input that begins inside a run, before the
    /// run's outermost suite closed.
    package var endsInsideARun: Bool {
        (depth > 0 && !xctestRuns.interleaves) || (swiftTestingOpen && !swiftTestingRunOverlap.interleaves)
            || suiteTotalsDue || runCloseDue
    }

    /// The frameworks several processes of which wrote into this input at once: a run started while another was open,
    /// and each closed. Their lines nest in no order and whose totals are whose cannot be told (the framework's counts
    /// are unverified), but every run ended.
    package var interleavedFrameworks: Set<TestFramework> {
        var frameworks: Set<TestFramework> = []
        if xctestRuns.interleaves { frameworks.insert(.xctest) }
        if swiftTestingRunOverlap.interleaves { frameworks.insert(.swiftTesting) }
        return frameworks
    }

    /// The frameworks of which one process closed its run with totals and another ended inside its run (it crashed or
    /// was stopped, or the input is cut there): unverified, but not for want of any totals.
    package var partlyClosedFrameworks: Set<TestFramework> {
        var reader = self
        reader.endProcess()
        var frameworks: Set<TestFramework> = []
        if reader.xctestIncomplete, reader.outermostTotals > 0 { frameworks.insert(.xctest) }
        if reader.swiftTestingIncomplete, reader.swiftTestingRuns > 0 { frameworks.insert(.swiftTesting) }
        return frameworks.subtracting(interleavedFrameworks)
    }

    /// `All tests' started` or `Selected tests' started` at `nameStart`: a process's outermost suite, whatever runs.
    static func startsARun(_ line: LineBytes, nameStart: Int) -> Bool {
        line.hasPrefix("All tests' started", at: nameStart) || line.hasPrefix("Selected tests' started", at: nameStart)
    }

    /// Whether a run closed with its totals (an outermost suite's `Executed` line, `Test run with N tests`) and no
    /// other started since: what a test process prints last.
    package var closedARun: Bool { !endsInsideARun && (outermostTotals > 0 || swiftTestingRuns > 0) }

    /// The last `Executed` line read, when no process closed its outermost suite with its totals (a cut log's): what
    /// XCTest counted so far, naming `path` and its line.
    package func lastExecutedCount(from path: String) -> FrameworkCount? {
        guard outermostTotals == 0, let lastExecuted else { return nil }
        return xctestCount(tests: lastExecuted.tests, failures: lastExecuted.failures, from: path)
    }

    /// XCTest's count read from `path`, with where the input begins inside its run when it does.
    func xctestCount(tests: Int, failures: Int, from path: String) -> FrameworkCount {
        var count = FrameworkCount(
            framework: TestFramework.xctest.rawValue, tests: tests, failures: failures,
            from: "\(path):\(xctestLine ?? 1)")
        count.beganInsideRun = beganInside.xctest.map { "\(path):\($0)" }
        return count
    }

    /// A Swift Testing test's line in the open run (`◇ Test f() started.`, `✘ Test f() failed after …`): counted, for a
    /// run a relaunch ends.
    mutating func countSwiftTestingTest(_ line: LineBytes, from: Int) {
        if line.hasSuffix(" started.") {
            runStarted += 1
        } else if line.firstIndex(of: " passed after ", from: from) != nil {
            runEnded += 1
        } else if line.firstIndex(of: " failed after ", from: from) != nil {
            runEnded += 1
            runFailed += 1
        }
    }

    /// `N tests[ in S suites] passed after …` or `failed after … with K issues[ (including J known issues)]`.
    mutating func readSwiftTestingRun(_ line: LineBytes, from: Int) {
        let countEnd = line.endOfDigits(from: from)
        guard let tests = line.integer(from..<countEnd), line.hasPrefix(" test", at: countEnd) else { return }
        var issues = 0
        if let with = line.firstIndex(of: " with ", from: countEnd + 5) {
            let issuesEnd = line.endOfDigits(from: with + 6)
            if line.hasPrefix(" issue", at: issuesEnd) || line.hasPrefix(" known issue", at: issuesEnd) {
                issues = line.integer((with + 6)..<issuesEnd) ?? 0
                if line.hasPrefix(" known issue", at: issuesEnd) { issues = 0 }
                if let including = line.firstIndex(of: "(including ", from: issuesEnd) {
                    let knownEnd = line.endOfDigits(from: including + 11)
                    if line.hasPrefix(" known", at: knownEnd) {
                        issues -= line.integer((including + 11)..<knownEnd) ?? 0
                    }
                }
            }
        }
        if swiftTestingLine == nil { swiftTestingLine = lineNumber }
        if !swiftTestingOpen, swiftTestingRunOverlap.started == 0, beganInside.swiftTesting == nil {
            beganInside.swiftTesting = lineNumber
        }
        if let after = line.firstIndex(of: " after ", from: countEnd), let seconds = line.decimal(from: after + 7) {
            swiftTestingSeconds = (swiftTestingSeconds ?? 0) + seconds.value
        }
        swiftTestingOpen = false
        swiftTestingRunOverlap.closed += 1
        swiftTestingRuns += 1
        swiftTestingTests += tests
        swiftTestingFailures += Swift.max(issues, 0)
    }

    /// What an `Executed` line after a suite's end totals: a process's run (`All tests`, `Selected tests`), or a suite
    /// nothing shown encloses (a bundle, or a class in an excerpt).
    enum ClosedOutermost {
        case run
        case inner
    }

    /// `N tests, with [K tests skipped and ]M failures …` after `Executed `.
    mutating func readExecuted(_ line: LineBytes, from: Int, closing: ClosedOutermost?) {
        let countEnd = line.endOfDigits(from: from)
        guard let tests = line.integer(from..<countEnd), line.hasPrefix(" test", at: countEnd),
            let with = line.firstIndex(of: "with ", from: countEnd)
        else { return }
        var failuresStart = with + 5
        if let and = line.firstIndex(of: "skipped and ", from: failuresStart) { failuresStart = and + 12 }
        let failures = line.integer(failuresStart..<line.endOfDigits(from: failuresStart)) ?? 0
        lastExecuted = (tests, failures)
        guard let closing else {
            if outermostTotals == 0 { xctestLine = lineNumber } // the excerpt fallback's line
            return
        }
        if outermostTotals == 0 { xctestLine = lineNumber }
        // `in 0.123 (0.456) seconds`: the second figure is the suite's wall-clock time, the first the tests' sum.
        if let inAt = line.firstIndex(of: " in ", from: countEnd), let first = line.decimal(from: inAt + 4) {
            var seconds = first.value
            if line.hasPrefix(" (", at: first.end), let wall = line.decimal(from: first.end + 2) {
                seconds = wall.value
            }
            stamps.add(RecordedRunTimes(durationSeconds: seconds))
        }
        outermostTotals += 1
        xctestTests += tests
        xctestFailures += failures
        if closing == .run {
            xctestTests -= innerTotals.tests
            xctestFailures -= innerTotals.failures
            innerTotals = (0, 0)
        } else {
            innerTotals = (innerTotals.tests + tests, innerTotals.failures + failures)
        }
    }
}

/// One framework's outermost runs (XCTest's `All tests`/`Selected tests` suite, Swift Testing's run) in a log, and
/// whether one started while another was open (not a relaunch): several processes wrote into the log at once when
/// every run closes (`xargs -P2`, `make -j2`), else a process died.
struct RunOverlap: Sendable {
    var started = 0
    var closed = 0
    var overlapped = false

    var interleaves: Bool { overlapped && closed >= started }

    mutating func add(_ other: RunOverlap) {
        started += other.started
        closed += other.closed
        overlapped = overlapped || other.overlapped
    }
}
