import Foundation
import SmokeCore

/// Parses whole log files for `smokerun parse`: reads each in chunks, detects its format, and feeds every line
/// through the matching parser into one `ResultCollector`.
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
    /// Bytes from which a file is read on one thread and its events applied on another.
    var pipelinesFrom = ScaleThresholds.pipelinedParseFromBytes
    var formats: InputFormatRegistry

    /// A lower bound on a log's bytes per test (a test is at least two lines), sizing the id index (`TestTable`).
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

    var digestPlacement: ChunkDigest.Placement {
        if case .statusesOnly = retention { return .none }
        return .here
    }

    package func parse(files given: [URL]) throws(ParseError) -> ParsedLog {
        let (files, repeats) = RepeatedInputs.distinct(given)
        // Sized from the input, so a log of a million tests does not rehash its indexes as they grow.
        let bytes = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        var collector = ResultCollector(
            knownTests: knownTests, projectRoot: projectRoot, retention: retention,
            expectedTests: bytes / Self.bytesPerTestAtLeast)
        var parsed = ParsedLog(
            tests: TestTable(), attachments: [], unrecognizedLineCount: 0, lineCount: 0, byteCount: 0, formats: [])
        parsed.problems = repeats
        let formats = files.count > 1 ? files.map(peekFormat) : []
        // The event stream names every Swift Testing test exactly, so the console's Swift Testing lines (and totals)
        // are not counted a second time.
        let hasEventStream = formats.contains { $0?.makeReader().isEventStream == true }
        // Documents (JUnit, xcresulttool JSON) after the logs, whatever the order given: their tests join the logs'.
        let documents = formats.indices.filter { formats[$0]?.isDocument == true }
        let readingOrder = files.indices.filter { !documents.contains($0) } + documents
        var joinedAny = false
        var refusedAlone: ParseError?
        var records: [(Int, InputRecord, String)] = []
        for position in readingOrder {
            let file = files[position]
            let unrecognizedBefore = collector.unrecognizedLineCount
            collector.startInput(file.lastPathComponent)
            let summary: FileSummary
            do {
                summary = try parse(file: file, into: &collector, skipsSwiftTestingConsole: hasEventStream)
            } catch .unfinishedDocument(let path, let element) where files.count > 1 {
                // The run's other inputs tell it: this one is left out, said.
                let unfinished = ParseError.unfinishedDocument(path: path, element: element)
                parsed.problems.append(unfinished.errorDescription ?? path)
                continue
            }
            parsed.lineCount += summary.lineCount
            parsed.byteCount += summary.byteCount
            parsed.device = parsed.device ?? summary.device
            parsed.problems += summary.problems
            var counts = summary.frameworkCounts
            if hasEventStream, !summary.format.makeReader().isEventStream {
                counts.removeAll { $0.framework == TestFramework.swiftTesting.rawValue }
            }
            // A document whose every test a log showed is a second account of that log's run: its totals, the whole
            // run's, stand for the logs' (a parallel log's processes print none).
            joinedAny = joinedAny || summary.joinedTests > 0
            if summary.joinedTests > 0, summary.joinedTests == summary.testCount {
                parsed.frameworkCounts.removeAll { count in counts.contains { $0.framework == count.framework } }
            }
            parsed.frameworkCounts += counts
            parsed.times.add(summary.times)
            parsed.incomplete = parsed.incomplete ?? summary.incomplete
            parsed.interruption = parsed.interruption ?? summary.interruption
            parsed.runFailures += summary.runFailures
            if summary.isDocumentWithoutTotals { parsed.documentsWithoutTotals.append(file.lastPathComponent) }
            refusedAlone = refusedAlone ?? summary.refusedAlone
            parsed.noteUncheckedTotals(of: summary, in: file.lastPathComponent)
            records.append(
                (
                    position,
                    InputRecord(
                        path: AttachmentSourcePolicy.systemRealPath(file.path) ?? file.path,
                        format: summary.format.name,
                        strippedPrefix: summary.strippedPrefix,
                        unrecognizedLines: collector.unrecognizedLineCount - unrecognizedBefore,
                        firstUnrecognizedLine: summary.firstUnrecognizedLine, bytes: summary.byteCount,
                        sha256: summary.sha256), summary.format.name
                ))
        }
        // Counts without tests (a bundle's summary) need an input that has the tests.
        if let refusedAlone, collector.tests.count == 0 { throw refusedAlone }
        for (_, record, format) in records.sorted(by: { $0.0 < $1.0 }) {
            parsed.inputs.append(record)
            parsed.formats.append(format)
        }
        // The console's crash of Swift Testing tests its event stream left unfinished (whichever came first), and a
        // document's account of tests a cut log left running, may leave none unfinished.
        let crashedInConsole = collector.crashSwiftTestingShownInConsole() > 0
        if crashedInConsole || joinedAny, !collector.tests.hasUnfinished { parsed.incomplete = nil }
        parsed.tests = collector.tests
        parsed.attachments = collector.attachments
        parsed.unrecognizedLineCount = collector.unrecognizedLineCount
        return parsed
    }

    func peekFormat(_ file: URL) -> (any InputFormat)? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: Self.sampleSize), !head.isEmpty else { return nil }
        return head.withUnsafeBytes { formats.detect($0.bindMemory(to: UInt8.self)) }
    }

    /// Parses one file into `collector`. A test still running at the end is `crashed` when the file shows the crash,
    /// `failed` when it recorded a failure, passed after xcodebuild's `** TEST SUCCEEDED **` with no XCTest failure
    /// counted, else `unfinished`.
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
            let joined = sink.collector.adopt(
                parsed.tests, unrecognized: parsed.unrecognized, countedBy: Set(parsed.counts.map(\.framework)))
            let lines = document.reduce(into: 0) { count, byte in if byte == 10 { count += 1 } }
            let cut = parsed.endsAtLine.map { _ in
                IncompleteInput(
                    source: file.lastPathComponent, lastLine: lines + (document.last == 10 ? 0 : 1),
                    lastLineText: Self.lastLineText(descriptor: descriptor, size: input.size),
                    unfinished: parsed.tests.count { $0.status == .unfinished })
            }
            // A JUnit file's own total time is the run's duration, and its first suite's timestamp the run's start.
            return FileSummary(
                format: format, lineCount: lines, byteCount: read.byteCount, sha256: read.sha256, device: parsed.device,
                frameworkCounts: parsed.counts,
                times: RecordedRunTimes(startedAt: parsed.startedAt, durationSeconds: parsed.durationSeconds),
                incomplete: cut, isDocumentWithoutTotals: parsed.counts.isEmpty, joinedTests: joined,
                testCount: parsed.tests.count, refusedAlone: parsed.refusedAlone)
        }
        sink.collector.finishListedFailures()
        // A console read beside its event stream shows Swift Testing's tests, counted from the stream.
        let hasTests = sink.collector.tests.count > testsBefore || interpreter.skippedSwiftTestingStarts > 0
        // Test lines hidden behind a prefix: what the rules that search inside a line made of it is no reading. A
        // compiler's errors are the exception: its diagnostics quote source lines that may hold test-like text.
        if let unread = interpreter.unreadPrefix, interpreter.firstFormattedLine == nil,
            hasTests || interpreter.failureBeforeTests?.kind != .build
        {
            throw .unreadPrefix(path: path, unread)
        }
        // A formatter's log keeps xcodebuild's banner and annotations, never the test lines: refused below.
        if !hasTests, let failure = interpreter.failureBeforeTests,
            ![.buildAnnotation, .testBanner].contains(failure.kind) || interpreter.firstFormattedLine == nil
        {
            throw .failedBeforeTests(path: path, failure: failure)
        }
        // A formatted log keeps `Test Suite` and `Executed N tests` lines but no test's own: never an empty pass.
        if !hasTests, let formatted = interpreter.firstFormattedLine {
            throw .formattedLog(path: path, line: formatted.number, text: formatted.text)
        }
        var counts = interpreter.totals.counts(from: file.lastPathComponent)
        // No result, but XCTest counted failures before the input ends: those failures stand.
        if !hasTests, counts.isEmpty, let cut = interpreter.totals.lastExecutedCount(from: file.lastPathComponent),
            cut.failures > 0
        {
            counts = [cut]
        }
        // A framework's closing totals alone (a grep'd excerpt) are test output: they may count failures. A run
        // xcodebuild stopped before any test (`** BUILD INTERRUPTED **`) is a run too: interrupted.
        guard let format = read.format, interpreter.sawTestActivity || !counts.isEmpty || interpreter.xcodebuildStopped
        else {
            throw .noTestOutput(path: path, said: interpreter.whyNoTests)
        }
        // An event stream without `runEnded`, or with its last record cut, ends early.
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
        if let listed = sink.collector.listedWithoutResult {
            let names = listed.names.isEmpty ? "" : " (by name, not shown: \(listed.names.joined(separator: ", ")))"
            problems.append(
                """
                \(path): xcodebuild's `Failing tests:` list names \(listed.listed) failing tests, the input shows \
                \(listed.shownFailing)\(names): the others' failures are not in this report. Give smokerun the whole log
                """)
        }
        if let unwritten = interpreter.eventStream.unwrittenAttachmentsMessage(source: path) {
            problems.append(unwritten)
        }
        if readsEventStream, let neverStarted = interpreter.eventStream.neverStartedMessage(source: path) {
            problems.append(neverStarted)
        }
        let atExit = crashes(sink.collector, from: crashesBefore, interpreter, path: path)
        if let printed = atExit.printed { problems.append(printed) }
        // The event stream's own instants; else the console's stamps and totals.
        let times =
            readsEventStream
            ? interpreter.eventStream.times : interpreter.totals.times(includingSwiftTesting: !skipsSwiftTestingConsole)
        // A console whose run shows no end of its own and no line saying why it ended early was cut.
        let saidWhy =
            interruption != nil || verdict != nil || interpreter.sawTestBanner
            || sink.collector.crashesOutsideTests.count > crashesBefore
        // A run started (`Test Suite 'All tests' started`, `… started on 'Clone 1 of …'`) and the input ends before
        // any result, totals or reason: it was cut. A parallel clone's suite has no totals, so even a success banner
        // after it (a log that saved xcodebuild's banner first) does not end it.
        let cutBeforeResults =
            !hasTests && !readsEventStream
            && (interpreter.totals.endsInsideARun || interpreter.sawParallelSuiteStart || (counts.isEmpty && !saidWhy))
        let readsConsole = if case .console = format.makeReader() { true } else { false }
        let ending = sink.collector.ending(ofTestsFrom: testsBefore)
        let cutAfterResults =
            hasTests && readsConsole
            && ending.isCut(
                endsInsideARun: interpreter.totals.endsInsideARun, counts: counts, saidWhy: saidWhy,
                reportedEveryParallelTest: interpreter.reportedEveryParallelTest,
                countsSwiftTesting: !skipsSwiftTestingConsole,
                interleaved: interpreter.totals.interleavedFrameworks)
        var incomplete = IncompleteInput(
            source: file.lastPathComponent, lastLine: read.splitter.lineCount,
            lastLineText: Self.lastLineText(descriptor: descriptor, size: input.size), unfinished: unfinished)
        // The last run ended in its own words: what is missing is the result of tests before, where others began.
        let interrupted = sink.collector.interruptedTests(from: testsBefore, before: read.splitter.lineCount)
        if unfinished == 0, interpreter.totals.closedARun, let interrupted {
            (incomplete.unfinished, incomplete.endedAtLine) = (interrupted.count, interrupted.line)
        }
        let cut =
            unfinished > 0 || endless > 0 || streamEndsEarly || cutBeforeResults || cutAfterResults
            || (interpreter.endsBeforeXcodebuildDid && !saidWhy && !ending.endedEarly)
        let streamWithoutTotals =
            readsEventStream && !counts.contains { $0.framework == TestFramework.swiftTesting.rawValue }
        return FileSummary(
            format: format, lineCount: read.splitter.lineCount, byteCount: read.byteCount, sha256: read.sha256,
            problems: problems,
            frameworkCounts: counts, strippedPrefix: interpreter.mostFrequentPrefix,
            firstUnrecognizedLine: sink.firstUnrecognizedLine, times: times,
            incomplete: cut || incomplete.endedAtLine != nil ? incomplete : nil,
            interruption: interruption,
            runFailures: (verdict.map { [$0] } ?? []) + atExit.crashes
                + sink.collector.suiteIssues.dropFirst(suiteIssuesBefore).map {
                    $0.runFailure(source: file.lastPathComponent)
                },
            isDocumentWithoutTotals: streamWithoutTotals,
            interleaved: interpreter.totals.interleavedFrameworks,
            partlyClosed: interpreter.totals.partlyClosedFrameworks
        )
    }
}
