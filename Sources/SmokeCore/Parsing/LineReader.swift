import Foundation

/// Feeds the lines of one file to the parser its format needs, and notes what the file said beside its tests
/// (framework totals, a success banner, CI prefixes, malformed records). Pure: `LogParser` reads the file and hands
/// it the lines; it sits beside the parsers so the compiler can inline the per-line path.
package struct LineReader {
    package var format: LogFormat?
    package var collector: ResultCollector
    var console = ConsoleParser()
    package var eventStream = SwiftTestingEventStreamParser()
    package var sawTestActivity = false
    package var sawRunEnded = false
    package var lastLineWasMalformed = false
    var lineNumber = 0
    /// Event-stream lines that were not records: how many, and the first one's number.
    var malformedCount = 0
    var firstMalformedLine: Int?
    package var skipsSwiftTestingConsole = false
    package var totals: FrameworkTotalsReader
    package var sawSuccessBanner = false
    package var firstUnrecognizedLine: Int?
    var prefixCounts: [String: Int] = [:]

    package init(collector: ResultCollector, timeZone: TimeZone) {
        self.collector = collector
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

    package var mostFrequentPrefix: String? {
        var counts = prefixCounts
        for (kind, count) in console.wrapperCounts { counts[kind, default: 0] += count }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    package mutating func handle(_ rawLine: LineBytes) {
        lineNumber += 1
        var line = rawLine
        if let (kind, contentStart) = LinePrefix.strip(rawLine) {
            prefixCounts[kind.rawValue, default: 0] += 1
            line = UnsafeBufferPointer(rebasing: rawLine[contentStart...])
        }
        totals.read(line)
        let unrecognizedBefore = collector.unrecognizedLineCount
        interpret(line)
        while let deferred = console.takeDeferred() { apply(deferred) }
        if firstUnrecognizedLine == nil, collector.unrecognizedLineCount > unrecognizedBefore {
            firstUnrecognizedLine = lineNumber
        }
    }

    /// The end of the file: a split line still waiting for its second half is read as it is.
    package mutating func finish() {
        while let deferred = console.finish() { apply(deferred) }
    }

    private mutating func interpret(_ line: LineBytes) {
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
                collector.countUnrecognizedLine()
                return
            }
            lastLineWasMalformed = false
            sawTestActivity = true // any valid record, even a run of zero tests
            if eventStream.sawRunEnded { sawRunEnded = true }
            event = parsed
        } else {
            event = console.parse(line)
            if !sawSuccessBanner, line.count >= 8, line.hasPrefix("** TEST"),
                line.firstIndex(of: " SUCCEEDED **") != nil
            {
                sawSuccessBanner = true
            }
        }
        apply(event)
    }

    private mutating func apply(_ event: TestEvent) {
        switch event {
        case .ignored, .output, .toolOutput: break
        default: sawTestActivity = true
        }
        if skipsSwiftTestingConsole, format != .eventStream, event.framework == .swiftTesting { return }
        collector.apply(event)
    }
}
