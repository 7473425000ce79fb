extension LineInterpreter {
    /// What a console's lines say beside their tests (as `ConsoleParser` joins them): totals, xcodebuild's banners.
    struct Notes: ConsoleLineReader {
        var totals: FrameworkTotalsReader
        /// xcodebuild's last test banner. `** TEST BUILD SUCCEEDED **` (`build-for-testing`) ran no test and is none.
        var testBanner: TestBanner?
        /// Whether a run appended after an earlier one began (`RelaunchWindow`); `LineInterpreter` says so and resets it.
        var appendedRunStarted = false
        var relaunch = RelaunchWindow()
        var runStartsAtTestBanner = 0
        /// A test process started its run after that banner: a later run the banner does not end.
        var runStartedSinceTestBanner: Bool { totals.runStarts > runStartsAtTestBanner }
        /// xcodebuild's last closing banner (`** TEST FAILED **`, `** BUILD SUCCEEDED **`).
        var lastBanner: String?
        /// The last `Command line invocation:` ran xcodebuild's tests (`test`, `test-without-building`), and neither its
        /// banner nor `Test session results` has come since: the run it began has not ended in its own words.
        var xcodebuildTestsOpen = false
        /// The line after `Command line invocation:` is the command.
        var commandFollows = false
        /// xcodebuild's own lines with tests after them, with or without its command (`XcodebuildPresence`).
        var xcodebuild = XcodebuildPresence()
        var interruption: (text: String, line: Int)?
        /// A CI system's line that it stopped the job (its time limit, an abort), when no test line came after it: a
        /// test may print the same words, and then its run goes on.
        var ciStop: (text: String, line: Int)?
        /// A clone of a parallel run started a suite (`Test suite 'X' started on 'Clone 1 of …'`): tests were to come.
        var sawParallelSuiteStart = false
        /// xcodebuild's own failure banner and `Testing failed:` summary.
        var verdict = XcodebuildVerdict()
        /// The line being read (a split line's number is its last part's).
        var lineNumber = 0

        enum TestBanner {
            case succeeded, failed
        }

        mutating func read(_ original: LineBytes, insideRunningTest: Bool) {
            let runStarts = totals.runStarts
            totals.read(original, insideRunningTest: insideRunningTest)
            if relaunch.read(original, startedRuns: totals.runStarts - runStarts) { appendedRunStarted = true }
            if !insideRunningTest { xcodebuild.read(original) }
            if xcodebuild.awaitsTests, insideRunningTest || totals.runStarts > runStarts || Self.isTestResult(original)
            {
                xcodebuild.sawTests()
            }
            let whole = UnsafeBufferPointer(
                rebasing: original[0..<XcodebuildStatusLine.bannerEnd(original, end: original.endSkippingBlanks())])
            let banner = Self.wrappedBanner(whole)
            verdict.read(banner ?? original, number: lineNumber)
            let line = banner ?? whole
            if commandFollows {
                commandFollows = false
                xcodebuildTestsOpen = Self.runsXcodebuildTests(original)
            }
            if line.count >= 8, line.hasPrefix("** "), line.hasSuffix(" **") {
                xcodebuildTestsOpen = false
                xcodebuild.sawEnd()
                if line.hasPrefix("** TEST"), !line.hasPrefix("** TEST BUILD ") {
                    testBanner = line.firstIndex(of: " SUCCEEDED **") != nil ? .succeeded : .failed
                    runStartsAtTestBanner = totals.runStarts
                    relaunch.sawTestBanner()
                }
                lastBanner = line.string(0..<line.count)
                if interruption == nil, line.firstIndex(of: " INTERRUPTED **") != nil {
                    interruption = (line.string(0..<line.count), lineNumber)
                }
            } else if interruption == nil, Self.saysCancelled(line) {
                interruption = (line.string(0..<line.count), lineNumber)
            } else if Self.saysCIStopped(line) {
                ciStop = (line.string(0..<line.count), lineNumber)
            } else if ciStop != nil, Self.isTestResult(original) {
                // A test printed the CI's words: its run went on.
                ciStop = nil
            } else if !sawParallelSuiteStart, line.hasPrefix("Test suite '", at: line.skippingBlanks()) {
                sawParallelSuiteStart = line.firstIndex(of: "' started on '") != nil
            } else if original.hasPrefix("Command line invocation:") {
                commandFollows = true
            } else if original.hasPrefix("Test session results", at: original.skippingBlanks()) {
                xcodebuildTestsOpen = false
                xcodebuild.sawEnd()
            }
        }

        /// A banner after a wrapper's prefix (`[worker 1] ** TEST SUCCEEDED **`, `tests-1  | …`, colour codes), never
        /// after other text (a test printing `fixture: ** TEST SUCCEEDED **` ends no run).
        private static func wrappedBanner(_ line: LineBytes) -> LineBytes? {
            guard line.count > 18, line.hasSuffix(" **"), !line.hasPrefix("** "),
                let start = line.firstIndex(of: "** TEST"), start > 0
            else { return nil }
            let prefix = UnsafeBufferPointer(rebasing: line[..<start])
            let colour = prefix.hasPrefix("\u{1B}[") && prefix.hasSuffix("m")
            let worker = (prefix.hasPrefix("[worker ") || colour) && prefix.firstIndex(of: "[worker ") != nil
            let compose = prefix.hasSuffix(" | ") && prefix.firstIndex(of: " | ") == prefix.count - 3
            guard colour || worker || compose else { return nil }
            return UnsafeBufferPointer(rebasing: line[start...])
        }

        /// `Testing cancelled…` (xcodebuild) or GitHub's cancel marker (`##[error]The operation was canceled.`, or its
        /// exit code of a process stopped by SIGINT or SIGTERM).
        private static func saysCancelled(_ line: LineBytes) -> Bool {
            guard line.count >= 17 else { return false }
            if let code = XCTestConsoleParser.runnerExitCode(line, 0) {
                return XCTestConsoleParser.stopCodes.contains(code)
            }
            return line.hasPrefix("Testing cancelled") || line.hasPrefix("##[error]The operation was canceled")
        }

        /// Other CI systems' line that they stopped the job: Jenkins' `Build timed out (after 15 minutes). Marking the
        /// build as failed.` (also glued after the line the killed test left unfinished) and `Build was aborted`,
        /// GitLab's `ERROR: Job failed: execution took longer than …`, CircleCI's `Too long with no output (exceeded
        /// 10m0s)`.
        private static func saysCIStopped(_ line: LineBytes) -> Bool {
            line.count >= 17
                && (line.hasPrefix("Build was aborted")
                    || line.hasPrefix("ERROR: Job failed: execution took longer than")
                    || line.hasPrefix("Too long with no output (exceeded")
                    || line.firstIndex(of: "Build timed out (after ") != nil)
        }

        /// A test's or suite's result, or a framework's totals (a `started` line may be output still on its way when
        /// the CI stopped the job).
        private static func isTestResult(_ line: LineBytes) -> Bool {
            let start = line.skippingBlanks()
            if line.hasPrefix("Executed ", at: start) { return true }
            if line.hasPrefix("Test Case '", at: start) || line.hasPrefix("Test Suite '", at: start) {
                return line.firstIndex(of: "' passed ") != nil || line.firstIndex(of: "' failed ") != nil
                    || line.firstIndex(of: "' skipped ") != nil
            }
            return LineJoiner.startsSwiftTestingTestLine(line)
                && (line.firstIndex(of: " passed after ") != nil || line.firstIndex(of: " failed after ") != nil)
        }

        /// `/Applications/Xcode.app/…/xcodebuild test -scheme App`: an xcodebuild command whose action runs tests.
        private static func runsXcodebuildTests(_ line: LineBytes) -> Bool {
            guard line.firstIndex(of: "xcodebuild") != nil else { return false }
            let words = line.string(0..<line.count).split(separator: " ")
            return words.contains("test") || words.contains("test-without-building")
        }
    }
}
