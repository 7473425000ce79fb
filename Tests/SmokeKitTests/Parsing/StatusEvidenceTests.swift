import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// No alarm without evidence: every `failed`, `crashed` and `timedOut` status points at what proved it, and a test
/// the input leaves running without a word about how it ended is `unfinished`, never a failure — and never
/// `unfinished` when the input does say how it ended (`UnfinishedEvidence`, `HowATestEndedTests`).
@Suite struct StatusEvidenceTests {
    private typealias Support = ParsingTestSupport

    @Test func aLogThatStopsLeavesItsRunningTestUnfinishedAndTheRunIncomplete() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                Test Suite 'All tests' started at 2026-01-02 10:00:00.000
                Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
                Test Case 'CartTests.testA' passed (0.001 seconds)
                Test Case 'CartTests.testB' started at 2026-01-02 10:00:00.001
                loading fixtures…

                """.utf8), name: "cut.log")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.passed, .unfinished])
        #expect(parsed.results[1].failures.isEmpty)
        #expect(
            parsed.results[1].evidence
                == Evidence(what: "the input ends while the test runs", source: "cut.log", line: 5))
        let incomplete = try #require(parsed.incomplete)
        #expect(
            incomplete
                == IncompleteInput(source: "cut.log", lastLine: 5, lastLineText: "loading fixtures…", unfinished: 1))
        #expect(RunReport.status(of: parsed.results, errors: []) == .incomplete)
        #expect(!parsed.results.contains { $0.status.isFailure })
    }

    @Test func aLogThatShowsTheCrashBeforeItEndsIsACrashWithThatLine() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
                Swift/Array.swift:418: Fatal error: Index out of range
                *** Program crashed: Illegal instruction at 0x00007f4e3476df7f ***

                """.utf8), name: "crash.log")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.crashed])
        #expect(parsed.results[0].evidence == Evidence(what: "fatal error", source: "crash.log", line: 2))
        #expect(parsed.results[0].failures.first?.message == "Index out of range")
        #expect(parsed.incomplete == nil)
    }

    @Test func swiftPMsSignalLineIsCrashEvidence() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
                error: Exited with unexpected signal code 11

                """.utf8), name: "signal.log")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.crashed])
        #expect(parsed.results[0].evidence == Evidence(what: "crash report", source: "signal.log", line: 2))
    }

    @Test func aTestWhoseResultLineIsMissingBeforeTheNextStartsIsUnfinishedNotCrashed() {
        let collector = Support.collect(
            """
            Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.testB' started at 2026-01-02 10:00:01.000
            Test Case 'CartTests.testB' passed (0.001 seconds)
            """)
        #expect(collector.results.map(\.status) == [.unfinished, .passed])
        #expect(collector.results[0].evidence?.what == "no result line before the next test started")
    }

    @Test func aFailureNamesTheLineThatSaidSo() throws {
        let file = try Support.temporaryFile(
            Data(
                """
                Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
                /src/Tests/CartTests.swift:12: error: CartTests.testA : XCTAssertEqual failed: ("1") is not equal to ("2")
                Test Case 'CartTests.testA' failed (0.002 seconds)
                Test Case 'CartTests.testB' started at 2026-01-02 10:00:00.010
                Test Case 'CartTests.testB' failed (0.002 seconds)
                Executed 2 tests, with 1 failure (0 unexpected) in 0.004 (0.004) seconds

                """.utf8), name: "fail.log")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.failed, .failed])
        #expect(parsed.results[0].evidence == Evidence(what: "issue recorded", source: "fail.log", line: 2))
        #expect(parsed.results[1].evidence == Evidence(what: "`failed` result line", source: "fail.log", line: 5))
    }

    /// Every corpus input, read as `parse` reads it (logs, xcresulttool documents, JUnit files): no failing status (nor
    /// failing attempt) without evidence.
    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus is not beside the package"))
    func everyFailingStatusInTheCorpusHasEvidence() throws {
        try CorpusLocation.require()
        var failing = 0
        for path in CorpusRatchetTests.logFiles + Self.documents + JUnitDocumentParserTests.corpusFiles {
            guard let parsed = try? LogParser().parse(files: [CorpusLocation.file(path)]) else { continue }
            // Nor an `unfinished` test whose input says how it ended.
            for violation in UnfinishedEvidence.violations(
                in: parsed, lines: UnfinishedEvidence.lines(of: CorpusLocation.file(path)), source: path)
            {
                Issue.record("\(violation)")
            }
            for test in parsed.results {
                if test.status.isFailure || test.status == .unfinished {
                    failing += 1
                    #expect(test.evidence != nil, "\(path): \(test.id) is \(test.status.rawValue) without evidence")
                }
                for attempt in test.attempts where attempt.status.isFailure {
                    #expect(attempt.evidence != nil, "\(path): an attempt of \(test.id) fails without evidence")
                }
            }
        }
        #expect(failing > 20, "only \(failing) failing tests in the corpus; is it complete?")
    }

    /// The xcresulttool documents `parse` reads as JSON.
    static let documents = [
        "xcresult/fastlane__trainer__Xcode16-Mixed-XCTest-SwiftTesting.json",
        "xcresult/marathon__xcresulttool_testplanrunsummary_1.json",
    ]

    /// A log cut anywhere can only lose results to `unfinished`: never a new failure, and the run is incomplete.
    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus is not beside the package"))
    func aCorpusLogCutAnywhereOnlyLosesResultsToUnfinished() throws {
        try CorpusLocation.require()
        var generator = SplitMix64(seed: 0x5EED_CAFE)
        var cuts = 0
        for path in CorpusRatchetTests.logFiles {
            let bytes = try Data(contentsOf: CorpusLocation.file(path))
            guard bytes.count > 200, let whole = try? LogParser().parse(files: [CorpusLocation.file(path)]) else {
                continue
            }
            let statuses = Dictionary(whole.results.map { ($0.id, $0.status) }, uniquingKeysWith: { $1 })
            for _ in 0..<8 {
                let at = Int(generator.next() % UInt64(bytes.count - 100)) + 50
                let cut = try Support.temporaryFile(bytes.prefix(at), name: "cut.log")
                guard let parsed = try? LogParser().parse(files: [cut]) else { continue }
                cuts += 1
                for test in parsed.results {
                    let before = statuses[test.id]
                    if test.status.isFailure {
                        #expect(
                            before == test.status,
                            "\(path) cut at byte \(at): \(test.id) is \(test.status.rawValue), whole: \(String(describing: before))"
                        )
                    }
                }
                for test in parsed.results where test.status == .unfinished && statuses[test.id] != .unfinished {
                    #expect(parsed.incomplete != nil, "\(path) cut at byte \(at): \(test.id) unfinished, input whole")
                }
            }
        }
        #expect(cuts > 100)
    }
}
