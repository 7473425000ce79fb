import Foundation

/// Turns one file's lines into test events for its format's parser, and notes what the file says beside its tests
/// (framework totals, banners, CI prefixes, malformed records). Events go to a `LineEventSink`: the collector, or
/// an `EventBatch` that another thread applies while this one reads on.
package struct LineInterpreter {
    /// Set once the file's format is known (`InputFormat.makeReader`).
    package var reader: InputReader? {
        didSet { readsEventStream = reader?.isEventStream ?? false }
    }
    private var readsEventStream = false
    var console = ConsoleParser()
    package var eventStream = SwiftTestingEventStreamParser()
    package private(set) var sawTestActivity = false
    package private(set) var sawRunEnded = false
    package private(set) var lastLineWasMalformed = false
    private var lineNumber = 0
    /// Event-stream lines that were not JSON: how many, and the first one's number.
    private var malformedCount = 0
    private var firstMalformedLine: Int?
    package var skipsSwiftTestingConsole = false
    /// The Swift Testing tests the console shows running (a crash line ends them; what they print reaches the console
    /// in order with them), and how many a skipped console started.
    package private(set) var swiftTestingRunning: [String] = []
    package private(set) var skippedSwiftTestingStarts = 0
    private var notes: Notes
    private var unwrapper = LineUnwrapper()
    private var prefixProbe = UnreadPrefixProbe()
    package var unreadPrefix: UnreadPrefix? { prefixProbe.found } // test lines behind a prefix, and none read
    /// A line without its colour codes; the buffer is reused from line to line.
    private var colourless: [UInt8] = []

    package init(timeZone: TimeZone) {
        notes = Notes(totals: FrameworkTotalsReader(timeZone: timeZone))
    }

    package var totals: FrameworkTotalsReader { notes.totals }
    /// The last test run ended in `** TEST SUCCEEDED **` (or `** TEST EXECUTE SUCCEEDED **`) and no run started after.
    package var sawSuccessBanner: Bool { notes.testBanner == .succeeded && !notes.runStartedSinceTestBanner }
    /// The last test run ended in an xcodebuild test banner and no run started after it (`Test Suite 'All tests'
    /// started`): a later run the log cuts is not ended by the banner before it, but a test line xcodebuild relays
    /// after its banner still belongs to the run it ended.
    package var sawTestBanner: Bool { notes.testBanner != nil && !notes.runStartedSinceTestBanner }
    /// The log holds xcodebuild's own test command (`Command line invocation:`, then `xcodebuild test …`) and ends
    /// before that command's end (its banner, `Test session results`): a serial run of several test bundles prints a
    /// run's totals after each, so those are no end. Without the command, xcodebuild's build steps or log lines and
    /// tests, in a log without any test banner (older Xcode saved its banner above the tests its runner printed).
    package var endsBeforeXcodebuildDid: Bool {
        notes.xcodebuildTestsOpen || (notes.xcodebuild.endsBeforeXcodebuildDid && notes.testBanner == nil)
    }
    package var sawParallelSuiteStart: Bool { notes.sawParallelSuiteStart }
    /// `swift test --parallel`'s last progress line is `[N/N] Testing …`: every test reported. Its processes print
    /// no totals (a failing test's output, printed after it, has its own).
    package var reportedEveryParallelTest: Bool {
        guard let progress = console.parallelProgress else { return false }
        return progress.reported == progress.total
    }
    /// xcodebuild's own word that the run failed (`** TEST FAILED **`, `Testing failed:`), as evidence in `source`.
    package func xcodebuildVerdict(source: String) -> RunFailureEvidence? { notes.verdict.evidence(source: source) }
    /// The first line saying the run was stopped (`** BUILD INTERRUPTED **`, `Testing cancelled`, GitHub's
    /// `##[error]The operation was canceled.`) and its 1-based number.
    package var interruption: (text: String, line: Int)? { notes.interruption ?? notes.ciStop }
    /// Whether xcodebuild itself said the run was stopped (`** BUILD INTERRUPTED **`, `Testing cancelled`).
    package var xcodebuildStopped: Bool { notes.interruption != nil }

    /// An event-stream record that cannot be read is a lost record (a test, an issue, an attachment): say where.
    package func malformedMessage(source: String) -> String? {
        guard malformedCount > 0, let first = firstMalformedLine else { return nil }
        let what = malformedCount == 1 ? "line \(first) is" : "\(malformedCount) lines (the first at line \(first)) are"
        return
            """
            \(source): event-stream \(what) not valid JSON (a cut or corrupted record); what it recorded is missing \
            from this report
            """
    }

    /// For a file with no test results: what failed before any test ran (the runner, the build's first error, a crash,
    /// else xcodebuild's `** BUILD FAILED **`).
    package var failureBeforeTests: FailureBeforeTests? {
        if let failure = console.failureBeforeTests ?? crashBeforeTests { return failure }
        guard let lastBanner = notes.lastBanner else { return nil }
        if lastBanner.hasSuffix("BUILD FAILED **") {
            return FailureBeforeTests(kind: .buildBanner, firstError: lastBanner)
        }
        // Only the banner, no line of a run before it (a start, totals, an issue): the input may be a log's tail.
        guard lastBanner.hasSuffix(" TEST FAILED **") || lastBanner.hasSuffix(" TEST EXECUTE FAILED **"),
            !sawTestActivity
        else { return nil }
        return FailureBeforeTests(kind: .testBanner, firstError: lastBanner)
    }

    /// For a file with no test results: what it says happened instead, and what to do.
    package var whyNoTests: String? {
        if let failure = failureBeforeTests { return "\(failure.sentence) \(failure.advice)" }
        guard let lastBanner = notes.lastBanner else { return nil }
        return "xcodebuild ended with `\(lastBanner)`: a log without tests. Pass the output of `xcodebuild test`"
    }

    /// The first crash lines (`Fatal error: …`, `Exited with signal code 11`) by number, whether a run had closed
    /// with its totals before them (a crash at exit), and whether the line is only a trap's message (`Fatal error: …`,
    /// which a test can print), not the process's end (a crash report, SwiftPM's `exited with signal` line).
    package private(set) var crashLines: [Int: (text: String, afterTotals: Bool, isTrapMessage: Bool)] = [:]
    /// A run of thousands of crashing tests keeps only the first.
    static let crashLineLimit = 64

    private mutating func noteCrashLine(_ line: LineBytes, isTrapMessage: Bool) {
        guard crashLines.count < Self.crashLineLimit else { return }
        let start = line.skippingBlanks()
        // Bounded: a report quotes at most `RunFailureEvidence.textLimit` characters of it.
        let end = Swift.min(line.count, start + 4 * RunFailureEvidence.textLimit)
        crashLines[lineNumber] = (line.string(start..<end), notes.totals.closedARun, isTrapMessage)
    }

    /// For a file with no test results: its first crash line, the test process dying before any test reported.
    private var crashBeforeTests: FailureBeforeTests? {
        guard let first = crashLines.keys.min(), let crash = crashLines[first] else { return nil }
        return FailureBeforeTests(kind: .crash, firstError: crash.text, line: first)
    }

    /// xcpretty- or xcbeautify-shaped test lines (`ConsoleFormat.isFormattedTestLine`): count, and the first one.
    package private(set) var formattedLineCount = 0
    package private(set) var firstFormattedLine: (number: Int, text: String)?

    package var mostFrequentPrefix: String? {
        var counts = unwrapper.counts
        for (kind, count) in console.wrapperCounts { counts[kind, default: 0] += count }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// Reads one line; its events (and those it released from a split line before it) go to `sink`.
    package mutating func handle<Sink: LineEventSink>(_ rawLine: LineBytes, into sink: inout Sink) {
        lineNumber += 1
        // A hole of NULs before a line (logrotate's `copytruncate`: the writer goes on at its offset) is not its text.
        var rawLine = rawLine
        if rawLine.first == 0 {
            var start = 0
            while start < rawLine.count, rawLine[start] == 0 { start += 1 }
            rawLine = UnsafeBufferPointer(rebasing: rawLine[start...])
        }
        guard let contentStart = unwrapper.contentStart(of: rawLine) else { return }
        let line = contentStart == 0 ? rawLine : UnsafeBufferPointer(rebasing: rawLine[contentStart...])
        if readsEventStream {
            notes.totals.read(line)
            interpretRecord(line, into: &sink)
            return
        }
        if case .lines(let rule) = reader { return emit(rule.read(line), into: &sink) }
        // Moved out while its bytes are read, so reading may change `self`.
        var plain: [UInt8] = []
        swap(&plain, &colourless)
        defer { swap(&plain, &colourless) }
        if ColourCodes.remove(from: line, into: &plain) {
            unwrapper.countColourCodes()
            plain.withUnsafeBufferPointer { interpretConsole($0, into: &sink) }
            plain.withUnsafeBufferPointer { prefixProbe.search($0, raw: rawLine, number: lineNumber) }
        } else {
            interpretConsole(line, into: &sink)
            prefixProbe.search(line, raw: rawLine, number: lineNumber)
        }
    }

    /// The end of the file: a split line still waiting for its second half is read as it is.
    package mutating func finish<Sink: LineEventSink>(into sink: inout Sink) {
        while let deferred = console.finish(reading: &notes) { emit(deferred, into: &sink) }
    }

    private mutating func interpretConsole<Sink: LineEventSink>(_ line: LineBytes, into sink: inout Sink) {
        if ConsoleFormat.isFormattedTestLine(line) {
            formattedLineCount += 1
            if firstFormattedLine == nil {
                firstFormattedLine = (lineNumber, line.string(line.skippingBlanks()..<line.count))
            }
        }
        notes.lineNumber = lineNumber
        let event = console.parse(line, reading: &notes)
        if notes.appendedRunStarted {
            notes.appendedRunStarted = false
            emit(.appendedRunStarted, into: &sink)
        }
        switch event {
        case .fatalError: noteCrashLine(line, isTrapMessage: true)
        case .programCrashed, .runnerDied: noteCrashLine(line, isTrapMessage: false)
        default: break
        }
        emit(event, into: &sink)
        while let deferred = console.takeDeferred() { emit(deferred, into: &sink) }
    }

    private mutating func interpretRecord<Sink: LineEventSink>(_ line: LineBytes, into sink: inout Sink) {
        guard let event = eventStream.parse(line) else {
            lastLineWasMalformed = true
            // A record of an unknown kind is only unrecognized; a line that is not JSON at all is a lost record.
            if (try? JSONSerialization.jsonObject(with: Data(line))) == nil {
                malformedCount += 1
                if firstMalformedLine == nil { firstMalformedLine = lineNumber }
            }
            sink.countUnrecognizedLine(lineNumber)
            return
        }
        lastLineWasMalformed = false
        sawTestActivity = true // any valid record, even a run of zero tests
        if eventStream.sawRunEnded { sawRunEnded = true }
        emit(event, into: &sink)
    }

    private mutating func emit<Sink: LineEventSink>(_ event: TestEvent, into sink: inout Sink) {
        prefixProbe.read(event)
        // What the collector does nothing with is not handed on (a batch for another thread stays small).
        switch event {
        case .ignored: return
        case .suiteStarted(let name):
            sawTestActivity = true
            // Only the next process's outermost suite in a `swift test --parallel` log, which prints each test's
            // process after it ended: a test still running then had its process end. (Elsewhere it may be another
            // run appended after one that was stopped.)
            guard console.parallelProgress != nil, name == "All tests" || name == "Selected tests" else { return }
        case .suiteFinished, .runSummary:
            sawTestActivity = true
            return
        case .output, .toolOutput, .issueMessageContinued, .appendedRunStarted, .relaunchCrashed: break
        default: sawTestActivity = true
        }
        if !readsEventStream, event.framework == .swiftTesting { followRunning(event) }
        if skipsSwiftTestingConsole, !readsEventStream {
            // A console's `↳` details are Swift Testing's too: the stream has them; never an XCTest issue's lines.
            if event.framework == .swiftTesting { return }
            switch event {
            case .detail:
                return
            case .fatalError, .programCrashed:
                if !swiftTestingRunning.isEmpty {
                    sink.take(.swiftTestingRunningInConsole(swiftTestingRunning), line: lineNumber)
                }
            default:
                break
            }
        }
        sink.take(event, line: lineNumber)
    }

    /// A Swift Testing line of a console: the tests it shows running (`swiftTestingRunning`).
    private mutating func followRunning(_ event: TestEvent) {
        switch event {
        case .testStarted(let ref):
            if skipsSwiftTestingConsole { skippedSwiftTestingStarts += 1 }
            swiftTestingRunning.append(ref.name)
        case .testFinished(let ref, _, _), .cancelled(let ref, _, _):
            if let index = swiftTestingRunning.firstIndex(of: ref.name) { swiftTestingRunning.remove(at: index) }
        default:
            break
        }
    }
}
