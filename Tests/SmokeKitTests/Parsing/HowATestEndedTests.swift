import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// No `unfinished` where the input proves how a test ended: a crash banner and xcodebuild's relaunch, a trap and the
/// runner's exit code, the execution time allowance, a stop marker — each line ends the running test, and is its
/// evidence. A log cut before any result never passes.
@Suite struct HowATestEndedTests {
    private typealias Support = ParsingTestSupport

    private func parse(_ text: String, name: String) throws -> (ParsedLog, [String]) {
        let file = try Support.temporaryFile(Data(text.utf8), name: name)
        let parsed = try LogParser().parse(files: [file])
        return (
            parsed, UnfinishedEvidence.violations(in: parsed, lines: UnfinishedEvidence.lines(of: file), source: name)
        )
    }

    @Test func aSwiftTestingCrashUnderXcodebuildIsACrashAndTheRelaunchFinishes() throws {
        let (parsed, violations) = try parse(
            """
            ◇ Test run started.
            ◇ Test addsItem() started.
            ✔ Test addsItem() passed after 0.001 seconds.
            ◇ Test removesItem() started.
            💣 Program crashed: Signal 6: Backtracing from 0x000000018c2d7720... done
            Restarting after unexpected exit, crash, or test timeout in CartTests/removesItem(); summary will include \
            totals from previous launches.
            ◇ Test run started.
            ◇ Test totals() started.
            ✔ Test totals() passed after 0.001 seconds.
            ✔ Test run with 1 test passed after 0.002 seconds.

            """, name: "relaunch.log")
        #expect(parsed.results.map(\.status) == [.passed, .crashed, .passed])
        #expect(parsed.results[1].evidence == Evidence(what: "crash report", source: "relaunch.log", line: 5))
        #expect(parsed.results[1].failures.first?.message == "Signal 6")
        #expect(parsed.incomplete == nil)
        // The relaunched run's totals count its own test: verified, the crashed launch's tests left to the crash.
        let reconciliation = try #require(Reconciliation.compare(parsed.frameworkCounts, with: parsed.results))
        #expect(reconciliation.agrees, "\(reconciliation.differences) \(reconciliation.unverified)")
        #expect(violations.isEmpty)
    }

    /// Xcode relaunched the runner after the test crashed, the test crashed again, and xcodebuild's summary names the
    /// crash that ended the relaunch: the test crashed, it is not left without a result.
    @Test(arguments: ["\t", "    "])
    func aRelaunchThatCrashedToo(indent: String) throws {
        let (parsed, violations) = try parse(
            """
            Test Suite 'All tests' started at 2025-12-22 08:50:27.234.
            Test Suite 'BoardsTests' started at 2025-12-22 08:50:27.234.
            Test Case '-[HomeTests.BoardsTests testCreate]' started.
            Restarting after unexpected exit, crash, or test timeout; summary will include totals from previous launches.
            Test Suite 'All tests' started at 2025-12-22 08:50:52.018.
            Test Suite 'BoardsTests' started at 2025-12-22 08:50:52.019.
            Test Case '-[HomeTests.BoardsTests testCreate]' started.
            Testing failed:
            \(indent)Run test suite BoardsTests encountered an error (Early unexpected exit, operation never finished \
            bootstrapping - no restart will be attempted. (Underlying Error: Crash: Home (3584) Board.columns.getter))
            ** TEST FAILED **

            """, name: "relaunch.log")
        let test = try #require(parsed.results.first)
        #expect(parsed.results.count == 1)
        #expect(test.status == .crashed)
        #expect(test.evidence == Evidence(what: "crash report", source: "relaunch.log", line: 9))
        #expect(test.failures.first?.message == "Crash: Home (3584) Board.columns.getter")
        #expect(violations.isEmpty)
    }

    /// The same xcodebuild command run again and appended to the log (`tee -a`): the second run's pass of the test
    /// that crashed in the first is another run, not the relaunch's retry (which would make the crash a flaky pass).
    @Test func aRunAppendedAfterTheBannerIsNoRelaunch() throws {
        let crashing = """
            Test Suite 'All tests' started at 2018-11-04 10:28:22.431
            Test Case '-[AppTests.CartTests testTotal]' started.
            Fatal error: Unexpectedly found nil while unwrapping an Optional value
            Restarting after unexpected exit or crash in CartTests/testTotal(); summary will include totals from \
            previous launches.
            Test Suite 'All tests' started at 2018-11-04 10:28:44.201
            Test Case '-[AppTests.CartTests testTax]' started.
            Test Case '-[AppTests.CartTests testTax]' passed (0.001 seconds).
            ** TEST FAILED **

            """
        let passing = """
            Test Suite 'All tests' started at 2018-11-04 10:30:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' passed (0.001 seconds).
            ** TEST SUCCEEDED **

            """
        let (parsed, violations) = try parse(crashing + passing, name: "appended.log")
        #expect(parsed.results.map(\.status) == [.crashed, .passed, .passed])
        #expect(parsed.results.map(\.id).last == "AppTests.CartTests/testTotal#2")
        #expect(parsed.results.allSatisfy { !$0.flaky })
        #expect(violations.isEmpty)
        // Without the banner between them, the relaunch ran the test again: one test, its crash an earlier attempt.
        let relaunched = try parse(
            crashing.replacingOccurrences(of: "** TEST FAILED **\n", with: "") + passing, name: "r.log")
        #expect(relaunched.0.results.first?.attempts.map(\.status) == [.crashed, .passed])
    }

    @Test func aTrapAndTheRunnersExitCodeAreACrashInACompleteCILog() throws {
        let (parsed, violations) = try parse(
            """
            Test Suite 'All tests' started at 2025-06-01 10:00:05.100
            Test Case 'MathTests.testAdd' started at 2025-06-01 10:00:05.100
            Test Case 'MathTests.testAdd' passed (0.001 seconds)
            Test Case 'MathTests.testBuffer' started at 2025-06-01 10:00:05.101
            Error: failed to run main module `.build/debug/MathPackageTests.wasm`

            Caused by:
                0: failed to invoke command default
                1: error while executing at wasm backtrace:
                2: memory fault at wasm address 0x100000094 in linear memory of size 0x50000
                3: wasm trap: out of bounds memory access
            ##[error]Process completed with exit code 134.
            Post job cleanup.

            """, name: "wasm.log")
        #expect(parsed.results.map(\.status) == [.passed, .crashed])
        #expect(parsed.results[1].evidence == Evidence(what: "crash report", source: "wasm.log", line: 11))
        #expect(parsed.results[1].failures.first?.message == "wasm trap: out of bounds memory access")
        #expect(parsed.incomplete == nil)
        #expect(violations.isEmpty)
    }

    @Test(arguments: [
        ("##[error]Process completed with exit code 139.", true), ("Segmentation fault (core dumped)", true),
        ("Process completed with exit code 1.", false),
        // macOS shells name the signal and its number; a line that only mentions one is output.
        ("Segmentation fault: 11", true), ("Abort trap: 6", true), ("Trace/BPT trap: 5", true),
        ("Illegal instruction: 4", true), ("Segmentation fault: in the cache test", false),
        ("Precondition failed: the cart is empty", true), ("Tests/CartTests.swift:12: Assertion failed: x", true),
        (
            "2025-06-01 10:00:06.000 xctest[123:456] *** Terminating app due to uncaught exception 'E', reason: 'r'",
            true
        ),
        ("the precondition failed: it is output", false),
    ])
    func theRunnersWordOnASignalIsACrashAndAPlainFailureCodeIsNot(_ line: String, _ crashes: Bool) throws {
        let (parsed, violations) = try parse(
            """
            Test Case 'MathTests.testBuffer' started at 2025-06-01 10:00:05.101
            \(line)

            """, name: "exit.log")
        #expect(parsed.results.map(\.status) == [crashes ? .crashed : .unfinished])
        #expect((parsed.incomplete == nil) == crashes)
        #expect(violations.isEmpty)
    }

    @Test func theAllowanceAsTheLastLineIsATimeout() throws {
        let (parsed, violations) = try parse(
            """
            Test Case '-[CartUITests.CartUITests testA]' started.
            Test Case '-[CartUITests.CartUITests testA]' passed (1.000 seconds).
            Test Case '-[CartUITests.CartUITests testB]' started.
            Test Case '-[CartUITests.CartUITests testB]' exceeded execution time allowance of 20 seconds. The test \
            may have hung; check Xcode's test report for additional diagnostics.
            """, name: "allowance.log")
        #expect(parsed.results.map(\.status) == [.passed, .timedOut])
        #expect(parsed.results[1].evidence?.line == 4)
        #expect(parsed.results[1].durationSeconds >= 20)
        #expect(parsed.incomplete == nil)
        #expect(violations.isEmpty)
    }

    @Test(arguments: [
        "** BUILD INTERRUPTED **", "Testing cancelled.", "##[error]The operation was canceled.",
        "##[error]Process completed with exit code 143.", "Process completed with exit code 130.",
        "Build timed out (after 15 minutes). Marking the build as failed.", "Build was aborted",
        "ERROR: Job failed: execution took longer than 1h0m0s seconds", "Too long with no output (exceeded 10m0s)",
    ])
    func aStopMarkerInterruptsTheRunningTestWithThatLine(_ marker: String) throws {
        let (parsed, _) = try parse(
            """
            Test Case '-[CartTests.CartTests testA]' started.
            Test Case '-[CartTests.CartTests testA]' passed (1.000 seconds).
            Test Case '-[CartTests.CartTests testB]' started.
            \(marker)

            """, name: "stopped.log")
        #expect(parsed.results.map(\.status) == [.passed, .interrupted])
        #expect(
            parsed.results[1].evidence
                == Evidence(what: "the run was stopped: `\(marker)`", source: "stopped.log", line: 4))
        #expect(parsed.interruption?.line == 4)
        #expect(parsed.incomplete == nil)
    }

    /// xcodebuild stopped before any test ran (a CI time limit during the build): a run, interrupted, whose stop is
    /// the line that says so; a CI system's words alone, with no test and no xcodebuild, are no run.
    @Test func aRunXcodebuildStoppedBeforeAnyTestIsInterrupted() throws {
        let (parsed, _) = try parse(
            """
            Command line invocation:
                /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild test -scheme App

            ** BUILD INTERRUPTED **

            """, name: "stopped.log")
        #expect(parsed.results.isEmpty)
        #expect(
            parsed.interruption
                == Evidence(what: "the run was stopped: `** BUILD INTERRUPTED **`", source: "stopped.log", line: 4))
        #expect(throws: ParseError.self) { try parse("Build was aborted\n", name: "ci.log") }
    }

    /// Jenkins kills a hung build mid-line: its timeout line lands after the half line the test left.
    @Test func aCITimeoutGluedToACutLineInterruptsTheRunningTest() throws {
        let (parsed, _) = try parse(
            """
            Test Case 'DeathWatchTests.test_stop' started at 2023-09-05 04:18:22.202
            Test Case 'DeathWatchTeBuild timed out (after 15 minutes). Marking the build as failed.

            """, name: "jenkins.log")
        #expect(parsed.results.map(\.status) == [.interrupted])
        #expect(parsed.interruption?.line == 2)
    }

    /// A test that prints a CI system's words (a Jenkins client's log) and goes on: its run was not stopped.
    @Test(arguments: [
        "Build timed out (after 15 minutes). Marking the build as failed.", "Build was aborted by user admin",
    ])
    func aCIStopLineATestPrintsIsItsOutput(_ printed: String) throws {
        let (parsed, _) = try parse(
            """
            Test Case 'JobTests.testTimeout' started at 2026-01-02 10:00:00.000
            \(printed)
            Test Case 'JobTests.testTimeout' passed (0.010 seconds)

            """, name: "printed.log")
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.interruption == nil)
    }

    /// Output still on its way when the CI stopped the job (a test's `started` line) does not undo the stop.
    @Test func aStartLineAfterACIStopKeepsTheStop() throws {
        let (parsed, _) = try parse(
            """
            Test Case 'JobTests.testA' started at 2026-01-02 10:00:00.000
            Build was aborted
            Test Case 'JobTests.testB' started at 2026-01-02 10:00:01.000

            """, name: "aborted.log")
        #expect(parsed.interruption?.line == 2)
    }

    /// A line cut short, then a test line of its own (a retry, a relaunch, a second paste): the test line is never
    /// the cut line's end, and its test's failure stands.
    @Test func aTestLineAfterACutLineStandsAlone() throws {
        let (parsed, _) = try parse(
            """
            Test Case 'DeathWatchTests.test_stop' started at 2023-09-05 04:18:22.202
            Test Case 'DeathWatchTe
            Test Case 'ChannelTests.testConnect' started at 2019-09-24 19:40:38.146
            /code/Tests/ChannelTests.swift:22: error: ChannelTests.testConnect : failed - just worked
            Test Case 'ChannelTests.testConnect' failed (0.038 seconds)

            """, name: "cut.log")
        #expect(parsed.results.map(\.id) == ["DeathWatchTests/test_stop", "ChannelTests/testConnect"])
        #expect(parsed.results.map(\.status) == [.unfinished, .failed])
    }

    /// The check `StatusEvidenceTests` runs over the corpus flags a test left `unfinished` by a parse whose input
    /// holds a crash line after the test's start.
    @Test func theCheckFlagsAnUnfinishedTestWhoseInputSaysHowItEnded() throws {
        let (parsed, clean) = try parse(
            "Test Case 'CartTests.testB' started at 2026-01-02 10:00:00.000\nloading fixtures\n", name: "cut.log")
        #expect(parsed.results.map(\.status) == [.unfinished])
        #expect(clean.isEmpty)
        let crashed: [Substring] = [
            "Test Case 'CartTests.testB' started at 2026-01-02 10:00:00.000", "💣 Program crashed",
        ]
        #expect(UnfinishedEvidence.violations(in: parsed, lines: crashed, source: "cut.log").count == 1)
    }

    @Test func aSuiteStartWithoutAResultIsIncomplete() throws {
        let (parsed, _) = try parse("Test Suite 'All tests' started at 2026-01-02 10:00:00.000\n", name: "cut.log")
        #expect(parsed.results.isEmpty)
        #expect(parsed.incomplete?.lastLine == 1)
    }

    @Test func failingTotalsWithoutResultsFail() throws {
        let (parsed, _) = try parse(
            """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Executed 5 tests, with 3 failures (0 unexpected) in 0.1 (0.1) seconds

            """, name: "cut.log")
        #expect(parsed.results.isEmpty)
        let reconciliation = Reconciliation.compare(parsed.frameworkCounts, with: parsed.results)
        #expect(reconciliation?.failuresNotShown?.count == 1, "the failures the totals count stand: the run fails")
    }

    /// `swift test` of a package with both frameworks: XCTest's process crashes, then Swift Testing's run follows
    /// in a process of its own. The crash ended the XCTest test; the later run does not erase it.
    @Test func anXCTestCrashBeforeSwiftTestingsRunStillEndsItsTest() throws {
        for crash in [
            "Tests/AppTests/CartTests.swift:5: Fatal error: deliberate",
            "\n*** Signal 6: Backtracing from 0x7fe763ae0eec... done ***\n\n*** Program crashed: Aborted at 0x0000000000007b92 ***",
        ] {
            let (parsed, violations) = try parse(
                """
                error: Process '/src/.build/debug/AppPackageTests.xctest' exited with unexpected signal code 6
                Test Suite 'All tests' started at 2026-11-29 06:40:47.217
                Test Case 'CartTests.testTotal' started at 2026-11-29 06:40:47.219
                Test Case 'CartTests.testTotal' passed (0.001 seconds)
                Test Case 'CartTests.testTax' started at 2026-11-29 06:40:47.220
                \(crash)
                ◇ Test run started.
                ◇ Test adds() started.
                ✔ Test adds() passed after 0.001 seconds.
                ✔ Test run with 1 test in 0 suites passed after 0.001 seconds.

                """, name: "mixed.log")
            #expect(parsed.results.map(\.status) == [.passed, .crashed, .passed], "\(crash)")
            #expect(parsed.incomplete == nil, "\(crash)")
            #expect(violations.isEmpty)
        }
    }
}
