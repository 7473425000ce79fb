import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct ResultCollectorTests {
    private typealias Support = ParsingTestSupport

    private let linuxLog = """
        [3/3] Linking ShopPackageTests.xctest
        Test Suite 'Selected tests' started at 2026-01-02 10:00:00.000
        Test Suite 'CartTests' started at 2026-01-02 10:00:00.001
        Test Case 'CartTests.testTotal' started at 2026-01-02 10:00:00.001
        Test Case 'CartTests.testTotal' passed (0.002 seconds)
        Test Case 'CartTests.testDiscount' started at 2026-01-02 10:00:00.003
        discount applied: 10%
        /src/Tests/ShopTests/CartTests.swift:21: error: CartTests.testDiscount : XCTAssertEqual failed: ("9") is not equal to ("10")
        Test Case 'CartTests.testDiscount' failed (0.004 seconds)
        Test Case 'CartTests.testRefund' started at 2026-01-02 10:00:00.008
        /src/Tests/ShopTests/CartTests.swift:30: CartTests.testRefund : Test skipped - bank closed
        Test Case 'CartTests.testRefund' skipped (0.001 seconds)
        Test Suite 'CartTests' failed at 2026-01-02 10:00:00.010
        \t Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.007 (0.007) seconds
        Test Suite 'Selected tests' failed at 2026-01-02 10:00:00.010
        \t Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.007 (0.007) seconds
        """

    @Test func linuxLogGivesStatusesDurationsFailuresAndOutput() {
        let collector = Support.collect(linuxLog)
        let results = collector.results
        #expect(results.map(\.id) == ["CartTests/testTotal", "CartTests/testDiscount", "CartTests/testRefund"])
        #expect(results.map(\.status) == [.passed, .failed, .skipped])
        #expect(results.map(\.order) == [1, 2, 3])
        #expect(results[1].durationSeconds == 0.004)
        #expect(
            results[1].failures == [
                TestFailure(
                    message: "XCTAssertEqual failed: (\"9\") is not equal to (\"10\")",
                    file: "/src/Tests/ShopTests/CartTests.swift", line: 21)
            ])
        #expect(results[1].output == ["discount applied: 10%"])
        #expect(results[2].output == ["Skipped: bank closed"])
        #expect(collector.unrecognizedLineCount == 0)
        #expect(Totals(results).failed == 1)
    }

    @Test func knownTestsQualifyLinuxNames() {
        let collector = Support.collect(
            linuxLog, knownTests: ["ShopTests.CartTests/testTotal", "ShopTests.CartTests/testDiscount"])
        let first = collector.results[0]
        #expect(first.id == "ShopTests.CartTests/testTotal")
        #expect(first.suite == "CartTests")
        #expect(first.name == "testTotal")
        #expect(collector.results[2].id == "CartTests/testRefund") // not listed: Class/method
    }

    @Test func appleFormUsesTheModuleFromTheName() {
        let collector = Support.collect(
            """
            Test Case '-[ShopTests.CartTests testTotal]' started.
            Test Case '-[ShopTests.CartTests testTotal]' passed (0.010 seconds).
            """)
        #expect(collector.results.map(\.id) == ["ShopTests.CartTests/testTotal"])
        #expect(collector.results[0].suite == "CartTests")
    }

    @Test func crashIsAttributedWithTheFatalMessageAndFirstProjectFrame() {
        var collector = Support.collect(
            """
            Test Case 'CartTests.testCrash' started at 2026-01-02 10:00:00.000
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

            *** Program crashed: Illegal instruction at 0x00007f4e3476df7f ***
              0      0x00007f4e3476df7f _assertionFailure + 623 in libswiftCore.so
              1 [ra] 0x000055db32edf522 Generated + 1 in ShopTests.xctest at /src/.build/debug/Derived.swift:3:1
              2 [ra] 0x000055db32ed44b1 Cart.item(at:) + 64 in ShopTests.xctest at /src/Sources/Shop/Cart.swift:15:16
              3 [ra] 0x000055db32edf522 CartTests.testCrash() + 81 in ShopTests.xctest at /src/Tests/ShopTests/CartTests.swift:29:20
            Backtrace took 0.02s
            """, projectRoot: "/src")
        #expect(collector.runningTestID == "CartTests/testCrash")
        collector.finishRunningTest(
            as: .crashed, failure: nil, evidence: Evidence(what: "the test process was killed by signal 4 (SIGILL)"))
        #expect(collector.runningTestID == nil)
        #expect(collector.results[0].status == .crashed)
        #expect(
            collector.results[0].failures == [
                TestFailure(message: "Index out of range", file: "/src/Sources/Shop/Cart.swift", line: 15)
            ])
        #expect(collector.startedTestIDs == ["CartTests/testCrash"])
    }

    @Test func timeoutFinishesTheRunningTest() {
        var collector = Support.collect("Test Case 'CartTests.testHang' started at 2026-01-02 10:00:00.000\nwaiting…")
        collector.finishRunningTest(
            as: .timedOut, failure: TestFailure(message: "timed out after 300 s"),
            evidence: Evidence(what: "smokerun stopped it at timeouts.testSeconds (300 s)"))
        #expect(collector.results[0].status == .timedOut)
        #expect(collector.results[0].failures.map(\.message) == ["timed out after 300 s"])
        #expect(collector.results[0].output == ["waiting…"])
    }

    @Test func aNewXCTestStartingMeansThePreviousCrashed() {
        let collector = Support.collect(
            """
            Test Case 'CartTests.testA' started at 2026-01-02 10:00:00.000
            Fatal error: boom
            Test Suite 'Selected tests' started at 2026-01-02 10:00:01.000
            Test Case 'CartTests.testB' started at 2026-01-02 10:00:01.000
            Test Case 'CartTests.testB' passed (0.001 seconds)
            """)
        #expect(collector.results.map(\.status) == [.crashed, .passed])
        #expect(collector.results[0].failures.map(\.message) == ["boom"])
    }

    @Test func appleRestartMarksTheTestCrashed() {
        let collector = Support.collect(
            """
            Test Case '-[ShopTests.CartTests testA]' started.
            Fatal error: Unexpectedly found nil while unwrapping an Optional value
            Restarting after unexpected exit, crash, or test timeout in CartTests.testA(); summary will include totals from previous launches.
            """)
        #expect(collector.results[0].status == .crashed)
        #expect(
            collector.results[0].failures.first?.message == "Unexpectedly found nil while unwrapping an Optional value")
    }

    /// A serial log's restart line for a test whose lines it lacks (cut above, lost) is that test's crash, not dropped.
    @Test func serialLogRestartNamingATestThatNeverStartedIsItsCrash() {
        let collector = Support.collect(
            """
            Test Case '-[ShopTests.CartTests testA]' started.
            Test Case '-[ShopTests.CartTests testA]' passed (0.001 seconds).
            Restarting after unexpected exit, crash, or test timeout in OtherTests.testB(); summary will include totals from previous launches.
            """)
        #expect(collector.results.map(\.id) == ["ShopTests.CartTests/testA", "OtherTests/testB"])
        #expect(collector.results.map(\.status) == [.passed, .crashed])
        #expect(collector.unrecognizedLineCount == 0)
    }

    /// The restart after a test of its class failed (its time allowance) names that test, perhaps spelled another way
    /// (`testHang()` for ObjC's `testHangAndReturnError:`): no second test.
    @Test func aRestartAfterItsClassesTestFailedNamesThatTest() {
        let collector = Support.collect(
            """
            Test Case '-[AppTests.FooTests testHangAndReturnError:]' started.
            Test Case '-[AppTests.FooTests testHangAndReturnError:]' failed (0.010 seconds).
            Restarting after unexpected exit, crash, or test timeout in FooTests.testHang(); summary will include totals from previous launches.
            """)
        #expect(collector.results.map(\.id) == ["AppTests.FooTests/testHangAndReturnError:"])
        #expect(collector.results.map(\.status) == [.failed])
    }

    @Test func parallelLogRestartMarksTheNamedTestCrashed() {
        let collector = Support.collect(
            """
            Test case 'CartTests.testA()' passed on 'Clone 1 of iPhone 15' (0.001 seconds)
            Restarting after unexpected exit, crash, or test timeout in CartTests.testB(); summary will include totals from previous launches.
            """)
        #expect(collector.results.map(\.status) == [.passed, .crashed])
    }

    /// The crash printed before the restart line is the named test's, and xcodebuild's `failed on` line for it after
    /// the restart is the same run's: still crashed, and no crash outside the tests.
    @Test func parallelLogRestartThenFailedOnStaysCrashed() {
        var collector = ResultCollector()
        collector.source = "x.log"
        var parser = ConsoleParser()
        let lines = [
            "Test case 'CartTests.testA()' passed on 'Clone 1 of iPhone 15' (0.001 seconds)",
            "CartTests.swift:10: Fatal error: boom",
            "Restarting after unexpected exit, crash, or test timeout in CartTests.testB(); summary will include totals from previous launches.",
            "Test case 'CartTests.testB()' failed on 'Clone 1 of iPhone 15' (0.500 seconds)",
        ]
        for (number, line) in lines.enumerated() {
            collector.line = number + 1
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
        }
        #expect(collector.results.map(\.status) == [.passed, .crashed])
        #expect(collector.results.last?.failures.map(\.message) == ["boom"])
        #expect(collector.crashesOutsideTests.isEmpty)
    }

    @Test func swiftTestingConsoleResolvesThroughKnownTests() {
        let collector = Support.collect(
            """
            ◇ Test addsItem() started.
            ✘ Test addsItem() recorded an issue at CartSuite.swift:17:9: Expectation failed: 1 == 2
            ✘ Test addsItem() failed after 0.001 seconds with 1 issue.
            ◇ Test rounding() started.
            ━ Test rounding() recorded a known issue at CartSuite.swift:25:13: Expectation failed: 2 == 3
            ↳ off by one
            ━ Test rounding() passed after 0.001 seconds with 1 known issue.
            """, knownTests: ["ShopTests.CartSuite/addsItem()", "ShopTests.CartSuite/rounding()"])
        #expect(collector.results.map(\.id) == ["ShopTests.CartSuite/addsItem()", "ShopTests.CartSuite/rounding()"])
        #expect(collector.results.map(\.status) == [.failed, .expectedFailure])
        #expect(collector.results[1].failures.isEmpty)
        #expect(collector.results[1].output.contains("off by one"))
    }

    @Test func outputOutsideATestIsUnrecognised() {
        let collector = Support.collect(
            "something odd\nTest Case 'A.testB' started at x\nprinted by the test\nTest Case 'A.testB' passed (0.1 seconds)\nafter"
        )
        #expect(collector.unrecognizedLineCount == 2)
        #expect(collector.results[0].output == ["printed by the test"])
    }

    @Test func outputIsBounded() {
        let lines = (0..<(TestResult.outputLineLimit + 50)).map { "line \($0)" }.joined(separator: "\n")
        let collector = Support.collect(
            "Test Case 'A.testB' started at x\n\(lines)\nTest Case 'A.testB' passed (0.1 seconds)")
        #expect(collector.results[0].output.count == TestResult.outputLineLimit)
    }

    @Test func aRetriedTestKeepsItsEarlierAttemptAndIsFlaky() {
        let collector = Support.collect(
            """
            Test Case '-[M.A testB]' started (Iteration 1 of 3).
            /src/A.swift:3: error: -[M.A testB] : failed
            Test Case '-[M.A testB]' failed (0.1 seconds).
            Test Case '-[M.A testB]' started (Iteration 2 of 3).
            Test Case '-[M.A testB]' passed (0.2 seconds).
            """)
        #expect(collector.results.count == 1)
        #expect(collector.results[0].status == .passed)
        #expect(collector.results[0].flaky)
        #expect(collector.results[0].attempts.map(\.status) == [.failed, .passed])
    }

    @Test func eventStreamFoldsIntoOneResultPerTestWithAttachments() {
        var collector = ResultCollector()
        let id = "ShopTests.CartSuite/price(of:)/CartSuite.swift:9:6"
        let ref = SwiftTestingEventStreamParser.ref(id)!
        collector.apply(.testStarted(ref))
        collector.apply(
            .issue(ref, TestFailure(message: "price > 0", file: "/src/CartSuite.swift", line: 11), isKnown: false))
        collector.apply(.attachment(ref, name: "../../x.txt", content: .bytes(Data("x".utf8))))
        collector.apply(.testFinished(ref, .passed, durationSeconds: 0.01))
        #expect(collector.results.map(\.id) == ["ShopTests.CartSuite/price(of:)"])
        #expect(collector.results[0].status == .failed)
        #expect(
            collector.attachments == [
                RawAttachment(
                    testID: "ShopTests.CartSuite/price(of:)", name: "../../x.txt", content: .bytes(Data("x".utf8)))
            ])
    }

    /// A UI test's activity log echoes its failure without a place, then the runner prints it with one: one failure,
    /// at its place. The same message failing twice at its place stays two failures.
    @Test func anActivityEchoAndTheRunnersLineAreOneFailure() {
        let collector = Support.collect(
            """
            Test Case '-[AppUITests.AppUITests testDelete]' started.
                t =     2.57s             Assertion Failure: UI Testing Failure - Failed to receive completion
            /src/AppUITests.swift:21: error: -[AppUITests.AppUITests testDelete] : UI Testing Failure - Failed to receive completion
            /src/AppUITests.swift:21: error: -[AppUITests.AppUITests testDelete] : UI Testing Failure - Failed to receive completion
            Test Case '-[AppUITests.AppUITests testDelete]' failed (3.100 seconds).
            """)
        let failure = TestFailure(
            message: "UI Testing Failure - Failed to receive completion", file: "/src/AppUITests.swift", line: 21)
        #expect(collector.results.first?.failures == [failure, failure])
    }

    /// A Swift Testing test running when its process died, then XCTest's tests of a next run (`swift test` again):
    /// the crash is that test's, not lost when the next process's first test starts.
    @Test func aCrashBeforeAnotherProcesssXCTestStartIsTheRunningSwiftTestingTests() {
        let collector = Support.collect(
            """
            ◇ Test run started.
            ◇ Test foo() started.
            error: Exited with unexpected signal code 5
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Case 'AppTests.testRoutes' started at 2026-01-02 10:00:00.001
            Test Case 'AppTests.testRoutes' passed (0.002 seconds)
            """)
        #expect(collector.results.map(\.id) == ["foo()", "AppTests/testRoutes"])
        #expect(collector.results.map(\.status) == [.crashed, .passed])
    }
}

/// An XCTest failure message that spans lines (`XCTAssertEqual` of multi-line strings, a snapshot diff) stays one
/// message: the lines after `path:line: error: …` up to the next recognised line are its own.
@Suite struct MultiLineFailureMessageTests {
    @Test func appleFormKeepsTheWholeMessage() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case '-[ShopTests.ReceiptTests testLines]' started.
            /Users/dev/Shop/Tests/ShopTests/ReceiptTests.swift:42: error: -[ShopTests.ReceiptTests testLines] : XCTAssertEqual failed: ("Total: 3
            Tax: 0") is not equal to ("Total: 3
            Tax: 1")
            Test Case '-[ShopTests.ReceiptTests testLines]' failed (0.004 seconds).
            """)
        let test = try #require(collector.results.first)
        #expect(test.status == .failed)
        #expect(
            test.failures == [
                TestFailure(
                    message: "XCTAssertEqual failed: (\"Total: 3\nTax: 0\") is not equal to (\"Total: 3\nTax: 1\")",
                    file: "/Users/dev/Shop/Tests/ShopTests/ReceiptTests.swift", line: 42)
            ])
        #expect(test.output.isEmpty)
        #expect(collector.unrecognizedLineCount == 0)
    }

    @Test func linuxFormKeepsBlankLinesInsideTheMessageButNotAfterIt() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000
            /src/Tests/ShopTests/ReceiptTests.swift:42: error: ReceiptTests.testLines : failed - Snapshot does not match reference.

            @−
            "Total: 3"
            @+
            "Total: 4"

            Test Case 'ReceiptTests.testLines' failed (0.004 seconds)
            """)
        let test = try #require(collector.results.first)
        #expect(
            test.failures.map(\.message) == [
                "failed - Snapshot does not match reference.\n\n@−\n\"Total: 3\"\n@+\n\"Total: 4\""
            ])
        #expect(test.output.isEmpty)
    }

    @Test func eachIssueKeepsItsOwnLinesAndOutputAfterTheResultIsOutputAgain() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000
            /src/Tests/ReceiptTests.swift:10: error: ReceiptTests.testLines : XCTAssertEqual failed: ("a
            b") is not equal to ("c")
            /src/Tests/ReceiptTests.swift:11: error: ReceiptTests.testLines : XCTAssertTrue failed - first
            second
            Test Case 'ReceiptTests.testLines' failed (0.004 seconds)
            Test Case 'ReceiptTests.testTotal' started at 2025-03-01 12:00:00.010
            printed by testTotal
            Test Case 'ReceiptTests.testTotal' passed (0.001 seconds)
            """)
        #expect(
            collector.results.first?.failures.map(\.message) == [
                "XCTAssertEqual failed: (\"a\nb\") is not equal to (\"c\")", "XCTAssertTrue failed - first\nsecond",
            ])
        #expect(collector.results.last?.output == ["printed by testTotal"])
    }

    @Test func aParallelLogsIssueNamesItsTestWithoutAStartLine() throws {
        let collector = ParsingTestSupport.collect(
            """
            /Users/dev/Shop/Tests/ReceiptTests.swift:42: error: -[ShopTests.ReceiptTests testLines] : XCTAssertEqual failed: ("1
            2") is not equal to ("1")
            Test case '-[ShopTests.ReceiptTests testLines]' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.004 seconds)
            """)
        #expect(
            collector.results.first?.failures.map(\.message) == [
                "XCTAssertEqual failed: (\"1\n2\") is not equal to (\"1\")"
            ])
        #expect(collector.unrecognizedLineCount == 0)
    }

    /// A test that failed more assertions than are kept, then crashed: the crash is kept, last, and heads it.
    @Test func theCrashOfATestPastItsFailureLimitIsKept() throws {
        let assertions = (1...(ResultCollector.failureLimit + 5)).map {
            "/src/Tests/T.swift:\($0): error: ReceiptTests.testLines : XCTAssertTrue failed - item \($0)"
        }
        var collector = ParsingTestSupport.collect(
            (["Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000"] + assertions + [
                "/src/Tests/T.swift:200: Fatal error: hard crash here"
            ]).joined(separator: "\n"))
        collector.finishRunningTest(as: .crashed, failure: nil, evidence: Evidence(what: "killed by signal 4"))
        let test = try #require(collector.results.first)
        #expect(test.status == .crashed)
        #expect(test.failures.count == ResultCollector.failureLimit)
        #expect(test.headlineFailure?.message == "hard crash here")
    }

    @Test func aSwiftTestingLineEndsTheMessage() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'ReceiptTests.testLines' started at 2025-03-01 12:00:00.000
            /src/Tests/ReceiptTests.swift:10: error: ReceiptTests.testLines : XCTAssertTrue failed - one
            two
            ◇ Test total() started.
            ✔ Test total() passed after 0.001 seconds.
            Test Case 'ReceiptTests.testLines' failed (0.004 seconds)
            """)
        #expect(collector.results.first?.failures.map(\.message) == ["XCTAssertTrue failed - one\ntwo"])
    }
}

/// A parallel xcodebuild log says which clone ran each test (`… passed on 'Clone 2 of iPhone 15 - App (123)'`), and
/// has no `started` lines: a name that appears again ran again.
@Suite struct ParallelLogWorkerTests {
    @Test func eachTestTakesItsClonesNumberAsWorkerAndItsPlaceOnIt() {
        let collector = ParsingTestSupport.collect(
            """
            Test suite 'CartTests' started on 'Clone 1 of iPhone 15 - Shop (4242)'
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.003 seconds)
            Test case 'PriceTests.testRound()' passed on 'Clone 2 of iPhone 15 - Shop (4243)' (0.002 seconds)
            Test case 'CartTests.testEmpty()' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.004 seconds)
            Test case 'CartTests.testSerial()' passed on 'My Mac - Shop (77)' (0.001 seconds)
            """)
        #expect(collector.results.map(\.worker) == [1, 2, 1, nil])
        #expect(collector.results.map(\.position) == [1, 1, 2, nil])
    }

    /// In a run, text the test printed without a line end is glued before its issue's path: the project's own path
    /// says where the place starts, and the text before it is the test's output.
    @Test func printedTextGluedBeforeAnIssuesPathIsTheTestsOutput() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'PrintTests.testFails' started at 2026-11-30 10:00:00.000
            another partial/src/App/Tests/AppTests/PrintTests.swift:8: error: PrintTests.testFails : XCTAssertTrue failed
            Test Case 'PrintTests.testFails' failed (0.001 seconds)
            """, projectRoot: "/src/App")
        let test = try #require(collector.results.first)
        #expect(test.failures.map(\.file) == ["/src/App/Tests/AppTests/PrintTests.swift"])
        #expect(test.failures.map(\.line) == [8])
        #expect(test.output == ["another partial"])
    }

    /// Two runs in one log, or two bundles' classes of one name, each in a process of its own on the Mac: a name's
    /// second result line is another execution, never the first one's result again (which lost a failure).
    @Test func aNameThatRunsAgainInAnotherMacProcessIsATestOfItsOwn() {
        let collector = ParsingTestSupport.collect(
            """
            Test case 'ExampleTests.testExample()' failed on 'My Mac - CoreKitTests (4101)' (0.004 seconds)
            Test case 'ExampleTests.testExample()' passed on 'My Mac - NetKitTests (4102)' (0.002 seconds)
            """)
        #expect(collector.results.map(\.id) == ["ExampleTests/testExample", "ExampleTests/testExample#2"])
        #expect(collector.results.map(\.status) == [.failed, .passed])
    }

    /// Xcode's `LaunchTests` template runs `testLaunch` once per appearance in one process; Xcode 16 then repeats each
    /// serial result on 'My Mac': the repeats are those two runs again, in order, not a third test.
    @Test func xcodesRepeatOfASerialNameRunTwiceIsThoseTwoRuns() {
        let collector = ParsingTestSupport.collect(
            """
            Test Case '-[AppUITests.LaunchTests testLaunch]' started.
            Test Case '-[AppUITests.LaunchTests testLaunch]' passed (5.748 seconds).
            Test Case '-[AppUITests.LaunchTests testLaunch]' started.
            Test Case '-[AppUITests.LaunchTests testLaunch]' passed (5.616 seconds).
            Test case 'LaunchTests.testLaunch()' passed on 'My Mac - AppUITests-Runner (44894)' (5.748 seconds)
            Test case 'LaunchTests.testLaunch()' passed on 'My Mac - AppUITests-Runner (44894)' (5.616 seconds)
            """)
        #expect(
            collector.results.map(\.id) == ["AppUITests.LaunchTests/testLaunch", "AppUITests.LaunchTests/testLaunch#2"])
        #expect(collector.results.map(\.durationSeconds) == [5.748, 5.616])
    }

    @Test func aNameThatRunsAgainOnAClonesIsATestOfItsOwn() {
        let collector = ParsingTestSupport.collect(
            """
            Test case 'CartTests.testTotal()' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.003 seconds)
            Test case 'CartTests.testTotal()' passed on 'Clone 2 of iPhone 15 - Shop (4243)' (0.002 seconds)
            """)
        #expect(collector.results.map(\.id) == ["CartTests/testTotal", "CartTests/testTotal#2"])
        #expect(collector.results.map(\.status) == [.failed, .passed])
        #expect(collector.results.map(\.durationSeconds) == [0.003, 0.002])
        #expect(collector.results.map(\.worker) == [1, 2])
    }

    @Test func afterXcodebuildRestartedTheRunnerARunAgainIsAnAttempt() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test case 'CartTests.testTotal()' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.003 seconds)
            Restarting after unexpected exit, crash, or test timeout in CartTests.testCrash(); summary will include totals from previous launches.
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 15 - Shop (4250)' (0.002 seconds)
            """)
        let total = try #require(collector.results.first)
        #expect(collector.results.map(\.id) == ["CartTests/testTotal", "CartTests/testCrash"])
        #expect(total.status == .passed)
        #expect(total.flaky)
        #expect(total.attempts.map(\.status) == [.failed, .passed])
        #expect(total.attempts.map(\.durationSeconds) == [0.003, 0.002])
        #expect(total.durationSeconds == 0.002)
    }

    @Test func theCloneCrossesAnEventBatch() {
        var ref = ParsingTestSupport.xctest("CartTests", "testTotal")
        ref.clone = 3
        var batch = EventBatch()
        batch.take(.testFinished(ref, .passed, durationSeconds: 0.5), line: 1)
        var sink = CollectorSink(collector: ResultCollector())
        batch.replay(into: &sink)
        #expect(sink.collector.results.map(\.worker) == [3])
    }
}
