import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses whole log files for `smokerun parse`: reads each in fixed-size chunks (never the whole file),
/// detects its format, and feeds every line through the matching parser into one `ResultCollector`.
package struct LogParser: Sendable {
    static let chunkSize = ScaleThresholds.readChunkBytes
    /// Bytes inspected for binary content before parsing.
    static let sampleSize = 64 * 1024

    var knownTests: [String]
    var projectRoot: String?
    /// What to keep of each test (`.statusesOnly` for a summary that writes no reports).
    var retention: ResultCollector.Retention
    /// Longest record read whole; longer ones are cut and listed in `ParsedLog.problems`.
    var maxLineLength = LineSplitter.defaultMaxLineLength
    /// The zone of XCTest's suite stamps, which state none: the parsing machine's own unless told.
    var timeZone = TimeZone.current
    /// Bytes from which a file's lines are read and interpreted on one thread and their events applied on another;
    /// tests set it to try both paths.
    var pipelinesFrom = ScaleThresholds.pipelinedParseFromBytes
    /// The formats a file is recognised as.
    var formats: InputFormatRegistry

    /// Fewer bytes a test than a log of many tests has (a test is at least two lines), so the id index is rarely
    /// sized past what the tests need: about 10 MB for a 200 MB log, and never more than 20 MB (`TestTable`).
    static let bytesPerTestAtLeast = 300

    package init(
        knownTests: [String] = [], projectRoot: String? = nil, retention: ResultCollector.Retention = .full,
        formats: InputFormatRegistry = .standard
    ) {
        self.knownTests = knownTests
        self.projectRoot = projectRoot
        self.retention = retention
        self.formats = formats
    }

    /// Whether a file's bytes are hashed: not for a summary, which records no input.
    var digestPlacement: ChunkDigest.Placement {
        if case .statusesOnly = retention { return .none }
        return .here
    }

    /// Parses every file, in order, into one result list.
    package func parse(files: [URL]) throws(ParseError) -> ParsedLog {
        // Sized from the input, so a log of a million tests does not rehash its indexes as they grow.
        let bytes = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        var collector = ResultCollector(
            knownTests: knownTests, projectRoot: projectRoot, retention: retention,
            expectedTests: bytes / Self.bytesPerTestAtLeast)
        var parsed = ParsedLog(
            tests: TestTable(), attachments: [], unrecognizedLineCount: 0, lineCount: 0, byteCount: 0, formats: [])
        // A log and the event stream of the same run: the stream names every Swift Testing test exactly, so the
        // console's Swift Testing lines (and its `Test run with` totals) are not counted a second time.
        let hasEventStream = files.count > 1 && files.contains { peekFormat($0)?.makeReader().isEventStream == true }
        for file in files {
            let unrecognizedBefore = collector.unrecognizedLineCount
            collector.startInput(file.lastPathComponent)
            let summary = try parse(file: file, into: &collector, skipsSwiftTestingConsole: hasEventStream)
            parsed.lineCount += summary.lineCount
            parsed.byteCount += summary.byteCount
            parsed.formats.append(summary.format.name)
            parsed.device = parsed.device ?? summary.device
            parsed.problems += summary.problems
            var counts = summary.frameworkCounts
            if hasEventStream, !summary.format.makeReader().isEventStream {
                counts.removeAll { $0.framework == TestFramework.swiftTesting.rawValue }
            }
            parsed.frameworkCounts += counts
            parsed.times.add(summary.times)
            parsed.incomplete = parsed.incomplete ?? summary.incomplete
            parsed.interruption = parsed.interruption ?? summary.interruption
            parsed.runFailures += summary.runFailures
            if summary.isDocumentWithoutTotals { parsed.documentsWithoutTotals.append(file.lastPathComponent) }
            parsed.inputs.append(
                InputRecord(
                    path: AttachmentSourcePolicy.systemRealPath(file.path) ?? file.path, format: summary.format.name,
                    strippedPrefix: summary.strippedPrefix,
                    unrecognizedLines: collector.unrecognizedLineCount - unrecognizedBefore,
                    firstUnrecognizedLine: summary.firstUnrecognizedLine, bytes: summary.byteCount,
                    sha256: summary.sha256))
        }
        parsed.tests = collector.tests
        parsed.attachments = collector.attachments
        parsed.unrecognizedLineCount = collector.unrecognizedLineCount
        return parsed
    }

    /// What reading one file took.
    struct FileSummary: Sendable {
        var format: any InputFormat
        var lineCount: Int
        var byteCount: Int
        /// SHA-256 of the bytes read, hex.
        var sha256: String?
        /// The run destination a saved xcresulttool document lists.
        var device: ResolvedDevice? = nil
        /// Cut or unreadable records of this file.
        var problems: [String] = []
        var frameworkCounts: [FrameworkCount] = []
        /// The CI line prefix or wrapper removed (`github-actions-timestamp`, `worker-prefix`, …), the most frequent
        /// one.
        var strippedPrefix: String?
        var firstUnrecognizedLine: Int?
        /// When the run ran, as this file records it.
        var times = RecordedRunTimes()
        /// The file ends while tests were running.
        var incomplete: IncompleteInput? = nil
        /// The line that says the run was stopped.
        var interruption: Evidence? = nil
        /// Lines that say the run failed whatever its tests say (xcodebuild's verdict, a crash while no test ran).
        var runFailures: [RunFailureEvidence] = []
        /// A document (an xcresulttool or JUnit document), or an event stream, that carries no totals of its own.
        var isDocumentWithoutTotals = false
    }

    /// The format of `file` from its first bytes, or nil when it cannot be read.
    func peekFormat(_ file: URL) -> (any InputFormat)? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: Self.sampleSize), !head.isEmpty else { return nil }
        return head.withUnsafeBytes { formats.detect($0.bindMemory(to: UInt8.self)) }
    }

    /// Parses one file into `collector`. A test still running at the end of the file is `crashed` when the file shows
    /// the crash, `failed` when it recorded a failure, passed when the log's last run ends in xcodebuild's
    /// `** TEST SUCCEEDED **` and XCTest counted no failure, and otherwise `unfinished`: the file ends before the run
    /// did (`FileSummary.incomplete`).
    func parse(
        file: URL, into collector: inout ResultCollector, skipsSwiftTestingConsole: Bool = false
    ) throws(ParseError) -> FileSummary {
        let path = file.path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path: path, reason: "it is a directory")
        }

        // The collector moves into the sink and back (a copy would keep its table twice while it grows).
        var sink = CollectorSink(collector: ResultCollector())
        swap(&sink.collector, &collector)
        defer { swap(&sink.collector, &collector) }
        let testsBefore = sink.collector.tests.count
        let crashesBefore = sink.collector.crashesOutsideTests.count
        let suiteIssuesBefore = sink.collector.suiteIssues.count
        var input = FileInput(
            descriptor: descriptor, path: path, size: Int(status.st_size),
            skipsSwiftTestingConsole: skipsSwiftTestingConsole)
        input.digest = digestPlacement
        let read =
            readsOnTwoThreads(size: input.size)
            ? try readPipelined(input, into: &sink) : try readLines(input, into: &sink)
        let interpreter = read.interpreter
        if let document = read.document, let format = read.format, let reader = format.makeReader().document {
            let parsed = try reader.read(document, path: path)
            sink.collector.adopt(parsed.tests, unrecognized: parsed.unrecognized)
            let lines = document.reduce(into: 0) { count, byte in if byte == 10 { count += 1 } }
            // A JUnit file's own total time is the run's duration (it has no clock of the run's start).
            return FileSummary(
                format: format, lineCount: lines, byteCount: read.byteCount, sha256: read.sha256, device: parsed.device,
                frameworkCounts: parsed.counts, times: RecordedRunTimes(durationSeconds: parsed.durationSeconds),
                isDocumentWithoutTotals: parsed.counts.isEmpty)
        }
        sink.collector.finishListedFailures()
        let hasTests = sink.collector.tests.count > testsBefore
        if !hasTests, let failure = interpreter.failureBeforeTests,
            failure.kind != .buildAnnotation || interpreter.firstFormattedLine == nil
        {
            throw .failedBeforeTests(path: path, failure: failure)
        }
        // A formatted log keeps `Test Suite` and `Executed N tests` lines but no test's own: never an empty pass.
        if !hasTests, let formatted = interpreter.firstFormattedLine {
            throw .formattedLog(path: path, line: formatted.number, text: formatted.text)
        }
        var counts = interpreter.totals.counts(from: file.lastPathComponent)
        // No result at all, and XCTest counted failures before the input ends: those failures stand (the run fails).
        if !hasTests, counts.isEmpty, let cut = interpreter.totals.lastExecutedCount(from: file.lastPathComponent),
            cut.failures > 0
        {
            counts = [cut]
        }
        // A framework's closing totals alone (a grep'd excerpt) are test output: they may count failures.
        guard let format = read.format, interpreter.sawTestActivity || !counts.isEmpty else {
            throw .noTestOutput(path: path, said: interpreter.whyNoTests)
        }
        // An event stream says when its run ended (`runEnded`): without it, or with its last record cut, it ends early.
        let readsEventStream = format.makeReader().isEventStream
        let streamEndsEarly =
            readsEventStream && (!interpreter.sawRunEnded || interpreter.lastLineWasMalformed)
        let verdict = interpreter.xcodebuildVerdict(source: file.lastPathComponent)
        // A failure banner anywhere (a second run after a first that succeeded) says no running test passed.
        let endedInSuccess = interpreter.sawSuccessBanner && verdict == nil && !counts.contains { $0.failures > 0 }
        sink.collector.line = read.splitter.lineCount
        let interruption = interpreter.interruption.map {
            Evidence(what: "the run was stopped: `\($0.text)`", source: file.lastPathComponent, line: $0.line)
        }
        let (unfinished, endless) = sink.collector.finishAtEndOfInput(
            endedInSuccess: endedInSuccess, interruption: interruption)
        var problems: [String] = []
        if let cut = read.splitter.truncationMessage(source: path) { problems.append(cut) }
        if let malformed = interpreter.malformedMessage(source: path) { problems.append(malformed) }
        // The event stream's own instants; a console's stamps and totals, without the Swift Testing run an event
        // stream tells.
        let times =
            readsEventStream
            ? interpreter.eventStream.times : interpreter.totals.times(includingSwiftTesting: !skipsSwiftTestingConsole)
        // A console whose run shows no end of its own (closing totals, xcodebuild's banner) and no line saying why it
        // ended early (a crash, a stop, a verdict) was cut: its tests cannot pass it.
        let saidWhy =
            interruption != nil || verdict != nil || interpreter.sawTestBanner
            || sink.collector.crashesOutsideTests.count > crashesBefore
        // A run started (`Test Suite 'All tests' started`, a parallel run's `Test suite 'A' started on 'Clone 1 of
        // …'`) and the input ends before any result, any totals or anything saying why: it was cut.
        let cutBeforeResults =
            !hasTests && !readsEventStream && (interpreter.totals.endsInsideARun || (counts.isEmpty && !saidWhy))
        let readsConsole = if case .console = format.makeReader() { true } else { false }
        let cutAfterResults =
            hasTests && readsConsole
            && sink.collector.ending(ofTestsFrom: testsBefore).isCut(
                endsInsideARun: interpreter.totals.endsInsideARun, counts: counts, saidWhy: saidWhy,
                reportedEveryParallelTest: interpreter.reportedEveryParallelTest,
                countsSwiftTesting: !skipsSwiftTestingConsole)
        let incomplete =
            unfinished == 0 && endless == 0 && !streamEndsEarly && !cutBeforeResults && !cutAfterResults
            ? nil
            : IncompleteInput(
                source: file.lastPathComponent, lastLine: read.splitter.lineCount,
                lastLineText: Self.lastLineText(descriptor: descriptor, size: input.size), unfinished: unfinished)
        // An event stream's own count is its `runEnded`: one without it names itself in the unverified note.
        let streamWithoutTotals =
            readsEventStream && !counts.contains { $0.framework == TestFramework.swiftTesting.rawValue }
        return FileSummary(
            format: format, lineCount: read.splitter.lineCount, byteCount: read.byteCount, sha256: read.sha256,
            problems: problems,
            frameworkCounts: counts, strippedPrefix: interpreter.mostFrequentPrefix,
            firstUnrecognizedLine: sink.firstUnrecognizedLine, times: times, incomplete: incomplete,
            interruption: interruption,
            runFailures: (verdict.map { [$0] } ?? []) + crashes(sink.collector, from: crashesBefore, interpreter)
                + sink.collector.suiteIssues.dropFirst(suiteIssuesBefore).map {
                    $0.runFailure(source: file.lastPathComponent)
                },
            isDocumentWithoutTotals: streamWithoutTotals
        )
    }

    /// The crash lines the collector read while no test ran (from its `from`th), each with its line's text and, after
    /// a run's closing totals, as a crash at exit.
    private func crashes(_ collector: ResultCollector, from: Int, _ interpreter: LineInterpreter)
        -> [RunFailureEvidence]
    {
        collector.crashesOutsideTests.dropFirst(from).map { crash in
            guard let line = interpreter.crashLines[crash.line] else { return crash }
            return RunFailureEvidence(
                kind: line.afterTotals ? .crashAtExit : crash.kind, source: crash.source, line: crash.line,
                text: line.text)
        }
    }

    /// The last line of the file that is not blank, read from its end, at most 200 characters: what an incomplete
    /// input's report quotes.
    static func lastLineText(descriptor: Int32, size: Int) -> String {
        let tailSize = min(size, 4096)
        var tail = [UInt8](repeating: 0, count: tailSize)
        let read = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, tailSize, off_t(size - tailSize)) }
        guard read > 0 else { return "" }
        let text = String(decoding: tail.prefix(read), as: UTF8.self)
        let last = text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) } ?? ""
        return last.count > 200 ? String(last.prefix(200)) + "…" : String(last)
    }
}
