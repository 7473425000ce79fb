/// Swift Testing's runs, and where an input ends, as `FrameworkTotalsReader` reads them.
extension FrameworkTotalsReader {
    /// Whether the input so far ends inside a run: an outermost suite or a Swift Testing run started and not closed.
    package var endsInsideARun: Bool {
        (depth > 0 && !xctestRuns.interleaves) || (swiftTestingOpen && !swiftTestingRunOverlap.interleaves)
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
        return FrameworkCount(
            framework: TestFramework.xctest.rawValue, tests: lastExecuted.tests, failures: lastExecuted.failures,
            from: "\(path):\(xctestLine ?? 1)")
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
        if let after = line.firstIndex(of: " after ", from: countEnd), let seconds = line.decimal(from: after + 7) {
            swiftTestingSeconds = (swiftTestingSeconds ?? 0) + seconds.value
        }
        swiftTestingOpen = false
        swiftTestingRunOverlap.closed += 1
        swiftTestingRuns += 1
        swiftTestingTests += tests
        swiftTestingFailures += Swift.max(issues, 0)
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
