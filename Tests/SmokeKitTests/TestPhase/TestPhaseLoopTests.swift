import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The shared test phase's whole loop — crash, re-run, retry, timeout, deadline, cancellation — driven
/// through the real `BatchRunner` and console parser by a scripted process runner: no package is built,
/// no process started, no time waited. The lines replayed are the Linux XCTest forms of the shared corpus
/// (linux-xctest) and the crash form `swift test` prints (Parsing/ResultCollectorTests).
@Suite struct TestPhaseLoopTests {
    static let ids = ["ShopTests.CartTests/testA", "ShopTests.CartTests/testB", "ShopTests.CartTests/testC"]

    static func started(_ name: String) -> String {
        "Test Case 'CartTests.\(name)' started at 2026-01-02 10:00:00.000\n"
    }
    static func passed(_ name: String) -> String { "Test Case 'CartTests.\(name)' passed (0.001 seconds)\n" }
    static let crash = """
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

        *** Program crashed: Illegal instruction at 0x00007f4e3476df7f ***
          0      0x00007f4e3476df7f _assertionFailure + 623 in libswiftCore.so
          1 [ra] 0x000055db32ed44b1 Cart.item(at:) + 64 in ShopPackageTests.xctest at /src/Sources/Shop/Cart.swift:15:16

        """

    struct Outcome {
        var result: DriverResult
        var launches: [ProcessLaunch]
        var clock: ManualClock
        var started: Date
        var console: URL

        func test(_ name: String) throws -> TestResult {
            try #require(result.tests.first { $0.id == "ShopTests.CartTests/\(name)" })
        }
        /// The test ids each launch asked for (XCTest: one comma-separated argument).
        var requested: [[String]] { launches.map { $0.arguments.first?.split(separator: ",").map(String.init) ?? [] } }
    }

    func run(
        _ scripts: [ScriptedProcessRunner.Script], retries: Int = 0, testSeconds: TimeInterval = 300,
        runSeconds: TimeInterval = 1800,
        cancelled: Bool = false, plan: TestPhasePlan? = nil
    ) throws -> Outcome {
        let clock = ManualClock()
        let started = clock.now
        let cancellation = CancellationFlag()
        if cancelled { cancellation.cancel() }
        var limits = RunLimits(
            testSeconds: testSeconds, runDeadline: started.addingTimeInterval(runSeconds), cancellation: cancellation,
            now: { clock.now })
        limits.graceSeconds = 10
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-phase-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fake = ScriptedProcessRunner(clock: clock, scripts: scripts)
        var runner = BatchRunner(
            binary: URL(fileURLWithPath: "/src/.build/debug/ShopPackageTests.xctest"),
            packageRoot: URL(fileURLWithPath: "/src"),
            environment: [:], limits: limits, console: try ConsoleLog(url: folder.appendingPathComponent("console.log"))
        )
        runner.processes = fake
        var executor = SwiftPMBatchExecutor(runner: runner, eventsDirectory: folder.appendingPathComponent("events"))
        let tests = Self.ids.map { TestCase(id: $0, framework: .xctest) }
        let plan = plan ?? TestPhasePlan(selected: tests, batches: [TestBatch(framework: .xctest, tests: tests)])
        var result = DriverResult(device: ResolvedDevice(platform: "host"))
        try TestPhase(retries: retries, runSeconds: runSeconds).run(plan, with: &executor, into: &result)
        return Outcome(
            result: result, launches: fake.launches, clock: clock, started: started,
            console: folder.appendingPathComponent("console.log"))
    }

    /// XCTest runs one test at a time: the lines testA prints for another test are its output, never a start, a
    /// failure, a crash or a second run — a log formatter's imitation of a test the batch does not run, or a death
    /// test re-running the binary on testC of the same batch, which crashes as expected, its output inherited.
    @Test(arguments: [
        """
        Test Case 'Fake.fakeTest' started at 2026-01-02 10:00:00.000
        /src/Tests/FakeTests/Fake.swift:3: error: Fake.fakeTest : XCTAssertTrue failed - imitated
        Test Case 'Fake.fakeTest' failed (0.001 seconds)

        """,
        TestPhaseLoopTests.started("testC") + TestPhaseLoopTests.crash,
    ])
    func linesATestPrintsForAnotherTestAreItsOutput(printed: String) throws {
        let run = try run(
            [
                .init(
                    steps: [
                        .print(
                            Self.started("testA") + printed + Self.passed("testA") + Self.started("testB")
                                + Self.passed("testB") + Self.started("testC") + Self.passed("testC"))
                    ], ending: .exit(0))
            ], retries: 1)
        #expect(run.result.tests.map(\.id) == Self.ids)
        #expect(run.result.tests.allSatisfy { $0.status == .passed && !$0.flaky })
        #expect(run.requested == [Self.ids])
        let firstLine = String(printed.prefix { $0 != "\n" })
        #expect(try run.test("testA").output.contains(firstLine))
    }

    /// Evidence names console.log's own lines, past the lines of the processes before it and smokerun's headers.
    @Test func evidenceNamesTheLineOfConsoleLogThatProvesIt() throws {
        let issue = "/src/Tests/ShopTests/CartTests.swift:9: error: CartTests.testB : XCTAssertTrue failed - empty\n"
        let run = try run(
            [
                .init(steps: [.print(Self.started("testA") + Self.crash)], ending: .crash(SIGILL)),
                .init(
                    steps: [
                        .print(
                            Self.started("testB") + issue + "Test Case 'CartTests.testB' failed (0.001 seconds)\n"
                                + Self.started("testC") + Self.passed("testC"))
                    ], ending: .exit(1)),
            ])
        let lines = try String(contentsOf: run.console, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let evidence = try #require(try run.test("testB").evidence)
        #expect(evidence.source == "console.log")
        let line = try #require(evidence.line)
        #expect(lines[line - 1] + "\n" == issue, "line \(line) is \(lines[line - 1])")
    }

    @Test func aCrashEndsItsTestTheRestRunInANewProcessAndARetryThatPassesMakesItFlaky() throws {
        let run = try run(
            [
                .init(
                    steps: [.print(Self.started("testA") + Self.passed("testA") + Self.started("testB") + Self.crash)],
                    ending: .crash(SIGILL)),
                .init(steps: [.print(Self.started("testC") + Self.passed("testC"))], ending: .exit(0)),
                .init(steps: [.print(Self.started("testB") + Self.passed("testB"))], ending: .exit(0)),
            ], retries: 2)
        #expect(run.requested == [Self.ids, ["ShopTests.CartTests/testC"], ["ShopTests.CartTests/testB"]])
        let crashed = try run.test("testB")
        #expect(crashed.status == .passed && crashed.flaky)
        #expect(crashed.attempts.map(\.status) == [.crashed, .passed])
        #expect(crashed.attempts.first?.failures.first?.message == "Index out of range")
        #expect(try run.test("testC").status == .passed)
        #expect(run.result.tests.map(\.order) == [1, 2, 3])
        #expect(run.result.errors.isEmpty)
    }

    @Test func aTestPastTestSecondsIsStoppedWithSIGTERMThenGraceThenKilledAndTheRunGoesOn() throws {
        let run = try run(
            [
                .init(steps: [.print(Self.started("testA"))], ending: .hang, onStop: .ignores),
                .init(
                    steps: [
                        .print(
                            Self.started("testB") + Self.passed("testB") + Self.started("testC") + Self.passed("testC"))
                    ], ending: .exit(0)),
                .init(
                    steps: [.print(Self.started("testA"))], ending: .hang,
                    onStop: .finishes(printing: "terminated\n", termination: .signaled(SIGTERM))),
            ], retries: 1, testSeconds: 30)
        #expect(
            run.requested == [
                Self.ids, ["ShopTests.CartTests/testB", "ShopTests.CartTests/testC"], ["ShopTests.CartTests/testA"],
            ])
        #expect(run.launches.allSatisfy { $0.stopSignal == SIGTERM && $0.graceSeconds == 10 })
        let hung = try run.test("testA")
        #expect(hung.status == .timedOut && !hung.flaky)
        #expect(hung.attempts.map(\.status) == [.timedOut, .timedOut])
        #expect(hung.attempts.first?.failures.first?.message.hasPrefix("exceeded timeouts.testSeconds (30 s)") == true)
        // Stopped on the first tick past 30 s each time; the first ignored SIGTERM and cost the 10 s grace.
        #expect(run.clock.now.timeIntervalSince(run.started) == 31 + 10 + 31)
        #expect(try run.test("testB").status == .passed && run.test("testC").status == .passed)
        #expect(run.result.errors.isEmpty && !run.result.interrupted)
    }

    /// A test that passes only once stopped (a server shutting down on SIGTERM) ended because smokerun stopped it.
    @Test func aTestThatPassesOnceStoppedAtTestSecondsTimedOut() throws {
        let run = try run(
            [
                .init(
                    steps: [.print(Self.started("testA"))], ending: .hang,
                    onStop: .finishes(printing: Self.passed("testA"), termination: .exited(0))),
                .init(
                    steps: [
                        .print(
                            Self.started("testB") + Self.passed("testB") + Self.started("testC") + Self.passed("testC"))
                    ], ending: .exit(0)),
            ], testSeconds: 30)
        let stopped = try run.test("testA")
        #expect(stopped.status == .timedOut, "\(stopped)")
        #expect(stopped.failures.last?.message.hasPrefix("exceeded timeouts.testSeconds (30 s)") == true)
        #expect(stopped.evidence?.what == "smokerun stopped it at timeouts.testSeconds (30 s)")
        #expect(try run.test("testB").status == .passed && run.test("testC").status == .passed)
    }

    /// A process that hangs after its tests reported (a class tearDown, an exit handler) until the run's deadline: its
    /// tests stand, and the run cannot pass (`swift test` would wait for ever).
    @Test func aProcessHungAfterItsTestsAtTheDeadlineIsAnError() throws {
        let tests = ["testA", "testB", "testC"].map { Self.started($0) + Self.passed($0) }.joined()
        let run = try run([.init(steps: [.print(tests)], ending: .hang, onStop: .ignores)], runSeconds: 60)
        #expect(run.result.tests.map(\.status) == [.passed, .passed, .passed])
        let error = try #require(run.result.errors.first { !$0.isNote })
        #expect(
            error.message.hasPrefix(
                "the test process was still running after ShopTests.CartTests/testC reported, with no test running"))
        // Every test passed: no retry or recheck was left that the deadline could have stopped.
        #expect(run.result.errors.count == 1, "\(run.result.errors)")
    }

    @Test func theRunDeadlineStopsTheRunningTestListsWhatDidNotRunAndSkipsRetries() throws {
        let run = try run(
            [
                .init(
                    steps: [
                        .print(
                            """
                            \(Self.started("testA"))boom
                            /src/Tests/CartTests.swift:9: error: CartTests.testA : XCTAssertTrue failed
                            Test Case 'CartTests.testA' failed (0.002 seconds)
                            \(Self.started("testB"))
                            """),
                        .wait(120),
                    ], ending: .exit(0))
            ], retries: 3, runSeconds: 60)
        #expect(run.launches.count == 1)
        #expect(try run.test("testA").status == .failed)
        #expect(try run.test("testA").attempts.isEmpty)
        let cut = try run.test("testB")
        #expect(cut.status == .timedOut)
        #expect(cut.failures.first?.message == "still running when the run reached timeouts.runSeconds")
        let error = try #require(run.result.errors.first)
        #expect(error.message == "the run reached timeouts.runSeconds (60 s); 1 test did not run")
        #expect(error.details == ["ShopTests.CartTests/testC"])
    }

    /// The deadline during a retry: every test has a result, so the tests say how the run went (failed, exit 1),
    /// never an error about tests that did not run; the retries cut short are a note.
    @Test func theRunDeadlineDuringARetryLeavesTheTestsVerdict() throws {
        let run = try run(
            [
                .init(
                    steps: [
                        .print(
                            """
                            \(Self.started("testA"))/src/Tests/CartTests.swift:9: error: CartTests.testA : XCTAssertTrue failed
                            Test Case 'CartTests.testA' failed (0.002 seconds)
                            \(Self.started("testB"))\(Self.passed("testB"))\(Self.started("testC"))\(Self.passed("testC"))
                            """)
                    ], ending: .exit(1)),
                .init(steps: [.print(Self.started("testA")), .wait(120)], ending: .exit(0)),
            ], retries: 1, runSeconds: 60)
        #expect(run.launches.count == 2)
        #expect(try run.test("testA").status.isFailure)
        #expect(try run.test("testB").status == .passed)
        #expect(!run.result.errors.isEmpty && run.result.errors.allSatisfy(\.isNote), "\(run.result.errors)")
    }

    @Test func aProcessThatDiesBeforeAnyTestCrashesItsBatchOnceWithoutLooping() throws {
        let run = try run([.init(steps: [.print("error: cannot load libShop.so\n")], ending: .exit(1))], retries: 0)
        #expect(run.launches.count == 1)
        #expect(run.result.tests.map(\.status) == [.crashed, .crashed, .crashed])
        #expect(
            run.result.tests.first?.failures.first?.message
                == "the test process exited with status 1 before this test reported a result")
    }

    /// A class `setUp` that traps crashes every try before any test reports: each retry is an attempt of its own.
    @Test func aRetryThatCrashesBeforeItsTestReportsIsAnAttempt() throws {
        let trap = ScriptedProcessRunner.Script(steps: [.print("Fatal error: class setUp\n")], ending: .crash(SIGILL))
        let run = try run([trap, trap, trap, trap, trap, trap, trap], retries: 1)
        #expect(run.launches.count == 4)
        #expect(run.result.tests.map(\.status) == [.crashed, .crashed, .crashed])
        let first = try #require(run.result.tests.first)
        #expect(first.attempts.map(\.status) == [.crashed, .crashed], "\(first)")
        #expect(
            first.attempts.last?.evidence?.what
                == "the test process was ended by signal 4 (SIGILL) before any test reported")
    }

    @Test func aProcessThatExitsZeroWithoutStartingAnyTestIsARunnerProblemNotACrash() throws {
        let run = try run([.init(steps: [.print("")], ending: .exit(0))], retries: 2)
        #expect(run.launches.count == 1)
        #expect(run.result.tests.isEmpty)
        let error = try #require(run.result.errors.first)
        #expect(run.result.errors.count == 1)
        #expect(
            error.message.hasPrefix(
                "the test process exited with status 0 without starting any of the 3 xctest tests it was asked to run"))
        #expect(
            error.details.first
                == "command: /src/.build/debug/ShopPackageTests.xctest \(Self.ids.joined(separator: ","))")
        #expect(error.details.last == "it printed nothing")
    }

    /// XCTest exits 0 when nothing failed: a test running when its process exits 0 printing no crash has no result (its
    /// output redirected, `exit(0)` in it): `unfinished`, and a runner problem (exit 3), never `crashed`; the rest run.
    @Test func aTestRunningWhenItsProcessExitsZeroIsUnfinishedAndTheRestRunInANewProcess() throws {
        let run = try run(
            [
                .init(
                    steps: [.print(Self.started("testA") + Self.passed("testA") + Self.started("testB"))],
                    ending: .exit(0)),
                .init(steps: [.print(Self.started("testC") + Self.passed("testC"))], ending: .exit(0)),
            ])
        #expect(run.requested == [Self.ids, ["ShopTests.CartTests/testC"]])
        let cut = try run.test("testB")
        #expect(cut.status == .unfinished)
        #expect(cut.failures.isEmpty)
        #expect(
            cut.evidence?.what
                == "the test process exited with status 0 while this test was running, reporting no result and no crash"
        )
        #expect(try run.test("testC").status == .passed)
        #expect(run.result.errors.count == 1)
        #expect(
            run.result.errors.first?.message.hasPrefix(
                "ShopPackageTests.xctest exited with status 0 while ShopTests.CartTests/testB ran") == true)
    }

    /// A crash it printed proves the crash, whatever the status the process exited with.
    @Test func aTestWhoseProcessPrintedACrashAndExitedZeroCrashed() throws {
        let run = try run(
            [
                .init(steps: [.print(Self.started("testA") + Self.crash)], ending: .exit(0)),
                .init(
                    steps: [
                        .print(
                            Self.started("testB") + Self.passed("testB") + Self.started("testC") + Self.passed("testC"))
                    ],
                    ending: .exit(0)),
            ], retries: 0)
        #expect(try run.test("testA").status == .crashed)
        #expect(try run.test("testA").failures.map(\.message) == ["Index out of range"])
    }

    /// `swift test` fails when the process crashes or exits non-zero after its tests passed (a class tearDown, a
    /// scoping trait): so does the run, its tests' results standing; between tests the rest still run.
    @Test(arguments: [Termination.signaled(SIGILL), .exited(1)])
    func aProcessThatEndsBadlyWhileNoTestRunsFailsTheRunAndKeepsItsTestsResults(ending: Termination) throws {
        let ends: ScriptedProcessRunner.Ending =
            switch ending {
            case .signaled(let signal): .crash(signal)
            case .exited(let code): .exit(code)
            }
        let run = try run(
            [
                .init(
                    steps: [.print(Self.started("testA") + Self.passed("testA") + "Fatal error: tearDown\n")],
                    ending: ends),
                .init(
                    steps: [
                        .print(
                            Self.started("testB") + Self.passed("testB") + Self.started("testC") + Self.passed("testC"))
                    ],
                    ending: .exit(0)),
            ])
        #expect(run.result.tests.map(\.status) == [.passed, .passed, .passed])
        let error = try #require(run.result.errors.first { !$0.isNote })
        #expect(run.result.errors.filter { !$0.isNote }.count == 1)
        #expect(
            error.message.hasPrefix(
                "the test process \(ending.ended) while no test was running, after ShopTests.CartTests/testA reported"))
        #expect(error.message.hasSuffix("the run cannot pass"))
        #expect(RunReport.status(of: run.result.tests, errors: run.result.errors) == .error)
    }

    @Test func aProcessThatExitsOneAfterAFailingTestIsExplainedByIt() throws {
        let failed = "Test Case 'CartTests.testA' failed (0.001 seconds)\n"
        let run = try run([
            .init(
                steps: [
                    .print(
                        Self.started("testA") + failed + Self.started("testB") + Self.passed("testB")
                            + Self.started("testC") + Self.passed("testC"))
                ],
                ending: .exit(1))
        ])
        #expect(run.result.tests.map(\.status) == [.failed, .passed, .passed])
        #expect(run.result.errors.allSatisfy { $0.isNote })
    }

    @Test func aReRunThatRunsNoneOfItsTestsSaysWhatTheProcessSaid() throws {
        let run = try run(
            [
                .init(steps: [.print(Self.started("testA") + Self.passed("testA"))], ending: .exit(0)),
                .init(
                    steps: [
                        .print(
                            """
                            Test Suite 'Selected tests' started at 2026-01-02 10:00:00.000
                            \t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds

                            """)
                    ], ending: .exit(0)),
            ], retries: 1)
        #expect(run.requested == [Self.ids, ["ShopTests.CartTests/testB", "ShopTests.CartTests/testC"]])
        #expect(run.result.tests.map(\.id) == ["ShopTests.CartTests/testA"])
        let error = try #require(run.result.errors.first)
        #expect(
            error.message.contains(
                "its output says 'Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds', so the binary holds no test by those names"
            ))
    }

    @Test func aCancelledRunInterruptsTheRunningTestAndRunsNothingMore() throws {
        let run = try run(
            [.init(steps: [.print(Self.started("testA")), .wait(5)], ending: .exit(0))], retries: 2, cancelled: true)
        #expect(run.launches.count == 1)
        #expect(run.result.interrupted)
        #expect(run.result.tests.map(\.status) == [.interrupted])
        // The two tests it never got to are named, in a note: the run's status is interrupted already.
        #expect(run.result.errors.map(\.message) == ["smokerun was stopped before 2 tests ran: they have no result"])
        #expect(run.result.errors.first?.details == ["ShopTests.CartTests/testB", "ShopTests.CartTests/testC"])
        #expect(run.result.errors.allSatisfy { $0.isNote })
    }
}
