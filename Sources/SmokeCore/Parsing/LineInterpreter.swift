import Foundation

/// Turns the lines of one file into test events for the parser its format needs, and notes what the file said
/// beside its tests (framework totals, a success banner, CI prefixes, malformed records). The events go to a
/// `LineEventSink`: the collector itself (`CollectorSink`), or an `EventBatch` that another thread applies while
/// this one reads on. Pure: `LogParser` reads the file and hands it the lines; it sits beside the parsers so the
/// compiler can inline the per-line path.
package struct LineInterpreter {
    package var format: LogFormat?
    var console = ConsoleParser()
    package var eventStream = SwiftTestingEventStreamParser()
    package private(set) var sawTestActivity = false
    package private(set) var sawRunEnded = false
    package private(set) var lastLineWasMalformed = false
    private var lineNumber = 0
    /// Event-stream lines that were not records: how many, and the first one's number.
    private var malformedCount = 0
    private var firstMalformedLine: Int?
    package var skipsSwiftTestingConsole = false
    package private(set) var totals: FrameworkTotalsReader
    package private(set) var sawSuccessBanner = false
    /// xcodebuild's last closing banner (`** TEST FAILED **`, `** BUILD SUCCEEDED **`).
    private var lastBanner: String?
    private var prefixCounts: [String: Int] = [:]

    package init(timeZone: TimeZone) {
        totals = FrameworkTotalsReader(timeZone: timeZone)
    }

    /// An event-stream record that cannot be read is a lost record (a test, an issue, an attachment): say where.
    package func malformedMessage(source: String) -> String? {
        guard malformedCount > 0, let first = firstMalformedLine else { return nil }
        let what = malformedCount == 1 ? "line \(first) is" : "\(malformedCount) lines (the first at line \(first)) are"
        return
            "\(source): event-stream \(what) not valid JSON (a cut or corrupted record); what it recorded is missing "
            + "from this report"
    }

    /// For a file with no test results: what it says happened instead (the runner's error, the build's first error,
    /// xcodebuild's closing banner) and what to do, or nil when it says nothing of the kind.
    package var whyNoTests: String? {
        let (runnerError, firstError) = console.failureBeforeTests
        if let runnerError {
            return "xcodebuild's test run failed before any test reported a result: \(runnerError). Fix what it names "
                + "and run the tests again"
        }
        if let firstError {
            let what = firstError.hasPrefix("xcodebuild: ") ? "xcodebuild stopped" : "the build failed"
            return "\(what) before any test ran: \(firstError). Fix what it names and run again"
        }
        guard let lastBanner else { return nil }
        if lastBanner.contains("FAILED") {
            return "xcodebuild ended with `\(lastBanner)` before any test ran; the lines above it say why"
        }
        return "xcodebuild ended with `\(lastBanner)`: a log without tests. Pass the output of `xcodebuild test`"
    }

    package var mostFrequentPrefix: String? {
        var counts = prefixCounts
        for (kind, count) in console.wrapperCounts { counts[kind, default: 0] += count }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// Reads one line; its events (and those it released from a split line before it) go to `sink`.
    package mutating func handle<Sink: LineEventSink>(_ rawLine: LineBytes, into sink: inout Sink) {
        lineNumber += 1
        var line = rawLine
        if let (kind, contentStart) = LinePrefix.strip(rawLine) {
            prefixCounts[kind.rawValue, default: 0] += 1
            line = UnsafeBufferPointer(rebasing: rawLine[contentStart...])
        }
        totals.read(line)
        interpret(line, into: &sink)
        while let deferred = console.takeDeferred() { emit(deferred, into: &sink) }
    }

    /// The end of the file: a split line still waiting for its second half is read as it is.
    package mutating func finish<Sink: LineEventSink>(into sink: inout Sink) {
        while let deferred = console.finish() { emit(deferred, into: &sink) }
    }

    private mutating func interpret<Sink: LineEventSink>(_ line: LineBytes, into sink: inout Sink) {
        let event: TestEvent
        if format == .eventStream {
            guard let parsed = eventStream.parse(line) else {
                lastLineWasMalformed = true
                // A record of a kind this parser does not know is only unrecognized; one that is not JSON at all was
                // lost.
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
            event = parsed
        } else {
            event = console.parse(line)
            if line.count >= 8, line.hasPrefix("** "), line.hasSuffix(" **") {
                if line.hasPrefix("** TEST"), line.firstIndex(of: " SUCCEEDED **") != nil { sawSuccessBanner = true }
                lastBanner = line.string(0..<line.count)
            }
        }
        emit(event, into: &sink)
    }

    private mutating func emit<Sink: LineEventSink>(_ event: TestEvent, into sink: inout Sink) {
        // What the collector does nothing with is not handed on (a batch for another thread stays small).
        switch event {
        case .ignored: return
        case .suiteStarted, .suiteFinished, .runSummary:
            sawTestActivity = true
            return
        case .output, .toolOutput: break
        default: sawTestActivity = true
        }
        if skipsSwiftTestingConsole, format != .eventStream, event.framework == .swiftTesting { return }
        sink.take(event, line: lineNumber)
    }
}
