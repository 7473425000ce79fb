import Foundation
import SmokeCore

/// Runs one test process for a batch: parses its console (and Swift Testing's event stream) as it arrives, stops
/// the process group when a test exceeds its time, and says which tests never got to run.
struct BatchRunner {
    var binary: URL
    var packageRoot: URL
    var environment: [String: String]
    var limits: RunLimits
    var console: ConsoleLog
    /// Told each test's id as its start line arrives (the live line).
    var onTestStarted: (String) -> Void = { _ in }
    var onTestFinished: (TestResult) -> Void = { _ in }
    var eventStreamVersion = "0"
    var processes: any ProcessRunning = ChildProcessRunner()

    init(binary: URL, packageRoot: URL, environment: [String: String], limits: RunLimits, console: ConsoleLog) {
        self.binary = binary
        self.packageRoot = packageRoot
        self.environment = environment
        self.limits = limits
        self.console = console
    }

    /// Runs `batch` in one test process; a `retry` runs tests that ran before, and console.log says so.
    func run(_ batch: TestBatch, eventStream: URL?, retry: Bool = false) throws -> BatchOutcome {
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: environment, eventStream: eventStream,
            eventStreamVersion: eventStreamVersion)
        if let eventStream { _ = FileManager.default.createFile(atPath: eventStream.path, contents: nil) }
        // Swift Testing refuses an attachments folder that does not exist yet.
        if let folder = launch.attachmentsFolder {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let ids = batch.tests.map(\.id).joined(separator: " ")
        console.note("\(retry ? "retrying " : "")\(batch.framework.rawValue): \(ids)")
        var process = ProcessLaunch(
            executable: launch.executable, arguments: launch.arguments, environment: launch.environment,
            currentDirectory: packageRoot)
        // SIGTERM first: a stopped test process still flushes its output and its coverage profile.
        process.graceSeconds = limits.graceSeconds
        process.log = console
        process.groups = limits.processGroups
        // What the tests leave running is ended with the process and named in the report.
        process.endsStrays = true

        var collector = ResultCollector(knownTests: batch.tests.map(\.id), projectRoot: packageRoot.path)
        // Evidence names console.log's own lines; a worker's section, whose place is known only at its end, its own.
        let consoleSource = console.isSection ? "output of \(binary.lastPathComponent)" : RunDirectory.consoleLogName
        let streamSource = eventStream.map { RunDirectory.shownName(ofEventStream: $0) }
        // The same interpreter `parse` uses, lines numbered within this process's output.
        var interpreter = LineInterpreter(timeZone: .current)
        interpreter.reader = .console
        var consoleLines = LineSplitter()
        let firstLineOffset = console.lineCount
        var events = EventStreamTail(url: eventStream)
        var runningTest: String?
        var runningSince: Date?
        var stopReason: StopReason?
        var stoppedIndex: Int? // the test running when the stop was asked
        // Kept until a test starts: what a process that never started one said explains it.
        var tail = OutputTail()
        var anyTestStarted = false
        /// When each test started, to tell which one started a process left running.
        var startedTests: [(id: String, startedAt: Date)] = []
        let framework = batch.framework
        let report = onTestFinished
        let reportStarted = onTestStarted

        func apply(_ event: TestEvent) {
            let before = collector.tests.count
            collector.apply(event)
            if case .testFinished = event, let last = collector.lastResult, collector.tests.count >= before {
                report(last)
            }
            if collector.runningTestID != runningTest {
                runningTest = collector.runningTestID
                if runningTest != nil { anyTestStarted = true }
                runningSince = runningTest == nil ? nil : limits.now()
                if let runningTest, let runningSince {
                    startedTests.append((runningTest, runningSince))
                    reportStarted(runningTest)
                }
            }
        }
        func applyRecord(_ event: TestEvent, line: Int) {
            collector.source = streamSource
            collector.line = line
            apply(event)
        }
        // A line's events are applied once the line is read, so one that turns out to be output can be given the line.
        var lineEvents: [(event: TestEvent, line: Int)] = []
        var sink = EventSink { event, line in lineEvents.append((event, line)) }
        func applyLineEvents(_ text: LineBytes?) {
            for (event, line) in lineEvents {
                collector.source = consoleSource
                collector.line = (console.isSection ? 0 : firstLineOffset) + line
                if framework == .xctest, collector.runningTestID != nil, let text, let ref = event.namedTest,
                    !collector.namesRunningTest(ref)
                {
                    // XCTest runs one test at a time in its process: another test's line while one runs is that test's
                    // output (a log formatter's fixture, a death test re-running the binary), never a test of its own.
                    apply(.output(text.string(from: 0)))
                } else {
                    consume(consoleEvent: event)
                }
            }
            lineEvents.removeAll(keepingCapacity: true)
        }
        // The Swift Testing tests the console showed running before the line now read: what a test prints reaches the
        // console in order with them (a line may end with its test's result glued on), while the event stream is
        // written apart and may have ended that test already.
        var runningBeforeLine: [String] = []
        func consume(consoleLine line: LineBytes) {
            if !anyTestStarted { tail.append(line.string(from: 0)) }
            runningBeforeLine = interpreter.swiftTestingRunning
            interpreter.handle(line, into: &sink)
            applyLineEvents(line)
        }
        // The console's Swift Testing events, kept in case the event stream stays empty.
        var consoleRecord = ConsoleRecord()
        func consume(consoleEvent event: TestEvent) {
            // With an event stream, the console only adds what the stream cannot say: crashes and output.
            if framework == .swiftTesting {
                if case .output(let text) = event, events.readAny, runningBeforeLine.count == 1,
                    collector.appendOutput(text, toTestNamed: runningBeforeLine[0])
                {
                    return
                }
                switch event {
                case .fatalError, .programCrashed, .backtraceFrame, .output: apply(event)
                default:
                    // Only while the stream is silent: once a record arrived, it is the record.
                    if events.readAny {
                        consoleRecord.release()
                    } else {
                        consoleRecord.keep(event, line: collector.line)
                    }
                }
            } else {
                apply(event)
            }
        }

        let exit = try processes.run(
            process,
            onOutput: { bytes in
                // Event stream first, so a crash message lands on the test that was running.
                events.read(applyRecord)
                consoleLines.push(bytes) { consume(consoleLine: $0) }
            },
            onTick: {
                events.read(applyRecord)
                guard let reason = limits.stopReason(testStartedAt: runningSince) else { return .keepRunning }
                (stopReason, stoppedIndex) = (reason, collector.runningIndex)
                return .stop
            })
        let termination = exit.termination
        consoleLines.finish { consume(consoleLine: $0) }
        interpreter.finish(into: &sink)
        applyLineEvents(nil)
        events.read(applyRecord)
        events.finish(applyRecord)
        for _ in 0..<events.unreadableLines { collector.countUnrecognizedLine() }
        let streamStayedEmpty = eventStream != nil && !events.readAny && consoleRecord.holdsTests
        if streamStayedEmpty {
            // Nothing reached the stream (a full disk, a folder it could not write): the console's lines are the record.
            collector.source = consoleSource
            consoleRecord.replay { event, line in
                collector.line = line
                apply(event)
            }
        }
        if let eventStream, launch.attachmentsFolder != nil {
            Self.removeIfNoFile(RunDirectory.processAttachments(of: eventStream))
        }

        let endedDuringTest = collector.runningTestID != nil
        // XCTest and Swift Testing exit 0 when nothing failed: a process that did so while a test ran, printing no
        // crash, proves no crash, and reported no result for it (its output redirected, `exit(0)` in a test).
        let quietExit = endedDuringTest && stopReason == nil && termination == .exited(0) && collector.crashProof == nil
        var crashingEarlierTest: String?
        if let runningID = collector.runningTestID, let stopReason {
            // Said in console.log too, so that a parse of it reads how the test ended.
            console.note(stopReason.consoleNote(testID: runningID, testSeconds: limits.testSeconds))
        }
        if let stopReason, let stoppedIndex, stoppedIndex != collector.runningIndex {
            // It ended with a result of its own once stopped (a server test that shuts down on SIGTERM, and passes).
            let ending = stopReason.ending(testSeconds: limits.testSeconds)
            let id = collector.restateStopped(
                at: stoppedIndex, as: ending.status, failure: ending.failure, evidence: ending.evidence)
            if let id { console.note(stopReason.consoleNote(testID: id, testSeconds: limits.testSeconds)) }
        }
        if endedDuringTest {
            // A stopped test ran until it was killed: that is its duration (shard balancing weighs it).
            let ran = runningSince.map { max(0, limits.now().timeIntervalSince($0)) }
            switch stopReason {
            case let stopReason?:
                let ending = stopReason.ending(testSeconds: limits.testSeconds)
                collector.finishRunningTest(
                    as: ending.status, failure: ending.failure, evidence: ending.evidence, durationSeconds: ran)
            case nil where quietExit:
                let what = ResultCollector.endedWhileRunning(termination) + ", reporting no result and no crash"
                collector.finishRunningTest(as: .unfinished, failure: nil, evidence: Evidence(what: what))
            case nil:
                // The process ended while the test ran: that proves the crash whatever the status.
                let printed = collector.crashProof.map { " after its \($0.description)" } ?? ""
                crashingEarlierTest = collector.crashingEarlierTest()
                let culprit = crashingEarlierTest.map { "; the crashed thread ran code of \($0), which ran before it" }
                let what = ResultCollector.endedWhileRunning(termination) + printed + (culprit ?? "")
                collector.finishRunningTest(as: .crashed, failure: nil, evidence: Evidence(what: what))
            }
            if let last = collector.lastResult { report(last) }
        }
        let started = Set(collector.startedTestIDs.map(TestCase.key))
        // A suite whose scoping trait or init threw ran none of its tests: each fails with the suite's issue.
        var notStarted = batch.tests.filter { !started.contains($0.key) }
        // A process that ended during a test leaves the overloads of its tests that had not run to run again.
        for test in batch.tests where endedDuringTest && started.contains(test.key) {
            notStarted += test.overloadIDs.filter { !collector.streamNamed($0) }.map {
                TestCase(id: test.id, framework: test.framework, exactID: $0)
            }
        }
        let (failedBySuite, issuesLeft) = UnstartedBatch.failBySuite(&notStarted, issues: collector.suiteIssues)
        failedBySuite.forEach(report)
        let issuesOutsideTests = issuesLeft.map { $0.runFailure(source: RunDirectory.consoleLogName) }
        var problems = [
            consoleLines.truncationMessage(source: "output of \(binary.lastPathComponent)"), events.truncationMessage(),
        ]
        .compactMap { $0 }.map { InfrastructureError(message: $0) }
        if streamStayedEmpty { problems.append(ConsoleRecord.note(eventStream)) }
        if quietExit, let test = collector.lastResult { problems.append(Self.quietExit(binary, during: test.id)) }
        var results = collector.results
        var cannotRun: InfrastructureError?
        if launch.runsWholeClasses {
            // Its classes' other tests ran too: they belong to other batches, or were not selected; and its totals count
            // them, so they count none of this batch's tests.
            let asked = Set(batch.tests.map(\.key))
            results.removeAll { !asked.contains($0.key) }
            for index in results.indices { results[index].ranWhereNoTotalsCount = true }
            // Running them again runs the same classes again: past the same crash, or to the same unread names. Said once,
            // never turned into a crash of tests that did not run.
            if stopReason == nil, !notStarted.isEmpty, !collector.results.isEmpty {
                let why =
                    endedDuringTest || termination != .exited(0) && termination != .exited(1)
                    ? "their classes' run ended in \(startedTests.last?.id ?? "a test") (\(termination.ended)) before they ran"
                    : "their classes ran to their end without a result under these names (a name holding a `/`?)"
                cannotRun = InfrastructureError(
                    message: """
                        \(ReportText.count(notStarted.count, "test")) have no result: XCTest runs a test named with a comma \
                        only with its whole class, and \(why)
                        """,
                    details: notStarted.prefix(50).map(\.id))
                notStarted = []
            }
        }
        var outcome = BatchOutcome(
            results: results + failedBySuite, attachments: collector.attachments, notStarted: notStarted,
            termination: termination, stopReason: stopReason == .testTimedOut ? nil : stopReason,
            unrecognizedLines: collector.unrecognizedLineCount,
            errors: problems + Self.strayNote(exit.strays, tests: startedTests))
        outcome.command = [launch.executable] + launch.arguments
        outcome.cannotRun = cannotRun
        outcome.outputTail = tail.lines
        outcome.printedCrash = collector.printedCrash
        outcome.eventStreamIDs = collector.eventStreamIDs
        outcome.issuesOutsideTests = issuesOutsideTests
        if crashingEarlierTest != nil, let crashed = collector.lastResult?.id {
            outcome.crashedByEarlierTest = [crashed]
        }
        if !endedDuringTest,
            let error = Self.endedBadlyBetweenTests(outcome, stopped: stopReason != nil && stoppedIndex == nil)
        {
            outcome.errors.append(error)
        }
        if !launch.runsWholeClasses { outcome.consoleTotals.add(interpreter.totals, afterLine: firstLineOffset) }
        return outcome
    }

    /// Removes `folder` when it holds folders only (a process that attached nothing).
    private static func removeIfNoFile(_ folder: URL) {
        let key = URLResourceKey.isDirectoryKey
        let entries = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [key])
        let isFolder = { (entry: Any) in
            ((entry as? URL).flatMap { try? $0.resourceValues(forKeys: [key]) })?.isDirectory
        }
        guard let entries, entries.allSatisfy({ isFolder($0) == true }) else { return }
        try? FileManager.default.removeItem(at: folder)
    }
}

private struct EventSink: LineEventSink {
    var take: (TestEvent, Int) -> Void

    mutating func take(_ event: TestEvent, line: Int) { take(event, line) }

    mutating func countUnrecognizedLine(_ line: Int) {}
}
