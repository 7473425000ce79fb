/// Reads console output where XCTest and Swift Testing lines mix (as `swift test` and xcodebuild print them).
///
/// Lines starting with a Swift Testing symbol go to `SwiftTestingConsoleParser`, the rest to `XCTestConsoleParser`;
/// a line neither understands is retried once without a wrapper (ANSI colours, `[worker 2] `, docker-compose
/// `name | `, fastlane `▸ `), and is otherwise `.output`.
///
/// xcodebuild writes its own lines into the runner's stream, sometimes mid test line (`Test Case '-[M.C t]' pas`,
/// `** TEST SUCCEEDED **`, blank lines, `sed (0.003 seconds).`). A test line without its end waits to be joined with
/// the first line after xcodebuild's; if that makes no test line, both are read as they are, the second handed out
/// by `takeDeferred()`. Callers call `takeDeferred()` after every `parse`, and `finish()` at the end.
package struct ConsoleParser {
    private var xctest = XCTestConsoleParser()
    private let swiftTesting = SwiftTestingConsoleParser()
    /// The first half of a split test line.
    private var fragment: [UInt8]?
    /// Events of this line handed out after its first, by `takeDeferred()`, in order.
    private var deferred: [TestEvent] = []
    /// The XCTest test running now: a result line for another test meanwhile is its output.
    private var runningXCTest = RunningXCTest()
    /// Foreign lines seen since the fragment; past `foreignLineLimit` the fragment is given up.
    private var foreignLines = 0
    private static let foreignLineLimit = 50
    /// Lines each kind of wrapper prefix (`worker-prefix`, `docker-compose`, `fastlane`, `ansi`) was removed from.
    package private(set) var wrapperCounts: [String: Int] = [:]
    /// The wrapper the last XCTest issue line came in: its message's further lines carry it too.
    private var issueWrapper: String?
    /// Where the last line's Swift Testing detail (`↳ line one`) began, when it was one or a further line of one: a
    /// multi-line comment's next lines, blank ones too, come two spaces in from there (`  line two`), and are its text
    /// whatever they say (a child run's `  ✘ Test x() failed`, `  Test Case '…' failed`).
    private var swiftTestingDetailIndent: Int?
    /// Which Swift Testing lines are what they look like; only a running test's result may be found glued to output.
    private var swiftTestingAnnouncements = SwiftTestingAnnouncements()
    private var swiftTestingMessage = SwiftTestingMessageLines()

    package init() {}

    /// The event of `line` (`.ignored` while it holds the first half of a split test line).
    package mutating func parse(_ line: LineBytes) -> TestEvent {
        var reader = IgnoredLines()
        return parse(line, reading: &reader)
    }

    /// The event of `line`; `reader` reads every line this interprets (see `ConsoleLineReader`).
    package mutating func parse<Reader: ConsoleLineReader>(_ line: LineBytes, reading reader: inout Reader) -> TestEvent
    {
        if let fragment {
            if LineJoiner.isForeign(line), foreignLines < Self.foreignLineLimit {
                foreignLines += 1
                return parseWhole(line, reading: &reader)
            }
            self.fragment = nil
            // A test line of its own is no second half (the process died mid-line, then a retry or a relaunch began):
            // the cut line as it is, then this one.
            if LineJoiner.startsTestLine(line) {
                let fragmentEvent = fragment.withUnsafeBufferPointer { parseWhole($0, reading: &reader) }
                let position = deferred.count
                deferred.insert(parse(line, reading: &reader), at: position)
                return fragmentEvent
            }
            let joined = fragment + Array(line)
            let event = joined.withUnsafeBufferPointer { LineJoiner.isSplitTestLine($0) ? nil : recognise($0) }
            if let event,
                Self.isTestLineEvent(event) || joined.withUnsafeBufferPointer(LineJoiner.isSwiftTestingRunLine)
            {
                let inside = runningXCTest.ownsTheConsole
                joined.withUnsafeBufferPointer { reader.read($0, insideRunningTest: inside) }
                return runningXCTest.admits(event) ? event : .output(String(decoding: joined, as: UTF8.self))
            }
            // Not a continuation: the fragment as it is, then this line.
            let fragmentEvent = fragment.withUnsafeBufferPointer { parseWhole($0, reading: &reader) }
            deferred.append(parseWhole(line, reading: &reader))
            return fragmentEvent
        }
        // Another line written into this one (xcodebuild's status line, a process's log line): the test line's
        // first half waits for its second, the other line is read now, as itself.
        if LineJoiner.startsTestLine(line), let statusStart = LineJoiner.interleavedStart(insideTestLine: line) {
            let head = UnsafeBufferPointer(rebasing: line[..<statusStart])
            let status = UnsafeBufferPointer(rebasing: line[statusStart...])
            guard LineJoiner.isSplitTestLine(head) || LineJoiner.isSplitSwiftTestingLine(head) else {
                let event = parseWhole(head, reading: &reader)
                deferred.append(parseWhole(status, reading: &reader))
                return event
            }
            fragment = Array(head)
            foreignLines = 0
            return parseWhole(status, reading: &reader)
        }
        // Records glued end to end (SwiftPM's parallel replay before 5.9): each is read as its own line, in order.
        let glued = GluedXCTestRecords.boundaries(in: line)
        if !glued.isEmpty {
            let ends = glued + [line.count]
            let first = parseWhole(UnsafeBufferPointer(rebasing: line[..<ends[0]]), reading: &reader)
            for (start, end) in zip(glued, ends.dropFirst()) {
                deferred.append(parseWhole(UnsafeBufferPointer(rebasing: line[start..<end]), reading: &reader))
            }
            return first
        }
        guard LineJoiner.isSplitTestLine(line) else { return parseWhole(line, reading: &reader) }
        fragment = Array(line)
        foreignLines = 0
        return .ignored
    }

    /// The line after a split fragment that turned out not to continue it.
    package mutating func takeDeferred() -> TestEvent? {
        guard !deferred.isEmpty else { return nil }
        return deferred.removeFirst()
    }

    /// The end of the input: a fragment still waiting is read as it is.
    package mutating func finish<Reader: ConsoleLineReader>(reading reader: inout Reader) -> TestEvent? {
        if let event = takeDeferred() { return event }
        guard let fragment else { return nil }
        self.fragment = nil
        return fragment.withUnsafeBufferPointer { parseWhole($0, reading: &reader) }
    }

    package mutating func finish() -> TestEvent? {
        var reader = IgnoredLines()
        return finish(reading: &reader)
    }

    private mutating func parseWhole<Reader: ConsoleLineReader>(_ line: LineBytes, reading reader: inout Reader)
        -> TestEvent
    {
        if let indent = swiftTestingDetailIndent, line.count >= indent + 2,
            line[..<(indent + 2)].allSatisfy({ $0 == 32 })
        {
            // Read as a blank line: a comment's text is no total, relaunch or banner.
            reader.read(UnsafeBufferPointer(rebasing: line[0..<0]), insideRunningTest: runningXCTest.ownsTheConsole)
            return .detail(line.string((indent + 2)..<line.count))
        }
        swiftTestingDetailIndent = nil
        reader.read(line, insideRunningTest: runningXCTest.ownsTheConsole)
        // A wrapped line's content continues the block the lines before it opened (fastlane's `▸ ` before each line
        // of xcodebuild's `Failing tests:` list): the try on the whole line must not end that block for it.
        let blockBefore = xctest.block
        // The backtracer ends `*** Signal 4: Backtracing from 0x…...` later (` done ***`): another test's line may
        // come between, on the same line. Each part is read as its own line.
        if let glued = Self.afterBacktracingDots(line) {
            let head = recognise(UnsafeBufferPointer(rebasing: line[..<glued]))
            if let tail = recognise(UnsafeBufferPointer(rebasing: line[glued...])) { deferred.append(tail) }
            return head ?? .ignored
        }
        // Inside a backtrace every whole line is taken (a frame, or ignored): a wrapped line's content says whether
        // the backtrace has ended (`test_1  | Backtrace took 0.2s`, a test line after it).
        if blockBefore == .backtrace, Self.wrapperEnd(line) != nil,
            let event = recogniseUnwrapped(line, blockBefore: blockBefore)
        {
            return admitted(event, line, blockBefore: blockBefore)
        }
        if let event = recognise(line) {
            issueWrapper = nil
            guard runningXCTest.admits(event) else { return runningTestsText(event, line, blockBefore: blockBefore) }
            return outputBeforeLocation(of: event, in: line)
        }
        if let event = recogniseUnwrapped(line, blockBefore: blockBefore) {
            if case .issue = event { issueWrapper = Self.wrapperEnd(line)?.0 }
            return admitted(event, line, blockBefore: blockBefore)
        }
        // The running test's output without a final newline, then its result line: the output, then the result.
        if let start = runningXCTest.gluedResultStart(in: line),
            let event = recognise(UnsafeBufferPointer(rebasing: line[start...])), case .testFinished = event,
            runningXCTest.admits(event)
        {
            deferred.append(event)
            return .output(line.string(0..<start))
        }
        // Its issue line glued the same way, past where the line-start rule looks for a path (a progress bar, a dump).
        if let start = runningXCTest.gluedIssueStart(in: line) {
            let blockAfter = xctest.block
            if let event = recognise(UnsafeBufferPointer(rebasing: line[start...])), case .issue(.some, _, _) = event,
                runningXCTest.admits(event)
            {
                deferred.append(event)
                return .output(line.string(0..<start))
            }
            xctest.block = blockAfter
        }
        // A running Swift Testing test's line glued the same way (`progress✔ Test f() passed after 0.001 seconds.`), or
        // another test's start or issue after it (they run at once): the output, then the line. A start or issue after
        // a space is text quoting one (`input line: ✘ Test …`), as Swift Testing ends no output with a space.
        if swiftTestingAnnouncements.hasRunningTests, let start = Self.gluedSwiftTestingResultStart(in: line),
            let event = recognise(UnsafeBufferPointer(rebasing: line[start...])),
            (event.startsOrConcernsASwiftTestingTest && line[start - 1] != UInt8(ascii: " "))
                || (event.endsASwiftTestingTest && swiftTestingAnnouncements.endedAnnouncedTest),
            runningXCTest.admits(event)
        {
            deferred.append(event)
            return .output(line.string(0..<start))
        }
        // A logger's record (the test's background work printed it) ends an issue's message.
        if blockBefore == .issueMessage, !LinePrefix.isLogRecord(line, at: 0) {
            var textStart = 0
            if let issueWrapper, let (kind, contentStart) = Self.wrapperEnd(line), kind == issueWrapper {
                textStart = contentStart
            }
            return xctest.continueIssueMessage(line.string(textStart..<line.count))
        }
        if blockBefore == .issueMessage { xctest.endIssueMessage() }
        let text = line.string(0..<line.count)
        if swiftTestingMessage.continues(text) { return .issueMessageContinued(text) }
        return .output(text)
    }

    /// `event` when it is what it says; else `line` is the running test's output, or more of its issue's message (a
    /// multi-line `XCTAssertEqual` of two logs goes on until that test's next issue or its result).
    private mutating func admitted(_ event: TestEvent, _ line: LineBytes, blockBefore: XCTestConsoleParser.Block)
        -> TestEvent
    {
        runningXCTest.admits(event) ? event : runningTestsText(event, line, blockBefore: blockBefore)
    }

    /// A Swift Testing line ends an XCTest issue's message (it is the next process's or another test's output).
    private mutating func runningTestsText(
        _ event: TestEvent, _ line: LineBytes, blockBefore: XCTestConsoleParser.Block
    ) -> TestEvent {
        if blockBefore == .issueMessage, event.framework != .swiftTesting {
            return xctest.continueIssueMessage(line.string(0..<line.count))
        }
        xctest.endIssueMessage()
        return .output(line.string(0..<line.count))
    }

    /// An issue or fatal error whose line starts with output the test printed without a newline (`Checking totals...
    /// /src/T.swift:9: error: …`): that output, then the event (its path is the path alone).
    private mutating func outputBeforeLocation(of event: TestEvent, in line: LineBytes) -> TestEvent {
        switch event {
        case .issue(_, let failure, _) where failure.file != nil: break
        case .fatalError(_, .some, _): break
        default: return event
        }
        let start = line.skippingBlanks()
        guard let location = SourceLocationPrefix(line, start), location.fileStart > start else { return event }
        deferred.append(event)
        return .output(line.string(0..<location.fileStart))
    }

    /// `swift test --parallel`'s last progress line (`[k/N] Testing …`): `k` of the run's `N` tests had reported.
    var parallelProgress: (reported: Int, total: Int)? { xctest.parallelProgress }

    /// Why xcodebuild ran no test, so far: the test runner's error, else the first compiler or xcodebuild error.
    var failureBeforeTests: FailureBeforeTests? { xctest.summary.failureBeforeTests }

    private mutating func recognise(_ line: LineBytes) -> TestEvent? {
        let start = line.skippingBlanks()
        if start < line.count,
            line[start] >= 0xC3 || line[start] == UInt8(ascii: "-") || line[start] == UInt8(ascii: "?")
                || line[start] == UInt8(ascii: "M"),
            let length = SwiftTestingConsoleParser.symbolLength(line, at: start)
        {
            guard let parsed = swiftTesting.parse(line, symbolAt: start, symbolLength: length) else { return nil }
            let text = line.skippingBlanks(from: start + length)
            guard let event = swiftTestingAnnouncements.admit(parsed, line, text: text) else { return nil }
            swiftTestingMessage.read(event)
            if case .detail = event { swiftTestingDetailIndent = start }
            xctest.endIssueMessage()
            if event == .ignored, line.hasPrefix("Test run started", at: text) {
                let ended = runningXCTest.isRunning
                runningXCTest.processStarted()
                return ended ? .xctestProcessEnded : .swiftTestingRunStarted
            }
            return event
        }
        let event = XCTestConsoleParser.gluedProcessDeath(line, start) ?? xctest.parse(line)
        if let event, start < line.count { swiftTestingMessage.read(event) } // a blank line may be in the message
        if case .suiteStarted = event { swiftTestingAnnouncements.noteXCTestSuite() }
        return event
    }

    private mutating func recogniseUnwrapped(_ line: LineBytes, blockBefore: XCTestConsoleParser.Block) -> TestEvent? {
        var plain: [UInt8] = []
        if ColourCodes.remove(from: line, into: &plain) {
            wrapperCounts["ansi", default: 0] += 1
            xctest.block = blockBefore
            return plain.withUnsafeBufferPointer { recognise($0) ?? recogniseUnwrapped($0, blockBefore: blockBefore) }
        }
        guard let (kind, contentStart) = Self.wrapperEnd(line) else { return nil }
        xctest.block = blockBefore
        // A blank line of the wrapped output (`app-1  | `) is a blank line.
        guard contentStart < line.count else {
            wrapperCounts[kind, default: 0] += 1
            return .ignored
        }
        let event = recognise(UnsafeBufferPointer(rebasing: line[Self.afterContainerTimestamp(line, contentStart)...]))
        if event != nil { wrapperCounts[kind, default: 0] += 1 }
        return event
    }
}
