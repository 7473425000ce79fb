import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `LogParser` found in one or more logs.
package struct ParsedLog: Sendable {
    /// In the order the tests started, across all inputs.
    package var results: [TestResult]
    package var attachments: [RawAttachment]
    /// Lines no rule matched and no running test owned (pinned by the corpus ratchet).
    package var unrecognizedLineCount: Int
    package var lineCount: Int
    package var byteCount: Int
    /// The format of each input, in order.
    package var formats: [LogFormat]
    /// The run destination a saved xcresulttool document lists (its `devices[]`); nil for logs.
    package var device: ResolvedDevice? = nil
    /// Records that were cut or could not be read, each naming the file and line: the report lists
    /// them under `errors`, so nothing is lost without a word.
    package var problems: [String] = []
}

/// Parses whole log files for `smokerun parse`: reads each in fixed-size chunks (never the whole file),
/// detects its format, and feeds every line through the matching parser into one `ResultCollector`.
package struct LogParser: Sendable {
    /// Bytes read per system call.
    package static let chunkSize = 1 << 20
    /// Bytes inspected for binary content before parsing.
    static let sampleSize = 64 * 1024

    package var knownTests: [String]
    package var projectRoot: String?
    /// When true, an event stream cut off by a crash is read as far as it goes (the running test is `crashed`)
    /// instead of being an error.
    package var allowsTruncatedEventStreams: Bool
    /// What to keep of each test (`.statusesOnly` for a summary that writes no reports).
    package var retention: ResultCollector.Retention
    /// Longest record read whole; longer ones are cut and listed in `ParsedLog.problems`.
    package var maxLineLength = LineSplitter.defaultMaxLineLength

    package init(
        knownTests: [String] = [], projectRoot: String? = nil, allowsTruncatedEventStreams: Bool = false,
        retention: ResultCollector.Retention = .full
    ) {
        self.knownTests = knownTests
        self.projectRoot = projectRoot
        self.allowsTruncatedEventStreams = allowsTruncatedEventStreams
        self.retention = retention
    }

    /// Parses every file, in order, into one result list.
    package func parse(files: [URL]) throws(ParseError) -> ParsedLog {
        var collector = ResultCollector(knownTests: knownTests, projectRoot: projectRoot, retention: retention)
        var parsed = ParsedLog(results: [], attachments: [], unrecognizedLineCount: 0, lineCount: 0, byteCount: 0, formats: [])
        for file in files {
            let summary = try parse(file: file, into: &collector)
            parsed.lineCount += summary.lineCount
            parsed.byteCount += summary.byteCount
            parsed.formats.append(summary.format)
            parsed.device = parsed.device ?? summary.device
            parsed.problems += summary.problems
        }
        parsed.results = collector.results
        parsed.attachments = collector.attachments
        parsed.unrecognizedLineCount = collector.unrecognizedLineCount
        return parsed
    }

    /// What reading one file took.
    package struct FileSummary: Sendable {
        package var format: LogFormat
        package var lineCount: Int
        package var byteCount: Int
        /// The run destination a saved xcresulttool document lists.
        package var device: ResolvedDevice? = nil
        /// Cut or unreadable records of this file.
        package var problems: [String] = []
    }

    /// Parses one file into `collector`; a test still running at the end of the file is `crashed`.
    package func parse(file: URL, into collector: inout ResultCollector) throws(ParseError) -> FileSummary {
        let path = file.path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path: path, reason: "it is a directory")
        }

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var reader = LineReader(collector: collector)
        var splitter = LineSplitter(maxLineLength: maxLineLength)
        var byteCount = 0
        var document: Data?
        while true {
            let count = read(descriptor, buffer.baseAddress, Self.chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            if reader.format == nil {
                let head = chunk.bindMemory(to: UInt8.self)
                if LogFormat.looksBinary(UnsafeBufferPointer(rebasing: head.prefix(Self.sampleSize))) { throw .binary(path: path) }
                reader.format = LogFormat.detect(head)
                if reader.format?.isDocument == true { document = Data() }
            }
            byteCount += count
            if document != nil {
                guard byteCount <= ResultDocumentParser.byteLimit else {
                    throw .resultDocument(path: path, reason: "is larger than \(ResultDocumentParser.byteLimit / 1024 / 1024) MB, too large to read as one JSON document.")
                }
                document?.append(contentsOf: chunk)
            } else {
                splitter.push(chunk) { reader.handle($0) }
            }
        }
        if let document, let format = reader.format {
            let parsed = try ResultDocumentParser.parse(document, format: format, path: path)
            collector.adopt(parsed.tests, unrecognized: parsed.unrecognized)
            let lines = document.reduce(into: 0) { count, byte in if byte == 10 { count += 1 } }
            return FileSummary(format: format, lineCount: lines, byteCount: byteCount, device: parsed.device)
        }
        splitter.finish { reader.handle($0) }
        collector = reader.collector
        guard let format = reader.format, reader.sawTestActivity else { throw .noTestOutput(path: path) }
        if format == .eventStream, !reader.sawRunEnded || reader.lastLineWasMalformed {
            guard allowsTruncatedEventStreams else { throw .truncatedEventStream(path: path, line: splitter.lineCount) }
        }
        collector.finishRunningTest(as: .crashed, failure: nil)
        var problems: [String] = []
        if let cut = splitter.truncationMessage(source: path) { problems.append(cut) }
        if let malformed = reader.malformedMessage(source: path) { problems.append(malformed) }
        return FileSummary(format: format, lineCount: splitter.lineCount, byteCount: byteCount, problems: problems)
    }
}

/// Feeds the lines of one file to the parser its format needs.
private struct LineReader {
    var format: LogFormat?
    var collector: ResultCollector
    var console = ConsoleParser()
    var eventStream = SwiftTestingEventStreamParser()
    var sawTestActivity = false
    var sawRunEnded = false
    var lastLineWasMalformed = false
    var lineNumber = 0
    /// Event-stream lines that were not records: how many, and the first one's number.
    var malformedCount = 0
    var firstMalformedLine: Int?

    init(collector: ResultCollector) {
        self.collector = collector
    }

    /// An event-stream record that cannot be read is a lost record (a test, an issue, an attachment): say where.
    func malformedMessage(source: String) -> String? {
        guard malformedCount > 0, let first = firstMalformedLine else { return nil }
        let what = malformedCount == 1 ? "line \(first) is" : "\(malformedCount) lines (the first at line \(first)) are"
        return "\(source): event-stream \(what) not valid JSON (a cut or corrupted record); what it recorded is missing from this report"
    }

    mutating func handle(_ line: LineBytes) {
        lineNumber += 1
        let event: TestEvent
        if format == .eventStream {
            guard let parsed = eventStream.parse(line) else {
                lastLineWasMalformed = true
                // A record of a kind this parser does not know is only unrecognized; one that is not JSON at all was lost.
                if (try? JSONSerialization.jsonObject(with: Data(line))) == nil {
                    malformedCount += 1
                    if firstMalformedLine == nil { firstMalformedLine = lineNumber }
                }
                collector.countUnrecognizedLine()
                return
            }
            lastLineWasMalformed = false
            sawTestActivity = true  // any valid record, even a run of zero tests
            if eventStream.sawRunEnded { sawRunEnded = true }
            event = parsed
        } else {
            event = console.parse(line)
        }
        switch event {
        case .ignored, .output, .toolOutput: break
        default: sawTestActivity = true
        }
        collector.apply(event)
    }
}
