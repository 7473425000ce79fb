/// Turns XCTest console lines (swift-corelibs-xctest on Linux, Apple's and xcodebuild's forms) into events: one small
/// rule per line kind, byte prefixes then slices. Nil when no rule matched, so the caller can try another reading.
struct XCTestConsoleParser {
    /// What indented or free-form lines mean right now.
    enum Block: Equatable {
        case none
        /// After a build step, `Testing failed:`, `Failing tests:` and similar: indented lines are noise.
        case indentedNoise
        /// After a process log line (`… App[12:34] text`): its indented or bracket-closing continuation lines.
        case logContinuation(isTestOutput: Bool)
        /// Inside a Swift backtrace (`*** Program crashed …` up to `Backtrace took …`).
        case backtrace
        /// After xcodebuild's `Testing failed:`: indented lines say why (`The test runner encountered an error (…)`).
        case testingFailed
        /// After xcodebuild's `Failing tests:`: indented lines name failing tests, under target headers.
        case failingTests
        /// After an XCTest issue (`path:line: error: C.m : message`): unmatched lines continue its message.
        case issueMessage
    }

    /// Set back by `ConsoleParser` when it reads a wrapped line's content after trying the whole line.
    var block = Block.none
    /// xcodebuild's closing summary and first error: its `Failing tests:` list, and why a log has no test results.
    var summary = XcodebuildSummary()
    /// Where test-line refs are written, reused line after line (no allocation per test line).
    private var refBuffer: [UInt8] = []
    /// Blank lines inside an issue's message not yet handed on: they belong to it only when more of it follows.
    private var blankLinesInMessage = 0
    /// `swift test --parallel`'s last progress line (`[k/N] Testing …`): `k` of the run's `N` tests had reported.
    private(set) var parallelProgress: (reported: Int, total: Int)?
    /// In a backtrace, whether the following frames' thread is the one that crashed (nil before a `Thread N` line).
    private var inCrashedThread: Bool?

    init() {}

    mutating func parse(_ line: LineBytes) -> TestEvent? {
        let start = line.skippingBlanks()
        guard start < line.count else {
            if block == .issueMessage { blankLinesInMessage += 1 }
            return .ignored
        }
        if summary.readReason(line, from: start) { return .ignored }
        if block == .backtrace {
            if let event = Self.testCaseLine(line, start, reusing: &refBuffer) ?? Self.suiteLine(line, start) {
                block = .none
                return event
            }
            if line.hasPrefix("Backtrace took", at: start) { block = .none }
            // `*** Signal 6: Backtracing from 0x…` opens the block; `*** Program crashed: Aborted …` follows.
            if line.hasPrefix("*** ", at: start), let event = Self.programCrashed(line, start) { return event }
            if let event = Self.restart(line, start) ?? Self.exitBySignal(line, start) {
                block = .none
                return event
            }
            if line.hasPrefix("Thread ", at: start) {
                inCrashedThread = line.hasSuffix(" crashed:")
                return .ignored
            }
            return Self.backtraceFrame(line, start, inCrashedThread: inCrashedThread) ?? .ignored
        }
        // A trap is evidence whatever block it lands in (often indented, under a runtime's `Caused by:`).
        if line[start] == UInt8(ascii: "w") || line[start] &- UInt8(ascii: "0") < 10,
            let event = Self.wasmTrap(line, start)
        {
            block = .none
            return event
        }
        if case .logContinuation(let isTestOutput) = block, Self.isLogContinuation(line, start) {
            return isTestOutput ? .toolOutput(line.string(0..<line.count)) : .ignored
        }
        if block == .indentedNoise, start > 0 || Self.closesAValue(line) { return .ignored }
        // Xcode 8 and 9 list failing tests without the tab (`-[AppTests testLogin]`).
        if start > 0 || (block == .failingTests && line.hasPrefix("-[", at: start)),
            block == .testingFailed || block == .failingTests
        {
            return summary.blockLine(line, start, inFailingTests: block == .failingTests)
        }
        block = .none
        switch line[start] {
        case UInt8(ascii: "T"):
            if let event = Self.testCaseLine(line, start, reusing: &refBuffer) ?? Self.suiteLine(line, start) {
                return event
            }
            if Self.isTestingBlockHeader(line, start) {
                if line.hasPrefix("Testing failed:", at: start) {
                    block = .testingFailed
                    summary.startTestingFailed()
                } else {
                    block = .indentedNoise
                }
                return .ignored
            }
        case UInt8(ascii: "E"):
            if let event = Self.summaryLine(line, start) ?? Self.signalExit(line, start) { return event }
        case UInt8(ascii: "*"):
            if line.hasPrefix("*** ", at: start) {
                block = .backtrace
                inCrashedThread = nil
                return Self.programCrashed(line, start) ?? Self.uncaughtException(line, start) ?? .ignored
            }
            if line.hasPrefix("** ", at: start),
                line.hasSuffix(" **") || XcodebuildStatusLine.isWhole(line, from: start)
            {
                return .ignored
            }
        case UInt8(ascii: "A"):
            if let event = Self.fatalError(line, start, file: nil, lineNumber: nil) { return event }
        case UInt8(ascii: "F"), UInt8(ascii: "f"):
            if let event = Self.fatalError(line, start, file: nil, lineNumber: nil) { return event }
            if line.hasPrefix("Failing tests:", at: start) {
                block = .failingTests
                summary.startFailingTests()
                return .ignored
            }
        case UInt8(ascii: "R"):
            if let event = Self.restart(line, start) { return event }
        case UInt8(ascii: "W"), UInt8(ascii: "="), UInt8(ascii: "S"):
            if let event = Self.sanitizer(line, start) { return event }
        case 0xF0:
            if let event = Self.bombCrash(line, start) {
                block = .backtrace
                inCrashedThread = nil
                return event
            }
        case UInt8(ascii: "#"), UInt8(ascii: "P"):
            if let event = Self.exitBySignal(line, start) ?? Self.processDied(line, start)
                ?? Self.fatalError(line, start, file: nil, lineNumber: nil)
            {
                return event
            }
        case UInt8(ascii: ":"):
            if summary.noteAnnotation(line, from: start) { return .ignored }
        case UInt8(ascii: "C"), UInt8(ascii: "e"):
            if let event = Self.processDied(line, start) ?? Self.signalExit(line, start) { return event }
            noteSwiftPMError(line, start)
        case UInt8(ascii: "t"):
            if let event = Self.activityAssertion(line, start) { return event }
            if line.hasPrefix("t = ", at: start) { return .toolOutput(line.string(0..<line.count)) }
        case UInt8(ascii: "o"):
            if line.hasPrefix("objc[", at: start) { return .toolOutput(line.string(0..<line.count)) }
        case UInt8(ascii: "["):
            if let progress = Self.parallelProgress(line, start) {
                parallelProgress = (progress.reported, progress.total)
                return progress.event
            }
            if line.hasPrefix("[smokerun] ", at: start) { return Self.smokerunStop(line, start + 11) ?? .ignored }
        default:
            break
        }
        if line.hasSuffix(" (core dumped)"), let event = Self.exitBySignal(line, start) { return event }
        if let event = Self.shellSignal(line, start) ?? Self.uncaughtException(line, start) { return event }
        if line.hasPrefix("xcodebuild: error: ", at: start) || line.hasPrefix("The following build commands failed:") {
            let text = line.string(start..<line.endSkippingBlanks())
            if line[start] == UInt8(ascii: "x") { summary.noteError(text) }
            if text.hasSuffix(":") { summary.awaitReason(after: text) }
        }
        // xcodebuild's runner error on a line of its own, as a paste shows it without its `Testing failed:` heading.
        if start == 0, line.firstIndex(of: " encountered an error (", from: start) != nil,
            line.firstIndex(of: UInt8(ascii: " "), from: start).map({
                line.hasPrefix(" encountered an error (", at: $0)
            })
                == true
        {
            let text = line.string(start..<line.endSkippingBlanks())
            summary.noteRunnerError(text)
            return XcodebuildSummary.crash(inRunnerError: text) ?? .ignored
        }
        // xcbeautify's form of a compiler error, `❌ File.swift:17:9: message` (fastlane's build logs have it).
        if line.hasPrefix("❌ ", at: start), SourceLocationPrefix(line, start + 4)?.column != nil {
            summary.noteError(line, from: start + 4)
            return .ignored
        }
        if BuildLineRule.matches(line, start) {
            block = .indentedNoise
            return .ignored
        }
        if let event = Self.locatedLine(line, start) {
            if case .issue = event {
                block = .issueMessage
                blankLinesInMessage = 0
            }
            // A compiler diagnostic is followed by its indented source excerpt (`  27 | code`, `     |- note: …`).
            if event == .ignored {
                block = .indentedNoise
                if line.firstIndex(of: ": error: ", from: start) != nil { summary.noteError(line, from: start) }
            }
            return event
        }
        if let isXcodebuild = Self.processLogLine(line, start) {
            block = .logContinuation(isTestOutput: !isXcodebuild)
            return isXcodebuild ? .ignored : .toolOutput(line.string(0..<line.count))
        }
        return nil
    }

    /// An unmatched line while `block` is `.issueMessage`: more of its message, after the blank lines read since.
    mutating func continueIssueMessage(_ text: String) -> TestEvent {
        block = .issueMessage
        let blanks = String(repeating: "\n", count: blankLinesInMessage)
        blankLinesInMessage = 0
        return .issueMessageContinued(blanks + text)
    }

    /// A line another parser recognised (a Swift Testing line) ends an issue's message.
    mutating func endIssueMessage() {
        if block == .issueMessage { block = .none }
    }

    // MARK: - Rules

    /// `)` alone on a line: the end of a multi-line value in xcodebuild's `User defaults from command line:` block
    /// (`IDETestRunOnlyIdentifiers = (` … `)`), which goes on after it.
    private static func closesAValue(_ line: LineBytes) -> Bool {
        line.count <= 2 && line.first == UInt8(ascii: ")") && (line.count == 1 || line[1] == UInt8(ascii: ";"))
    }

    /// `Test Case 'Class.method' started at …`, `Test Case '-[M.C m]' passed (0.001 seconds).`,
    /// `Test case 'C.m()' failed on 'Clone 1 of iPhone …' (0.2 seconds)`, `… measured […] average: …`,
    /// `… exceeded execution time allowance of 1 minute. …`: the test, what happened, the duration.
    static func testCaseLine(_ line: LineBytes, _ start: Int) -> TestEvent? {
        var buffer: [UInt8] = []
        return testCaseLine(line, start, reusing: &buffer)
    }

    /// `testCaseLine(_:_:)` with the ref written into `buffer`, reused line after line.
    static func testCaseLine(_ line: LineBytes, _ start: Int, reusing buffer: inout [UInt8]) -> TestEvent? {
        guard line.hasPrefix("Test Case '", at: start) || line.hasPrefix("Test case '", at: start) else { return nil }
        let nameStart = start + 11
        var search = nameStart
        while let quote = line.firstIndex(of: UInt8(ascii: "'"), from: search) {
            let verb = quote + 2
            search = quote + 1
            guard quote + 1 < line.count, line[quote + 1] == UInt8(ascii: " ") else { continue }
            let status: TestStatus
            if line.hasPrefix("started", at: verb) {
                guard var ref = XCTestNameParser.ref(line, nameStart..<quote, reusing: &buffer) else { return nil }
                // `started (Iteration 2 of 3).`: xcodebuild's -test-iterations / -retry-tests-on-failure.
                if let iteration = line.firstIndex(of: "(Iteration ", from: verb),
                    let number = line.decimal(from: iteration + 11)
                {
                    ref.isRepetition = number.value > 1
                }
                return .testStarted(ref)
            } else if line.hasPrefix("passed", at: verb) {
                status = .passed
            } else if line.hasPrefix("failed", at: verb) {
                status = .failed
            } else if line.hasPrefix("skipped", at: verb) {
                status = .skipped
            } else if line.hasPrefix("measured [", at: verb) {
                guard let ref = XCTestNameParser.ref(line, nameStart..<quote) else { return nil }
                return measured(line, ref, from: verb + 10)
            } else if line.hasPrefix("exceeded execution time allowance", at: verb) {
                guard let ref = XCTestNameParser.ref(line, nameStart..<quote) else { return nil }
                return .issue(ref, TestFailure(message: "Test " + line.string(from: verb)), isKnown: false)
            } else {
                continue
            }
            guard var ref = XCTestNameParser.ref(line, nameStart..<quote, reusing: &buffer) else { return nil }
            ref.clone = clone(line, after: verb)
            ref.namesProcess = namesProcess(line, after: verb)
            var duration: Double?
            if let paren = line.lastIndex(of: UInt8(ascii: "(")), paren > verb {
                duration = line.decimal(from: paren + 1)?.value
            }
            return .testFinished(ref, status, durationSeconds: duration)
        }
        return nil
    }

    /// The clone number in a parallel outcome line's ` on 'Clone 2 of iPhone 15 - App (123)'`, else 0.
    private static func clone(_ line: LineBytes, after verb: Int) -> Int32 {
        guard let on = line.firstIndex(of: UInt8(ascii: " "), from: verb), line.hasPrefix(" on 'Clone ", at: on) else {
            return 0
        }
        let digits = on + 11
        let end = line.endOfDigits(from: digits)
        guard end > digits, line.hasPrefix(" of ", at: end), let number = line.integer(digits..<end),
            number > 0, number <= Int(Int32.max)
        else { return 0 }
        return Int32(number)
    }

    /// Whether the outcome line after the verb at `verb` names the process that ran it (` on 'My Mac - App (123)'`).
    private static func namesProcess(_ line: LineBytes, after verb: Int) -> Bool {
        guard let on = line.firstIndex(of: UInt8(ascii: " "), from: verb) else { return false }
        return line.hasPrefix(" on '", at: on)
    }

    /// `[Time, seconds] average: 0.316, relative standard deviation: …` after `measured [`.
    private static func measured(_ line: LineBytes, _ ref: TestRef, from: Int) -> TestEvent? {
        guard let close = line.firstIndex(of: UInt8(ascii: "]"), from: from),
            let average = line.firstIndex(of: "average: ", from: close),
            let value = line.decimal(from: average + 9)
        else { return .ignored }
        return .measured(ref, metric: line.string(from..<close), average: value.value)
    }
}
