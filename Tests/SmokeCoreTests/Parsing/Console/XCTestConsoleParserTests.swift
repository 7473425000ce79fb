import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct XCTestConsoleParserTests {
    private typealias Support = ParsingTestSupport

    @Test func linuxTestCaseStarted() {
        #expect(
            Support.consoleEvent("Test Case 'CartTests.testTotal' started at 2026-01-02 10:00:00.000")
                == .testStarted(Support.xctest("CartTests", "testTotal")))
    }

    @Test(arguments: [
        ("Test Case 'CartTests.testTotal' passed (0.004 seconds)", TestStatus.passed, 0.004),
        ("Test Case 'CartTests.testTotal' failed (1.5 seconds)", .failed, 1.5),
        ("Test Case 'CartTests.testTotal' skipped (0.0 seconds)", .skipped, 0.0),
    ])
    func linuxTestCaseFinished(line: String, status: TestStatus, duration: Double) {
        #expect(
            Support.consoleEvent(line)
                == .testFinished(Support.xctest("CartTests", "testTotal"), status, durationSeconds: duration))
    }

    @Test func appleTestCaseStartedAndPassed() {
        let ref = Support.xctest("CartTests", "testTotal", module: "ShopTests")
        #expect(Support.consoleEvent("Test Case '-[ShopTests.CartTests testTotal]' started.") == .testStarted(ref))
        #expect(
            Support.consoleEvent("Test Case '-[ShopTests.CartTests testTotal]' passed (0.250 seconds).")
                == .testFinished(ref, .passed, durationSeconds: 0.25))
    }

    @Test func appleObjectiveCTestWithoutModule() {
        #expect(
            Support.consoleEvent("Test Case '-[CartSpec adds items to the cart]' failed (0.010 seconds).")
                == .testFinished(Support.xctest("CartSpec", "adds items to the cart"), .failed, durationSeconds: 0.01))
    }

    @Test func parallelCloneLines() {
        var onClone2 = Support.xctest("CartTests", "testTotal")
        onClone2.clone = 2
        onClone2.namesProcess = true
        var onMyMac = TestRef(framework: .swiftTesting, suite: "CartSuite", name: "addsItem()")
        onMyMac.namesProcess = true
        #expect(
            Support.consoleEvent(
                "Test case 'CartTests.testTotal()' failed on 'Clone 2 of iPhone 15 - Shop (4242)' (0.125 seconds)")
                == .testFinished(onClone2, .failed, durationSeconds: 0.125))
        #expect(
            Support.consoleEvent("Test case 'CartSuite/addsItem()' passed on 'My Mac - Shop (77)' (0.5 seconds)")
                == .testFinished(onMyMac, .passed, durationSeconds: 0.5))
        #expect(
            Support.consoleEvent("Test Case '-[CartTests testTotal]' passed (0.5 seconds).")
                == .testFinished(Support.xctest("CartTests", "testTotal"), .passed, durationSeconds: 0.5),
            "a runner's own result line names no process")
    }

    @Test func linuxFailureLine() {
        #expect(
            Support.consoleEvent(
                "/src/Tests/ShopTests/CartTests.swift:31: error: CartTests.testTotal : XCTAssertEqual failed: (\"3\") is not equal to (\"4\")"
            )
                == .issue(
                    Support.xctest("CartTests", "testTotal"),
                    TestFailure(
                        message: "XCTAssertEqual failed: (\"3\") is not equal to (\"4\")",
                        file: "/src/Tests/ShopTests/CartTests.swift", line: 31),
                    isKnown: false))
    }

    @Test func appleFailureLine() {
        #expect(
            Support.consoleEvent(
                "/Users/ci/Shop/CartTests.swift:9: error: -[ShopTests.CartTests testTotal] : failed - empty cart")
                == .issue(
                    Support.xctest("CartTests", "testTotal", module: "ShopTests"),
                    TestFailure(message: "failed - empty cart", file: "/Users/ci/Shop/CartTests.swift", line: 9),
                    isKnown: false))
    }

    @Test func linuxSkipLine() {
        #expect(
            Support.consoleEvent(
                "/src/Tests/ShopTests/CartTests.swift:40: CartTests.testRefund : Test skipped - needs a bank")
                == .skipped(Support.xctest("CartTests", "testRefund"), reason: "needs a bank"))
        // XCTSkipIf/XCTSkipUnless, and an error thrown from setUpWithError, put a colon after `Test skipped`.
        #expect(
            Support.consoleEvent(
                "/src/Tests/SkipTests.swift:9: SkipTests.testSkipIf : Test skipped: required true value but got false")
                == .skipped(Support.xctest("SkipTests", "testSkipIf"), reason: "required true value but got false"))
    }

    @Test func suiteLines() {
        #expect(
            Support.consoleEvent("Test Suite 'CartTests' started at 2026-01-02 10:00:00.000")
                == .suiteStarted(name: "CartTests"))
        #expect(
            Support.consoleEvent("Test Suite 'All tests' failed at 2026-01-02 10:00:01.000.")
                == .suiteFinished(name: "All tests", passed: false))
        #expect(
            Support.consoleEvent("Test suite 'CartTests' started on 'Clone 1 of iPad (3)'")
                == .suiteStarted(name: "CartTests"))
    }

    @Test(arguments: [
        ("\t Executed 12 tests, with 2 failures (0 unexpected) in 0.5 (0.5) seconds", 12, 2),
        ("Executed 9 tests, with 1 test skipped and 3 failures (1 unexpected) in 0.1 (0.1) seconds", 9, 3),
        ("Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds", 1, 0),
    ])
    func summaryLine(line: String, executed: Int, failures: Int) {
        #expect(Support.consoleEvent(line) == .runSummary(executed: executed, failures: failures))
    }

    @Test(arguments: [
        ("Swift/Array.swift:418: Fatal error: Index out of range", "Index out of range", "Swift/Array.swift", 418),
        ("ShopTests/Cart.swift:12: Fatal error: cart corrupted", "cart corrupted", "ShopTests/Cart.swift", 12),
        // Swift before 5.3 put the place at the end.
        (
            "Fatal error: leaking promise: file /src/Sources/NIO/Loop.swift, line 171", "leaking promise",
            "/src/Sources/NIO/Loop.swift", 171
        ),
        (
            "Assertion failed: illegal state: file /src/Sources/NIO/Loop.swift, line 377",
            "Assertion failed: illegal state", "/src/Sources/NIO/Loop.swift", 377
        ),
    ])
    func fatalErrorWithLocation(line: String, message: String, file: String, number: Int) {
        #expect(Support.consoleEvent(line) == .fatalError(message: message, file: file, line: number))
    }

    @Test func fatalErrorWithoutLocation() {
        #expect(
            Support.consoleEvent("Fatal error: Unexpectedly found nil")
                == .fatalError(message: "Unexpectedly found nil", file: nil, line: nil))
    }

    @Test func backtraceFramesAndNoise() {
        let events = Support.consoleEvents(
            """
            *** Program crashed: Segmentation fault at 0x0000000000000010 ***
            Thread 0 "ShopTests" crashed:
              0 [ra] 0x00005555 Cart.total() + 12 in ShopTests.xctest at /src/Sources/Shop/Cart.swift:20:5
              1      0x00007fff memcpy + 3 in libc.so.6
            rax 0x0000000000000000  0
            0x000055d–0x000056e abcdef ShopTests.xctest /src/.build/debug/ShopTests.xctest
            Backtrace took 0.01s
            """)
        #expect(
            events == [
                .programCrashed(description: "Segmentation fault"), .ignored,
                .backtraceFrame(
                    file: "/src/Sources/Shop/Cart.swift", line: 20, function: "Cart.total()", inCrashedThread: true),
                .ignored, .ignored, .ignored, .ignored,
            ])
    }

    /// Swift's backtracer lists every thread; only the one it says crashed holds the crash's frames.
    @Test func backtraceFramesSayWhichThreadTheyAreIn() {
        let events = Support.consoleEvents(
            """
            *** Program crashed: Illegal instruction at 0x00007fbc8fb6df7f ***
            Thread 2 "oot.default-qos":
              0 [ra] 0x00005555 S.waits() + 12 in T.xctest at /src/Tests/T/S.swift:9:5
            Thread 4 "oot.default-qos" crashed:
              3 [ra]             0x000056046ccdf041 closure #1 in S.check(value:) + 480 in T.xctest at /src/Tests/T/S.swift:5:89
            """)
        #expect(
            events == [
                .programCrashed(description: "Illegal instruction"), .ignored,
                .backtraceFrame(file: "/src/Tests/T/S.swift", line: 9, function: "S.waits()", inCrashedThread: false),
                .ignored,
                .backtraceFrame(
                    file: "/src/Tests/T/S.swift", line: 5, function: "closure #1 in S.check(value:)",
                    inCrashedThread: true),
            ])
    }

    @Test func restartAfterCrash() {
        #expect(
            Support.consoleEvent(
                "Restarting after unexpected exit, crash, or test timeout in CartTests.testTotal(); summary will include totals from previous launches."
            )
                == .restartAfterCrash(Support.xctest("CartTests", "testTotal")))
        #expect(
            Support.consoleEvent(
                "Restarting after unexpected exit, crash, or test timeout in -[ShopTests.CartTests testTotal]; summary will include totals from previous launches."
            )
                == .restartAfterCrash(Support.xctest("CartTests", "testTotal", module: "ShopTests")))
    }

    @Test func performanceMeasurement() {
        #expect(
            Support.consoleEvent(
                "/src/PerfTests.swift:8: Test Case '-[ShopTests.PerfTests testSpeed]' measured [Time, seconds] average: 0.125, relative standard deviation: 2.1%, values: [0.12]"
            )
                == .measured(
                    Support.xctest("PerfTests", "testSpeed", module: "ShopTests"), metric: "Time, seconds",
                    average: 0.125))
    }

    @Test func executionTimeAllowanceIsAnIssue() {
        guard
            case .issue(let ref, let failure, false)? = Support.consoleEvent(
                "Test Case '-[ShopTests.CartTests testSlow]' exceeded execution time allowance of 1 minute. The test may have hung."
            )
        else {
            Issue.record("not an issue")
            return
        }
        #expect(ref == Support.xctest("CartTests", "testSlow", module: "ShopTests"))
        #expect(failure.message.hasPrefix("Test exceeded execution time allowance"))
    }

    @Test(arguments: [
        "[12/40] Compiling Shop Cart.swift", "Building for debugging...", "CompileSwift normal arm64 /src/Cart.swift",
        "** TEST SUCCEEDED **", "** TEST EXECUTE FAILED **", "Build complete! (3.2s)", "Ld /tmp/Shop normal",
        "/src/Cart.swift:3:9: warning: variable 'x' was never used",
        "/src/Cart.swift:3:9: error: cannot find 'y' in scope", "Clean.Remove clean /dd/Build/Products/Debug/Shop.a",
        "Create product structure", "/bin/mkdir -p /dd/Build/Products/Debug/Shop.framework/Versions/A",
        "2026-01-02 10:00:00.000 xcodebuild[123:456] IDETestOperationsObserverDebug: 1.0 elapsed",
    ])
    func buildAndToolNoiseIsIgnored(line: String) {
        #expect(Support.consoleEvent(line) == .ignored)
    }

    @Test func indentedBuildCommandsAfterABuildStepAreIgnored() {
        let events = Support.consoleEvents(
            """
            CompileSwift normal arm64 /src/Cart.swift (in target 'Shop' from project 'Shop')
                cd /src
                /Applications/Xcode.app/Contents/Developer/usr/bin/swiftc -module-name Shop
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            """)
        #expect(events == [.ignored, .ignored, .ignored, .suiteStarted(name: "All tests")])
    }

    /// xcodebuild's `User defaults from command line:` block holds multi-line values whose closing `)` is not indented.
    @Test func userDefaultsWithAMultiLineValueAreIgnored() {
        let events = Support.consoleEvents(
            """
            User defaults from command line:
                IDETestRunOnlyIdentifiers = (
                "ShopUITests/CartTests/testTotal"
            )
                IDETestRunSpecificationPath = /dd/Build/Products/Shop.xctestrun
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            """)
        #expect(events == [.ignored, .ignored, .ignored, .ignored, .ignored, .suiteStarted(name: "All tests")])
    }

    @Test func testingFailedBlockIsIgnored() {
        #expect(
            Support.consoleEvents("Testing failed:\n\tShop encountered an error (crashed)\n** TEST FAILED **") == [
                .ignored, .ignored, .ignored,
            ])
    }

    @Test func activityLinesAreToolOutput() {
        #expect(Support.consoleEvent("    t =     0.05s Set Up") == .toolOutput("    t =     0.05s Set Up"))
        #expect(
            Support.consoleEvent("    t =     4.13s Assertion Failure: CartUITests.swift:63: XCTAssertTrue failed")
                == .issue(
                    nil, TestFailure(message: "XCTAssertTrue failed", file: "CartUITests.swift", line: 63),
                    isKnown: false))
    }

    @Test func wrappedLinesAreUnwrapped() {
        let ref = Support.xctest("CartTests", "testTotal")
        #expect(
            Support.consoleEvent("test_1   | Test Case 'CartTests.testTotal' started at 2026-01-02")
                == .testStarted(ref))
        #expect(
            Support.consoleEvent(
                "\u{1B}[0;96m[worker 2] \u{1B}[0mTest Case 'CartTests.testTotal' started at 2026-01-02")
                == .testStarted(ref))
        // The same colour codes after something dropped their ESC bytes.
        #expect(
            Support.consoleEvent("[0;96;49m[worker 2] [0mTest Case 'CartTests.testTotal' started at 2026-01-02")
                == .testStarted(ref))
        #expect(
            Support.consoleEvent("[1m[worker 1] [0mTest Case 'CartTests.testTotal' passed (0.010 seconds).")
                == .testFinished(ref, .passed, durationSeconds: 0.01))
        // A line that only looks like one stays what it was.
        #expect(Support.consoleEvent("[12m of 40] copying") == .output("[12m of 40] copying"))
    }

    @Test func anythingElseIsOutput() {
        #expect(Support.consoleEvent("cart total: 42") == .output("cart total: 42"))
    }
}

/// xcodebuild's closing summary: `Testing failed:` says why, `Failing tests:` names the tests. The list counts only
/// when no result line shows a failure (the runner never started, the log was cut above them); otherwise it repeats
/// them and is not counted.
@Suite struct FailingTestsListTests {
    private func collect(_ log: String) -> ResultCollector {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        collector.finishListedFailures()
        return collector
    }

    @Test func aListWithoutResultLinesGivesFailedTestsWithTheRunnersError() throws {
        let collector = collect(
            """
            Testing failed:
            \tFoo-UI-Tests:
            \t\tThe test runner encountered an error (Failed to prepare device 'Clone 5 of iPad')
            Failing tests:
            \tFoo-UI-Tests:
            \t\tTest1.testSomething()
            \t\tSuiteB/checks()
            \t\tadds(_:to:)
            ** TEST EXECUTE FAILED **
            """)
        let results = collector.results
        // The target header is the module, as a result bundle names these tests (a global function: `Module/f()`).
        #expect(
            results.map(\.id) == [
                "Foo-UI-Tests.Test1/testSomething", "Foo-UI-Tests.SuiteB/checks()", "Foo-UI-Tests/adds(_:to:)",
            ])
        #expect(results.map(\.suite) == ["Test1", "SuiteB", "Foo-UI-Tests"])
        #expect(results.allSatisfy { $0.status == .failed })
        #expect(results.map(\.framework) == [.xctest, .swiftTesting, .swiftTesting])
        let message = try #require(results.first?.failures.first?.message)
        #expect(message.contains("The test runner encountered an error (Failed to prepare device 'Clone 5 of iPad')"))
    }

    @Test func aListAfterResultLinesIsNotCountedAgain() {
        let collector = collect(
            """
            Test Case '-[App.TestingTestTests testFailure]' started.
            Test Case '-[App.TestingTestTests testFailure]' failed (0.010 seconds).
            Test Case '-[App.TestingTestTests testPass]' started.
            Test Case '-[App.TestingTestTests testPass]' passed (0.001 seconds).
            Failing tests:
            \tTestingTestTests.testFailure()
            ** TEST FAILED **
            """)
        #expect(collector.results.map(\.id) == ["App.TestingTestTests/testFailure", "App.TestingTestTests/testPass"])
        #expect(collector.results.map(\.status) == [.failed, .passed])
    }

    /// A log's last lines (a paste, a log viewer's tail) show passing tests and the list, the failing test's own lines
    /// cut off above: the listed test is the run's failure, once, beside a listed test the input shows passing.
    @Test func aListAfterPassingResultLinesNamesTheFailureTheyLack() throws {
        let collector = collect(
            """
            Test Case '-[App.TestingTestTests testPass]' started.
            Test Case '-[App.TestingTestTests testPass]' passed (0.001 seconds).
            Failing tests:
            \tTestingTestTests.testFailure()
            \tTestingTestTests.testPass()
            ** TEST FAILED **
            """)
        #expect(collector.results.map(\.id) == ["App.TestingTestTests/testPass", "TestingTestTests/testFailure"])
        #expect(collector.results.map(\.status) == [.passed, .failed])
        let failed = try #require(collector.results.last)
        #expect(failed.evidence?.what == "listed under xcodebuild's `Failing tests:`")
    }

    /// fastlane puts `[time]: ▸ ` before every line: the list's lines still belong to the block the header opened.
    @Test func aListUnderFastlanesPrefixIsReadAsWell() {
        let collector = collect(
            """
            [15:48:30]: ▸ Testing failed:
            [15:48:30]: ▸ 	The test runner encountered an error (Failed to prepare device)
            [15:48:30]: ▸ Failing tests:
            [15:48:30]: ▸ 	Foo-UI-Tests:
            [15:48:30]: ▸ 		Test1.testSomething()
            [15:48:30]: ▸ ** TEST EXECUTE FAILED **
            """)
        #expect(collector.results.map(\.id) == ["Foo-UI-Tests.Test1/testSomething"])
        #expect(collector.results.first?.failures.first?.message.contains("Failed to prepare device") == true)
    }

    /// Blanks a pipeline leaves at a line's end do not hide the name before them.
    @Test func aListedNameWithTrailingBlanksStillNamesItsTest() {
        let collector = collect("Failing tests:\n\tCartTests.testTotal()\t\n\tCartTests.testTax() \t\n")
        #expect(collector.results.map(\.id) == ["CartTests/testTotal", "CartTests/testTax"])
        #expect(collector.results.allSatisfy { $0.status == .failed })
    }

    @Test func aListWithoutReasonSaysTheLogHasNoResultLine() throws {
        let collector = collect("Failing tests:\n\tCartTests.testTotal()\n")
        #expect(collector.results.map(\.id) == ["CartTests/testTotal"]) // no target header: no module
        let message = try #require(collector.results.first?.failures.first?.message)
        #expect(message == "xcodebuild listed this test as failing; the log has no result line for it.")
    }
}
