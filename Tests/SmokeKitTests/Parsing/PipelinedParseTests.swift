import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A big log is read and interpreted on one thread while its events are applied on another (`EventPipe`,
/// `EventBatch`) and its bytes hashed as they are read (`ChunkDigest`): the result must be exactly what reading it on one
/// thread gives — for every real log of the corpus and a generated log of many batches — and an error on the reading
/// thread must reach the caller.
@Suite struct PipelinedParseTests {
    private static func parse(
        _ file: URL, pipelined: Bool, retention: ResultCollector.Retention = .statusesOnly
    ) -> Result<ParsedLog, any Error> {
        var parser = LogParser(retention: retention)
        parser.pipelinesFrom = pipelined ? 0 : .max
        return Result { try parser.parse(files: [file]) }
    }

    /// The same with what a summary keeps and with everything the reports show.
    private static func expectSame(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        for retention in [ResultCollector.Retention.statusesOnly, .full] {
            expectSame(file, retention: retention, sourceLocation: sourceLocation)
        }
    }

    private static func expectSame(
        _ file: URL, retention: ResultCollector.Retention, sourceLocation: SourceLocation
    ) {
        let name = "\(file.lastPathComponent) (\(retention))"
        switch (parse(file, pipelined: false, retention: retention), parse(file, pipelined: true, retention: retention))
        {
        case (.success(let alone), .success(let piped)):
            #expect(piped.results == alone.results, "\(name)", sourceLocation: sourceLocation)
            #expect(piped.attachments == alone.attachments, "\(name)", sourceLocation: sourceLocation)
            #expect(
                piped.unrecognizedLineCount == alone.unrecognizedLineCount, "\(name)", sourceLocation: sourceLocation)
            #expect(
                piped.lineCount == alone.lineCount && piped.byteCount == alone.byteCount, "\(name)",
                sourceLocation: sourceLocation)
            #expect(piped.problems == alone.problems, "\(name)", sourceLocation: sourceLocation)
            #expect(piped.frameworkCounts == alone.frameworkCounts, "\(name)", sourceLocation: sourceLocation)
            #expect(piped.inputs == alone.inputs, "\(name)", sourceLocation: sourceLocation)
            // Hashed on a thread of its own when pipelined, on the reading thread alone; not at all for a summary.
            let hash = try? SHA256.hex(Data(contentsOf: file))
            let expected = if case .full = retention { hash } else { String?.none }
            #expect(piped.inputs.map(\.sha256) == [expected], "\(name)", sourceLocation: sourceLocation)
            #expect(piped.times == alone.times, "\(name)", sourceLocation: sourceLocation)
        case (.failure(let alone), .failure(let piped)):
            #expect(piped.localizedDescription == alone.localizedDescription, "\(name)", sourceLocation: sourceLocation)
        case (let alone, let piped):
            Issue.record("\(name): alone \(alone), pipelined \(piped)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
    func everyCorpusLogParsesTheSameOnTwoThreads() throws {
        try CorpusLocation.require()
        var checked = 0
        for folder in ["xcodebuild", "linux-xctest", "swift-testing", "misc"] {
            let root = CorpusLocation.file(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walker where !file.hasDirectoryPath && file.pathExtension != "md" {
                Self.expectSame(file)
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// Many batches of events, with failures, output, skips, repeated runs, a test that crashed without an end and
    /// lines nothing reads.
    @Test(arguments: ["xcodebuild", "linux"])
    func aLogOfManyBatchesParsesTheSameOnTwoThreads(form: String) throws {
        var log = "Test Suite 'All tests' started at 2026-11-22 04:00:00.000\n"
        for index in 0..<12_000 {
            let test =
                form == "xcodebuild"
                ? "-[App.Suite\(index / 40)Tests test\(index % 9_000)]" : "Suite\(index / 40)Tests.test\(index)"
            log += "Test Case '\(test)' started\(form == "xcodebuild" ? "." : " at 2026-11-22 04:00:00.000")\n"
            if index % 13 == 0 { log += "some output of test \(index)\n" }
            if index % 17 == 0 {
                log += "/src/Tests/S.swift:\(index): error: \(test) : XCTAssertTrue failed - no \(index)\n"
                log += "Test Case '\(test)' failed (0.0\(index % 10)1 seconds).\n"
            } else if index % 29 == 0 {
                log += "/src/Tests/S.swift:9: \(test) : Test skipped - not today\n"
                log += "Test Case '\(test)' skipped (0.001 seconds).\n"
            } else if index != 11_999 {
                log += "Test Case '\(test)' passed (0.\(index % 900 + 100) seconds).\n"
            }
            if index % 500 == 0 { log += "a line nothing reads \(index)\n" }
        }
        let file = try ParsingTestSupport.temporaryFile(Data(log.utf8))
        let alone = try #require(try? Self.parse(file, pipelined: false).get())
        #expect(alone.results.count == 12_000)
        // The log ends while its last test runs, and nothing says it crashed.
        #expect(alone.results.last?.status == .unfinished)
        Self.expectSame(file)
    }

    /// Full results (what `--output` reports) come out the same on two threads: output, failures, text.
    @Test func fullResultsAreTheSameOnTwoThreads() throws {
        var log = ""
        for index in 0..<2_000 {
            log += "Test Case '-[App.S\(index / 20)Tests t\(index)]' started.\nsome output \(index)\n"
            log += "Test Case '-[App.S\(index / 20)Tests t\(index)]' passed (0.001 seconds).\n"
        }
        let file = try ParsingTestSupport.temporaryFile(Data(log.utf8))
        // What `--output` parses with reads a big log on two threads.
        #expect(LogParser(retention: .full).readsOnTwoThreads(size: 64 << 20))
        let alone = try Self.parse(file, pipelined: false, retention: .full).get()
        let asked = try Self.parse(file, pipelined: true, retention: .full).get()
        #expect(asked.results == alone.results && alone.results.first?.output == ["some output 0"])
    }

    @Test func anErrorOnTheReadingThreadReachesTheCaller() throws {
        let file = try ParsingTestSupport.temporaryFile(
            Data([0x00, 0x01, 0xFF, 0x00] + Array(repeating: 0, count: 4096)))
        guard case .failure(let piped) = Self.parse(file, pipelined: true),
            case .failure(let alone) = Self.parse(file, pipelined: false)
        else {
            Issue.record("a binary file parsed")
            return
        }
        #expect(piped.localizedDescription == alone.localizedDescription)
        #expect(piped.localizedDescription.contains("binary"))
    }

    /// A batch gives back every event as it came: refs of every shape, durations known and not, statuses it keeps as
    /// bytes and ones it keeps whole, a ref repeated (also across events that cross whole) and refs that differ from
    /// the one before in one part only, event-stream refs, other events and unreadable lines, in order, twice over
    /// (a batch is used again once replayed, and its first ref is the last one of the round before).
    @Test func aBatchReplaysItsEventsInOrder() {
        var streamRef = TestRef(framework: .swiftTesting, module: "M", suite: "S", name: "f()")
        streamRef.eventStreamID = "M.S/f()/S.swift:3:4"
        var repeated = TestRef(framework: .xctest, module: "App", suite: "Cart", name: "testTotal")
        repeated.isRepetition = true
        let events: [(TestEvent?, Int)] = [
            (.testStarted(TestRef(framework: .xctest, module: "App", suite: "Cart", name: "testTotal")), 1),
            // The same ref again (crosses as one byte), then refs that differ from the one before only in their
            // module, their repetition mark or their framework.
            (
                .testFinished(
                    TestRef(framework: .xctest, module: "App", suite: "Cart", name: "testTotal"), .passed,
                    durationSeconds: 0.05), 1
            ),
            (
                .testFinished(
                    TestRef(framework: .xctest, suite: "Cart", name: "testTotal"), .passed, durationSeconds: 0.051), 2
            ),
            (.testStarted(TestRef(framework: .xctest, module: "App", suite: "Cart", name: "testTotal")), 3),
            (.testStarted(repeated), 3),
            (
                .testFinished(
                    TestRef(framework: .swiftTesting, module: "App", suite: "Cart", name: "testTotal"), .passed,
                    durationSeconds: nil), 3
            ),
            (
                .testFinished(TestRef(framework: .swiftTesting, suite: "", name: "f()"), .failed, durationSeconds: nil),
                4
            ),
            (.testFinished(TestRef(framework: .xctest, suite: "S", name: "t"), .crashed, durationSeconds: 1), 5),
            (.testStarted(streamRef), 6),
            (nil, 7),
            (.output("printed"), 8),
            (
                .testFinished(
                    TestRef(framework: .xctest, module: "Ü", suite: "Ä", name: "ö"), .skipped, durationSeconds: 0), 9
            ),
            // The same ref again after events that cross whole (output, an event-stream ref, an unreadable line).
            (.output("between"), 10),
            (.testStarted(streamRef), 11),
            (nil, 12),
            (
                .testFinished(
                    TestRef(framework: .xctest, module: "Ü", suite: "Ä", name: "ö"), .passed, durationSeconds: 0.2), 13
            ),
            // The first ref of the list: the second round starts with it, and must not take it for "the same again".
            (
                .testFinished(
                    TestRef(framework: .xctest, module: "App", suite: "Cart", name: "testTotal"), .passed,
                    durationSeconds: 0.3), 14
            ),
        ]
        var batch = EventBatch(capacity: 16)
        for _ in 0..<2 {
            for (event, line) in events {
                if let event { batch.take(event, line: line) } else { batch.countUnrecognizedLine(line) }
            }
            #expect(batch.isFull)
            var recorder = Recorder()
            batch.replay(into: &recorder)
            #expect(recorder.seen.count == events.count)
            for ((event, line), seen) in zip(events, recorder.seen) {
                #expect(seen.line == line)
                #expect(Self.same(seen.event, event), "line \(line)")
            }
            #expect(batch.isEmpty)
        }
    }

    /// Refs member by member (`TestRef ==`), the rest as they print.
    private static func same(_ left: TestEvent?, _ right: TestEvent?) -> Bool {
        switch (left, right) {
        case (.testStarted(let a), .testStarted(let b)): a == b
        case (.testFinished(let a, let statusA, let durationA), .testFinished(let b, let statusB, let durationB)):
            a == b && statusA == statusB && durationA == durationB
        default: String(describing: left) == String(describing: right)
        }
    }

    /// Long output lines fill a batch by their size, not only by their count.
    @Test func longTextFillsABatch() {
        var batch = EventBatch(capacity: 64 * 1024)
        batch.take(.output(String(repeating: "x", count: 40_000)), line: 1)
        #expect(!batch.isFull)
        batch.take(.output(String(repeating: "y", count: 40_000)), line: 2)
        #expect(batch.isFull)
        var recorder = Recorder()
        batch.replay(into: &recorder)
        #expect(recorder.seen.count == 2 && !batch.isFull && batch.isEmpty)
    }

    private struct Recorder: LineEventSink {
        var seen: [(event: TestEvent?, line: Int)] = []
        mutating func take(_ event: TestEvent, line: Int) { seen.append((event, line)) }
        mutating func countUnrecognizedLine(_ line: Int) { seen.append((nil, line)) }
    }
}
