import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// SwiftPM 6.3's line that a test process died, `error: Process 'COMMAND' exited with unexpected signal code N`: on
/// Linux before the process's output, on macOS after it; a crash at exit (after the totals) shows nothing else.
@Suite struct SwiftPMProcessLineTests {
    private typealias Support = ParsingTestSupport

    private func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [try Support.temporaryFile(Data(text.utf8), name: "test.log")])
    }

    static let processLines = [
        "error: Process '/src/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest' exited with unexpected signal code 11",
        "error: Process '/Applications/Xcode.app/Contents/Developer/usr/bin/xctest /Users/dev/App/.build/arm64-apple-macosx/debug/AppPackageTests.xctest' exited with unexpected signal code 11",
        "error: Process '/src/.build/debug/AppPackageTests.xctest --testing-library swift-testing' exited with unexpected signal code 13",
    ]

    @Test(arguments: processLines)
    func aProcessThatDiedAfterItsTotalsFailsTheRun(_ processLine: String) throws {
        let parsed = try parse(
            ReconciliationCrashTests.onePassingTest + ReconciliationCrashTests.closingTotals + processLine + "\n")
        #expect(parsed.results.map(\.status) == [.passed])
        let failure = try #require(parsed.reconciliation?.runFailures?.first)
        #expect(failure.kind == .crashAtExit)
        #expect(failure.line == 6)
    }

    @Test(arguments: processLines)
    func theLineAfterARunningTestIsItsCrash(_ processLine: String) throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            \(processLine)

            """)
        #expect(parsed.results.map(\.status) == [.crashed])
        #expect(parsed.results[0].evidence?.line == 3)
        #expect(parsed.incomplete == nil)
    }

    /// Linux prints the line first: the crash the output then shows is the same one, not a second outside the tests.
    @Test func theLineBeforeTheOutputIsClaimedByTheCrashItShows() throws {
        for crash in ["CartTests.swift:5: Fatal error: deliberate", ""] {
            let parsed = try parse(
                """
                \(Self.processLines[0])
                Test Suite 'All tests' started at 2026-01-02 10:00:00.000
                Test Case 'CartTests.testTotal' started at 2026-01-02 10:00:00.000
                Test Case 'CartTests.testTotal' passed (0.001 seconds)
                Test Case 'CartTests.testTax' started at 2026-01-02 10:00:00.001
                \(crash)

                """)
            #expect(parsed.results.map(\.status) == [.passed, .crashed], "\(crash)")
            #expect(parsed.reconciliation?.runFailures == nil, "\(crash)")
            #expect(parsed.incomplete == nil)
            // Without a crash line of its own, SwiftPM's line is the evidence.
            #expect(parsed.results[1].evidence?.line == (crash.isEmpty ? 1 : 6))
        }
    }

    /// A serial `swift test --filter` run's one process is named with every test it was asked to run, joined by
    /// commas (Linux): no one test, so never a test of that comma-joined name.
    @Test func aCommaJoinedFilterNamesNoTest() {
        let line = """
            error: Process '/src/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest \
            AppTests.Crash/testA,AppTests.Crash/testB' exited with unexpected signal code 4
            """
        #expect(Support.consoleEvent(line)?.namedTest == nil)
        let event = Support.consoleEvent(line)
        if case .runnerDied = event {} else { Issue.record("not the runner's death: \(String(describing: event))") }
    }

    @Test func macOSsParallelCommandNamesItsTestBeforeTheBundle() {
        let line = """
            error: Process '/Applications/Xcode.app/Contents/Developer/usr/bin/xctest -XCTest AppTests.MathTests/testCrash \
            /Users/dev/App/.build/arm64-apple-macosx/debug/AppPackageTests.xctest' exited with unexpected signal code 4
            """
        let ref = Support.consoleEvent(line)?.namedTest
        #expect(
            ref.map { $0.withIDBytes { id, _ in String(decoding: id, as: UTF8.self) } }
                == "AppTests.MathTests/testCrash")
    }
}

/// SwiftPM's line where a terminal or an unfinished line put it: glued to the end of a line the process left without
/// its line end, or after a carriage return and colour codes (a run under a terminal, `docker run -t`).
@Suite struct SwiftPMProcessLinePlacementTests {
    @Test(arguments: [
        "[org.example:shutdown] debug 2026-09-19 18:05:35.1380error: Exited with unexpected signal code 11",
        "partial outputerror: Process '/src/.build/debug/AppPackageTests.xctest' exited with unexpected signal code 11",
        "\u{1B}[2K\r\u{1B}[31m\u{1B}[1merror: \u{1B}[0mExited with unexpected signal code 11",
        "\u{1B}[2K\r\u{1B}[31m\u{1B}[1merror: \u{1B}[0mProcess '/src/.build/debug/AppPackageTests.xctest' exited with unexpected signal code 11",
    ])
    func aCrashAfterTheTotalsFailsTheRunWhereverTheLineWasPut(_ processLine: String) throws {
        let file = try ParsingTestSupport.temporaryFile(
            Data(
                (ReconciliationCrashTests.onePassingTest + ReconciliationCrashTests.closingTotals + processLine + "\n")
                    .utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.reconciliation?.runFailures?.first?.kind == .crashAtExit)
    }

    @Test func aGluedLineEndsTheRunningTest() throws {
        let file = try ParsingTestSupport.temporaryFile(
            Data(
                """
                Test Suite 'All tests' started at 2026-01-02 10:00:00.000
                Test Case '-[AppTests.CartTests testTotal]' started.
                partial outputerror: Exited with unexpected signal code 11

                """.utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.crashed])
    }
}
