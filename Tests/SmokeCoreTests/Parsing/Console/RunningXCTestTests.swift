import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// What a running XCTest test prints is its output, whatever it looks like: a result line for another test (a test
/// of a log formatter prints them) invents no test, and output without a final newline, which glues the test's own
/// result line onto it, still ends the test with that result.
@Suite struct RunningXCTestTests {
    private func collect(_ lines: [String]) -> ResultCollector {
        ParsingTestSupport.collect(lines: lines)
    }

    @Test func resultLinesATestPrintsAreItsOutput() throws {
        let collector = collect([
            "Test Case 'ArithmeticTests.testFails' started at 2026-11-27 08:28:35.437",
            "Test Case 'ArithmeticTests.testFails' failed (0.001 seconds)",
            "Test Case 'FormatterTests.testPrintsSamples' started at 2026-11-27 08:28:35.438",
            "Test Case 'ArithmeticTests.testFails' passed (0.001 seconds).",
            "Test Case '-[ArithmeticTests testGhost]' failed (0.001 seconds).",
            "✘ Test ghost() failed after 0.001 seconds with 1 issue.",
            "➜ Test skippedGhost() skipped",
            "/src/Other.swift:3: error: OtherTests.testElsewhere : XCTAssertTrue failed",
            "Test Case 'FormatterTests.testPrintsSamples' passed (0.002 seconds)",
        ])
        #expect(collector.results.map(\.id) == ["ArithmeticTests/testFails", "FormatterTests/testPrintsSamples"])
        #expect(collector.results.first?.status == .failed)
        let test = try #require(collector.results.last)
        #expect(test.status == .passed)
        #expect(test.output.count == 5)
    }

    @Test func outputWithoutAFinalNewlineDoesNotHideTheResultGluedToIt() throws {
        let collector = collect([
            "Test Case 'ArithmeticTests.testWeirdBytes' started at 2026-11-27 08:28:35.438",
            "no newline at endTest Case 'ArithmeticTests.testWeirdBytes' passed (0.0 seconds)",
            "Test Case 'ArithmeticTests.testFails' started at 2026-11-27 08:28:35.439",
            "progress 100%Test Case 'ArithmeticTests.testFails' failed (0.01 seconds)",
        ])
        #expect(collector.results.map(\.status) == [.passed, .failed])
        #expect(collector.results.first?.output == ["no newline at end"])
    }

    /// A Swift Testing test's output without a final newline glues its result line onto it: the result still counts.
    @Test func aSwiftTestingResultGluedToOutputStillEndsItsTest() throws {
        let collector = collect([
            "◇ Test stNoNewline() started.", "st-dangling✔ Test stNoNewline() passed after 0.001 seconds.",
            "◇ Test stFails() started.", "50%✘ Test stFails() failed after 0.001 seconds with 1 issue.",
        ])
        #expect(collector.results.map(\.status) == [.passed, .failed])
        #expect(collector.results.first?.output == ["st-dangling"])
    }

    /// A glued Swift Testing result inside a running XCTest test names a test XCTest's process cannot run: output.
    @Test func aGluedSwiftTestingResultInsideAnXCTestTestIsOutput() {
        let collector = collect([
            "Test Case 'FormatterTests.testFormatsATranscript' started at 2026-11-29 22:23:37.210",
            "◇ Test adds() started.", "transcript: ✘ Test adds() failed after 0.001 seconds with 1 issue.",
            "Test Case 'FormatterTests.testFormatsATranscript' passed (0.002 seconds)",
        ])
        #expect(collector.results.map(\.id) == ["FormatterTests/testFormatsATranscript"])
        #expect(collector.results.map(\.status) == [.passed])
    }

    /// SwiftPM named another parallel test's death: the running test whose process Swift Testing's start ends is
    /// still ended by it.
    @Test func anotherTestsProcessDeathLeavesTheExitRuleToTheRunningTest() throws {
        var collector = collect([
            "error: Process '/src/.build/debug/ShopPackageTests.xctest ShopTests.CartTests/testA' exited with unexpected signal code 9",
            "[1/2] Testing ShopTests.CartTests/testA", "[2/2] Testing ShopTests.CartTests/testB",
            "Test Case 'CartTests.testB' started at 2026-01-02 10:00:00.101", "◇ Test run started.",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        let testB = try #require(collector.results.first { $0.id.hasSuffix("testB") })
        #expect(testB.status == .crashed)
    }

    /// Two serial jobs' logs interleaved line by line (`tee` of parallel CI jobs): each test's result counts.
    @Test func twoJobsInterleavedKeepEveryResult() {
        let collector = collect([
            "Test Case 'JobA.testOne' started at 2026-11-27 08:28:35.438",
            "Test Case 'JobB.testTwo' started at 2026-11-27 08:28:35.438",
            "Test Case 'JobA.testOne' passed (0.001 seconds)",
            "/src/JobB.swift:3: error: JobB.testTwo : XCTAssertTrue failed",
            "Test Case 'JobB.testTwo' failed (0.001 seconds)",
        ])
        #expect(collector.results.map(\.id) == ["JobA/testOne", "JobB/testTwo"])
        #expect(collector.results.map(\.status) == [.passed, .failed])
    }

    /// A crash ends the XCTest process mid-test; Swift Testing's own process then starts its run: its results count.
    @Test func swiftTestingAfterACrashedXCTestProcessCounts() {
        let collector = collect([
            "Test Case 'CrashTests.testCrashes' started at 2026-11-27 08:28:35.438",
            "Fatal error: boom",
            "◇ Test run started.",
            "◇ Test adds() started.",
            "✔ Test adds() passed after 0.001 seconds.",
        ])
        #expect(collector.results.map(\.id) == ["CrashTests/testCrashes", "adds()"])
        #expect(collector.results.last?.status == .passed)
    }

    /// `swift test` starts Swift Testing's run after XCTest's process exits: a run starting while an XCTest test ran
    /// proves that process ended inside it, though it printed no crash (the code called `exit()`): `crashed`, with that
    /// line as the evidence, whether Swift Testing's tests follow or not. A test printing the line and then its own
    /// result keeps that result.
    @Test func swiftTestingsRunStartingInsideAnXCTestTestEndsItCrashed() throws {
        let exited = [
            "Test Case 'ToolTests.testFirst' started at 2026-11-29 22:23:37.208",
            "Test Case 'ToolTests.testFirst' passed (0.002 seconds)",
            "Test Case 'ToolTests.testShutsDown' started at 2026-11-29 22:23:37.210",
            "◇ Test run started.",
            "↳ Testing Library Version: 6.3.1 (937120cbc281cf2)",
        ]
        for tail in [[], ["◇ Test adds() started.", "✔ Test adds() passed after 0.001 seconds."]] {
            var collector = collect(exited + tail)
            _ = collector.finishAtEndOfInput(endedInSuccess: false)
            let test = try #require(collector.results.first { $0.id == "ToolTests/testShutsDown" })
            #expect(test.status == .crashed)
            #expect(test.failures.first?.message.contains("XCTest process exited") == true)
            #expect(test.evidence?.line == 4)
            #expect(collector.results.filter { $0.status == .passed }.count == 1 + tail.count / 2)
        }
        let printed = collect([
            "Test Case 'FormatterTests.testPrintsRunStart' started at 2026-11-29 22:23:37.210",
            "◇ Test run started.",
            "Test Case 'FormatterTests.testPrintsRunStart' passed (0.002 seconds)",
        ])
        #expect(printed.results.map(\.status) == [.passed])
        // A whole printed transcript, a test start in it, before the test's own result: still nothing of a crash.
        let transcript = collect([
            "Test Case 'FormatterTests.testFormatsATranscript' started at 2026-11-29 22:23:37.210",
            "◇ Test run started.", "◇ Test adds() started.", "✔ Test adds() passed after 0.001 seconds.",
            "Test Case 'FormatterTests.testFormatsATranscript' passed (0.002 seconds)",
        ])
        let formatter = try #require(transcript.results.first)
        #expect(formatter.status == .passed && formatter.failures.isEmpty && formatter.evidence == nil)
    }

    /// SwiftPM said how a parallel test's process died: that stays its crash, whatever run starts after it.
    @Test func aProcessDeathSwiftPMNamedOutranksTheRunThatStartsAfterIt() throws {
        var collector = collect([
            "error: Process '/src/.build/debug/ShopPackageTests.xctest ShopTests.CartTests/testEmpty' exited with unexpected signal code 9",
            "[1/1] Testing ShopTests.CartTests/testEmpty",
            "Test Case 'CartTests.testEmpty' started at 2026-01-02 10:00:00.101",
            "◇ Test run started.",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        let crashed = try #require(collector.results.first)
        #expect(crashed.status == .crashed)
        #expect(crashed.failures.map(\.message) == ["The test's process exited with unexpected signal code 9"])
    }

    /// A test of a log formatter prints a whole started/failed pair, in either naming form, for classes the run
    /// never announced: no test is invented, the running test passes with the lines as its output.
    @Test func aPrintedStartOfAnUnannouncedClassIsOutput() throws {
        let collector = collect([
            "Test Suite 'FormatterTests' started at 2026-11-29 06:41:22.464",
            "Test Case 'FormatterTests.testPrintsFailedLine' started at 2026-11-29 06:41:22.465",
            "Test Case 'Sample.testOther' started at 2026-01-01 00:00:00.000",
            "/src/Sample.swift:3: error: Sample.testOther : XCTAssertTrue failed",
            "Test Case 'Sample.testOther' failed (0.001 seconds)",
            "Test Case 'FormatterTests.testPrintsFailedLine' passed (0.0 seconds)",
            "Test Case 'FormatterTests.testPrintsStartedLine' started at 2026-11-29 06:41:22.465",
            "Test Case '-[Sample.Fixture testSample]' started.",
            "Test Case 'FormatterTests.testPrintsStartedLine' passed (0.0 seconds)",
        ])
        #expect(
            collector.results.map(\.id) == [
                "FormatterTests/testPrintsFailedLine", "FormatterTests/testPrintsStartedLine",
            ])
        #expect(collector.results.map(\.status) == [.passed, .passed])
        #expect(collector.results.first?.output.count == 3)
    }

    /// Interleaved jobs announce their own classes: a second start of an announced class is a test, so is a start
    /// while the running test's class was never announced (a log filtered to test lines).
    @Test func interleavedJobsThatAnnounceTheirClassesKeepEveryTest() {
        let collector = collect([
            "Test Suite 'JobA' started at 2026-11-27 08:28:35.437",
            "Test Case 'JobA.testOne' started at 2026-11-27 08:28:35.438",
            "Test Suite 'JobB' started at 2026-11-27 08:28:35.438",
            "Test Case 'JobB.testTwo' started at 2026-11-27 08:28:35.438",
            "Test Case 'JobA.testOne' passed (0.001 seconds)",
            "Test Case 'JobB.testTwo' failed (0.001 seconds)",
            "Test Case 'JobC.testThree' started at 2026-11-27 08:28:35.439",
            "Test Case 'JobD.testFour' started at 2026-11-27 08:28:35.439",
            "Test Case 'JobC.testThree' passed (0.001 seconds)",
            "Test Case 'JobD.testFour' passed (0.001 seconds)",
        ])
        #expect(collector.results.map(\.id) == ["JobA/testOne", "JobB/testTwo", "JobC/testThree", "JobD/testFour"])
        #expect(collector.results.map(\.status) == [.passed, .failed, .passed, .passed])
    }

    /// Swift Testing runs tests at once: a crash is the test its crashed thread's frames name; the others it ended
    /// have no result (`unfinished`), with that crash as the reason, and the crash's location is the crashed thread's.
    @Test func aSwiftTestingCrashIsTheTestItsCrashedThreadNames() throws {
        let lines = [
            "◇ Test run started.",
            "◇ Test waits() started.",
            "◇ Test crashes() started.",
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            "*** Signal 4: Backtracing from 0x7fbc8fb6df7f... done ***",
            "*** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***",
            "Thread 2 \"oot.default-qos\":",
            "  0 [ra] 0x00005555 waits() + 12 in T.xctest at /src/Tests/T/T.swift:9:5",
            "Thread 4 \"oot.default-qos\" crashed:",
            "  3 [ra] 0x000056046ccdf041 crashes() + 480 in T.xctest at /src/Tests/T/T.swift:5:89",
        ]
        var collector = collect(lines)
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        let crashed = try #require(collector.results.first { $0.id == "crashes()" })
        #expect(crashed.status == .crashed)
        #expect(crashed.failures.map(\.line) == [5])
        let bystander = try #require(collector.results.first { $0.id == "waits()" })
        #expect(bystander.status == .unfinished)
        #expect(bystander.evidence?.what == "the test process crashed in crashes() while this test ran")
    }

    /// Tests whose start line prints after the fatal error (their threads print as the process dies) are beside the
    /// crash as the others are: only the test the crashed thread names crashed, never one the crash merely cut short.
    @Test func aSwiftTestingStartPrintedAfterTheFatalErrorIsABystander() throws {
        var collector = collect([
            "◇ Test run started.",
            "◇ Test crashes() started.",
            "◇ Test waits() started.",
            "T/T.swift:5: Fatal error: deliberate crash",
            "◇ Test startsLate() started.",
            "◇ Test alsoLate() started.",
            "*** Signal 4: Backtracing from 0x7fbc8fb6df7f... done ***",
            "*** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***",
            "Thread 4 \"oot.default-qos\" crashed:",
            "  1 [ra] 0x000056046ccdf041 crashes() + 480 in T.xctest at /src/Tests/T/T.swift:5:89",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.id) == ["crashes()", "waits()", "startsLate()", "alsoLate()"])
        #expect(collector.results.map(\.status) == [.crashed, .unfinished, .unfinished, .unfinished])
        #expect(collector.results.first?.failures.first?.message == "deliberate crash")
        #expect(collector.results.last?.evidence?.what == "the test process crashed in crashes() while this test ran")
    }

    /// A test beside the crash that had recorded an issue failed: its issue is the proof, the crash only cut it short.
    @Test func aSwiftTestingCrashLeavesABystanderThatFailedFailed() throws {
        var collector = collect([
            "◇ Test run started.",
            "◇ Test failsThenWaits() started.",
            "◇ Test crashes() started.",
            "✘ Test failsThenWaits() recorded an issue at T.swift:9:5: Expectation failed: 1 == 2",
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            "*** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***",
            "Thread 4 \"oot.default-qos\" crashed:",
            "  3 [ra] 0x000056046ccdf041 crashes() + 480 in T.xctest at /src/Tests/T/T.swift:5:89",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.id) == ["failsThenWaits()", "crashes()"])
        #expect(collector.results.map(\.status) == [.failed, .crashed])
        #expect(collector.results.first?.failures.first?.message.contains("Expectation failed") == true)
    }

    /// XCTest gives each start one result line: another for a test that ended, read while a later test runs (of either
    /// framework), is something that test printed (a test of a log formatter); it neither changes the test nor adds
    /// one. A test that printed its own result line before its real one ends with the real one.
    @Test func anXCTestResultLineForATestThatEndedAlreadyIsNotItsResult() {
        var collector = collect([
            "Test Case 'P.testOne' started at 2026-11-27 08:28:35.437",
            "Test Case 'P.testOne' failed (0.001 seconds)",
            "Test Case 'P.testOne' passed (0.001 seconds)",
            "Test Case 'P.testTwo' started at 2026-11-27 08:28:35.438",
            "Test Case 'P.testTwo' passed (0.001 seconds)",
            "Test Case 'P.testThree' started at 2026-11-27 08:28:35.439",
            "Test Case 'P.testTwo' failed (0.001 seconds)",
            "Test Case 'P.testThree' passed (0.001 seconds)",
            "◇ Test run started.",
            "◇ Test prints() started.",
            "Test Case 'P.testTwo' failed (0.001 seconds)",
            "✔ Test prints() passed after 0.001 seconds.",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: true)
        #expect(collector.results.map(\.id) == ["P/testOne", "P/testTwo", "P/testThree", "prints()"])
        #expect(collector.results.map(\.status) == [.passed, .passed, .passed, .passed])
    }

    /// A test of a linter prints a diagnostic in XCTest's shape but naming no test: output, not the test's failure.
    @Test func aDiagnosticNamingNoTestIsOutput() {
        let collector = collect([
            "Test Case 'LoggerTests.testLint' started at 2026-11-27 08:28:35.438",
            "/tmp/project/Sources/App/Model.swift:12: error: trailing whitespace",
            "Test Case 'LoggerTests.testLint' passed (0.001 seconds)",
        ])
        #expect(collector.results.map(\.status) == [.passed])
        #expect(
            collector.results.first?.output == ["/tmp/project/Sources/App/Model.swift:12: error: trailing whitespace"])
    }

    /// Frames that name no running test, or every one, cannot tell them apart: each running test crashed, as before.
    @Test func aCrashNamingNoRunningTestEndsThemAll() {
        for functions in [["helper()"], ["one()", "two()"]] {
            let frames = functions.map {
                "  3 [ra] 0x000056046ccdf041 \($0) + 1 in T.xctest at /src/Tests/T/T.swift:5:89"
            }
            var collector = collect(
                [
                    "◇ Test run started.",
                    "◇ Test one() started.",
                    "◇ Test two() started.",
                    "Fatal error: boom",
                    "*** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***",
                    "Thread 4 \"oot.default-qos\" crashed:",
                ] + frames)
            _ = collector.finishAtEndOfInput(endedInSuccess: false)
            #expect(collector.results.map(\.status) == [.crashed, .crashed])
            // Only a helper: each says the crash may be another's.
            let said = collector.results.map { $0.failures.last?.message.contains("while 2 tests ran at once") }
            #expect(said == [functions.count == 1, functions.count == 1], "\(functions)")
        }
    }

    /// smokerun's console.log of a run: a crashed Swift Testing process, then smokerun's re-run of the tests it had
    /// not started; a test whose process ended with no crash report; its batch headers are no test's output.
    @Test func aRunsConsoleLogKeepsItsCrashesAcrossReRuns() throws {
        var collector = collect([
            "[smokerun] swift-testing: P/crashes() P/later()",
            "◇ Test run started.",
            "◇ Test crashes() started.",
            "Fatal error: boom",
            "[smokerun] re-running 1 tests that had not started when the process ended (signal 4 (SIGILL))",
            "[smokerun] swift-testing: P/later()",
            "◇ Test run started.",
            "◇ Test later() started.",
            "✔ Test later() passed after 0.001 seconds.",
            "[smokerun] xctest: P.K/testKilled P.K/testNext",
            "Test Case 'K.testKilled' started at 2026-11-29 06:42:10.741",
            "[smokerun] re-running 1 tests that had not started when the process ended (signal 9 (SIGKILL))",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.status) == [.crashed, .passed, .crashed])
        #expect(collector.results.first?.failures.first?.message == "boom")
        let killed = try #require(collector.results.last)
        #expect(killed.failures.first?.message == "the test process ended (signal 9 (SIGKILL))")
        #expect(killed.evidence?.what == "smokerun: the test process ended (signal 9 (SIGKILL))")
        #expect(collector.results.allSatisfy { $0.output.isEmpty })
    }

    /// A process that exited 0 while a test ran, printing no crash, reported no result for it: as `run` said it, the
    /// test is `unfinished`; one that printed a crash first still crashed.
    @Test func aRunsConsoleLogKeepsATestWhoseProcessExitedZeroUnfinished() throws {
        var collector = collect([
            "[smokerun] xctest: P.K/testQuiet P.K/testNext",
            "Test Case 'K.testQuiet' started at 2026-11-29 06:42:10.741",
            "[smokerun] re-running 1 tests that had not started when the process ended (exit status 0)",
            "[smokerun] xctest: P.K/testNext",
            "Test Case 'K.testNext' started at 2026-11-29 06:42:11.741",
            "Fatal error: boom",
            "[smokerun] re-running 1 tests that had not started when the process ended (exit status 0)",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.status) == [.unfinished, .crashed])
        #expect(collector.results.first?.failures.isEmpty == true)
        #expect(collector.results.last?.failures.first?.message == "boom")
    }

    /// smokerun's retry of a failed test, said by its header (`[smokerun] retrying …`), is another attempt of that
    /// test, in either framework, never a second test; without the word it would be (Design §6).
    @Test func aRunsConsoleLogKeepsARetryAsAnAttempt() throws {
        var collector = collect([
            "[smokerun] swift-testing: P/flaky()",
            "◇ Test run started.",
            "◇ Test flaky() started.",
            "✘ Test flaky() recorded an issue at T.swift:3:5: Expectation failed: false",
            "✘ Test flaky() failed after 0.001 seconds with 1 issue.",
            "[smokerun] xctest: P.K/testFlaky",
            "Test Case 'K.testFlaky' started at 2026-11-29 06:42:10.741",
            "/src/T.swift:9: error: K.testFlaky : XCTAssertTrue failed -",
            "Test Case 'K.testFlaky' failed (0.001 seconds)",
            "[smokerun] retrying swift-testing: P/flaky()",
            "◇ Test run started.",
            "◇ Test flaky() started.",
            "✔ Test flaky() passed after 0.001 seconds.",
            "[smokerun] retrying xctest: P.K/testFlaky",
            "Test Case 'K.testFlaky' started at 2026-11-29 06:42:11.741",
            "Test Case 'K.testFlaky' passed (0.001 seconds)",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.status) == [.passed, .passed])
        #expect(collector.results.map(\.flaky) == [true, true])
        #expect(collector.results.map { $0.attempts.map(\.status) } == [[.failed, .passed], [.failed, .passed]])
    }

    /// Two suites' `empty()` are one name to Swift Testing's console: a retry of one of them cannot say which, so it
    /// is another run, never an attempt that fails the one that passed.
    @Test func aRetryOfAnAmbiguousNameNeverFailsTheTestThatPassed() throws {
        var collector = collect([
            "[smokerun] swift-testing: P.LexerTests/empty() P.ParserTests/empty()",
            "◇ Test run started.",
            "◇ Test empty() started.",
            "✘ Test empty() recorded an issue at Lexer.swift:3:5: Expectation failed: false",
            "✘ Test empty() failed after 0.001 seconds with 1 issue.",
            "◇ Test empty() started.",
            "✔ Test empty() passed after 0.001 seconds.",
            "[smokerun] retrying swift-testing: P.LexerTests/empty()",
            "◇ Test run started.",
            "◇ Test empty() started.",
            "✘ Test empty() recorded an issue at Lexer.swift:3:5: Expectation failed: false",
            "✘ Test empty() failed after 0.001 seconds with 1 issue.",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.status) == [.failed, .passed, .failed])
        #expect(collector.results[1].attempts.isEmpty)
    }

    /// A fixture a test prints may announce the running test's own class again and run a test of it: one process
    /// announces a class once, so that start is printed, and so is everything inside it until its printed end.
    @Test func aTestInsideAPrintedStartOfItsOwnClassIsOutput() {
        var collector = collect([
            "Test Suite 'All tests' started at 2026-11-30 05:13:47.057",
            "Test Suite 'FormatterTests' started at 2026-11-30 05:13:47.068",
            "Test Case 'FormatterTests.testA' started at 2026-11-30 05:13:47.068",
            "Test Suite 'FormatterTests' started at 2026-01-01 00:00:00.000",
            "Test Case 'FormatterTests.testZ' started at 2026-01-01 00:00:00.000",
            "/tmp/Fake.swift:3: error: FormatterTests.testZ : XCTAssertTrue failed -",
            "Test Case 'FormatterTests.testZ' failed (0.001 seconds)",
            "Test Suite 'FormatterTests' failed at 2026-01-01 00:00:00.000",
            "Test Case 'FormatterTests.testA' passed (0.001 seconds)",
            "Test Case 'FormatterTests.testB' started at 2026-11-30 05:13:47.071",
            "Test Case 'FormatterTests.testB' passed (0.001 seconds)",
            "Test Suite 'FormatterTests' passed at 2026-11-30 05:13:47.072",
            "Test Suite 'All tests' passed at 2026-11-30 05:13:47.072",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: true)
        #expect(collector.results.map(\.id) == ["FormatterTests/testA", "FormatterTests/testB"])
        #expect(collector.results.map(\.status) == [.passed, .passed])
        #expect(collector.results.first?.output.count == 5)
    }

    /// The last lines of a log (its head cut) show tests running when a test that started above them crashed: its
    /// crashed thread's frames name none of them, so none crashed; they end `unfinished` and the crash fails the run.
    @Test func aCrashInATestStartedAboveTheInputLeavesTheRunningOnesUnfinished() throws {
        var collector = collect([
            "◇ Test waits() started.",
            "◇ Test sleeps() started.",
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            "*** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***",
            "Thread 4 \"oot.default-qos\" crashed:",
            "  3 [ra] 0x000056046ccdf041 crashes() + 480 in T.xctest at /src/Tests/T/T.swift:5:89",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.id) == ["waits()", "sleeps()"])
        #expect(collector.results.map(\.status) == [.unfinished, .unfinished])
        #expect(collector.results.first?.evidence?.what.contains("crashed in crashes(), which the input") == true)
        #expect(collector.crashesOutsideTests.map(\.kind) == [.crashAboveTheInput])
    }

    /// Swift Testing's run start that ends an XCTest test (its process exited) is a run start too: a crash whose
    /// frames name only a helper then ends the running tests `crashed`, as in any whole log, not as one begun inside.
    @Test func aRunStartEndingAnXCTestProcessIsStillARunsStart() throws {
        var collector = collect([
            "Test Suite 'All tests' started at 2025-01-01 10:00:00.000",
            "Test Case 'ExitTests.testCallsExit' started at 2025-01-01 10:00:00.000",
            "◇ Test run started.",
            "◇ Test waits() started.",
            "◇ Test sleeps() started.",
            "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            "*** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***",
            "Thread 4 \"oot.default-qos\" crashed:",
            "  3 [ra] 0x000056046ccdf041 helper() + 480 in T.xctest at /src/Tests/T/T.swift:5:89",
        ])
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        #expect(collector.results.map(\.status) == [.crashed, .crashed, .crashed])
        #expect(collector.crashesOutsideTests.isEmpty)
    }
}
