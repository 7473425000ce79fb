import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct LogParserTests {
    private typealias Support = ParsingTestSupport

    private func events(_ payloads: [String]) -> String {
        payloads.map { #"{"kind":"event","version":0,"payload":"# + $0 + "}" }.joined(separator: "\n") + "\n"
    }

    private let testID = "ShopTests.CartSuite/addsItem()/CartSuite.swift:8:6"

    @Test func parsesAnEventStreamFile() throws {
        let file = try Support.temporaryFile(
            Data(
                events([
                    #"{"kind":"runStarted","messages":[]}"#,
                    #"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#,
                    #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"pass","text":"Test addsItem() passed after 0.002 seconds."}]}"#,
                    #"{"kind":"runEnded","messages":[]}"#,
                ]).utf8), name: "events.jsonl")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.formats == ["eventStream"])
        #expect(parsed.results.map(\.id) == ["ShopTests.CartSuite/addsItem()"])
        #expect(parsed.results[0].durationSeconds == 0.002)
    }

    /// A log with old Mac line ends (`\r` alone) was one line with no test in it: 0 tests, exit 0.
    @Test func aLogWithCarriageReturnLineEndsIsReadLineByLine() throws {
        let log =
            [
                "Test Suite 'All tests' started at 2025-03-01 12:00:00.000",
                "Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000",
                "Test Case 'CartTests.testTotal' passed (0.001 seconds)",
                "Test Case 'CartTests.testEmpty' started at 2025-03-01 12:00:00.000",
                "/src/CartTests.swift:3: error: CartTests.testEmpty : XCTAssertTrue failed",
                "Test Case 'CartTests.testEmpty' failed (0.002 seconds)",
                "Test Suite 'All tests' failed at 2025-03-01 12:00:01.000",
                "\t Executed 2 tests, with 1 failure (0 unexpected) in 0.003 (0.004) seconds",
            ].joined(separator: "\r") + "\r"
        let file = try Support.temporaryFile(Data(log.utf8), name: "mac.log")
        let parsed = try LogParser().parse(files: [file])
        try #require(parsed.results.map(\.id) == ["CartTests/testTotal", "CartTests/testEmpty"])
        #expect(parsed.results.map(\.status) == [.passed, .failed])
        #expect(parsed.results[1].evidence?.line == 5)
        #expect(parsed.lineCount == 8)
        #expect(parsed.unrecognizedLineCount == 0)
    }

    @Test func aTruncatedEventStreamIsIncompleteNamingItsLastLine() throws {
        let text =
            events([
                #"{"kind":"runStarted","messages":[]}"#,
                #"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#,
            ]) + #"{"kind":"event","payload":{"kind":"iss"#
        let file = try Support.temporaryFile(Data(text.utf8), name: "cut.jsonl")
        // Read as far as it goes: nothing in it says the test crashed, so it has no result, and the stream ends early.
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.unfinished])
        #expect(parsed.unrecognizedLineCount == 1)
        #expect(parsed.incomplete?.lastLine == 3)
        #expect(parsed.problems.contains { $0.contains("line 3 is not valid JSON") })
    }

    /// A stream that ends before `runEnded` (a test called `exit()`) says which of the tests it declares never
    /// started: their results are in no report. One skipped, or a whole run's stream, says nothing of the kind.
    @Test func aCutStreamNamesTheDeclaredTestsThatNeverStarted() throws {
        let declare: (String) -> String = { id in
            #"{"kind":"test","version":0,"payload":{"kind":"function","id":"\#(id)","name":"x()"}}"#
        }
        let skipped = "ShopTests.CartSuite/off()/CartSuite.swift:9:6"
        let third = "ShopTests.CartSuite/third()/CartSuite.swift:12:6"
        let head = [declare(testID), declare(skipped), declare(third)].joined(separator: "\n") + "\n"
        let body = [
            #"{"kind":"runStarted","messages":[]}"#,
            #"{"kind":"testSkipped","testID":"\#(skipped)","messages":[]}"#,
            #"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#,
        ]
        let cut = try LogParser().parse(files: [
            try Support.temporaryFile(Data((head + events(body)).utf8), name: "cut.jsonl")
        ])
        let said = cut.problems.filter { $0.contains("never started") }
        #expect(said.count == 1)
        #expect(said.first?.contains("a test that never started before it ends (ShopTests.CartSuite/third())") == true)
        let whole = body + [#"{"kind":"runEnded","messages":[]}"#]
        let complete = try LogParser().parse(files: [
            try Support.temporaryFile(Data((head + events(whole)).utf8), name: "whole.jsonl")
        ])
        #expect(!complete.problems.contains { $0.contains("never started") })
    }

    /// A log cut inside a colour code ends its last line with a lone ESC: read, not retried forever.
    @Test func aLineEndingInALoneEscapeByteIsRead() throws {
        let log =
            "Test Case 'A.testB' started at x\nTest Case 'A.testB' passed (0.001 seconds)\n\u{1B}[31mno such file\u{1B}"
        let parsed = try LogParser().parse(files: [try Support.temporaryFile(Data(log.utf8))])
        #expect(parsed.results.map(\.status) == [.passed])
    }

    /// A Swift Testing skip line cut right after its reason's opening quote has no reason, and is read.
    @Test func aSkipLineCutAfterItsOpeningQuoteIsRead() throws {
        let log = "◇ Test f() started.\n➜ Test f() skipped: \""
        let parsed = try LogParser().parse(files: [try Support.temporaryFile(Data(log.utf8))])
        #expect(parsed.results.map(\.status) == [.skipped])
    }

    @Test func aConsoleLogEndingMidTestMarksItCrashed() throws {
        let file = try Support.temporaryFile(Data("Test Case 'A.testB' started at x\nFatal error: boom\n".utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.crashed])
        #expect(parsed.formats == ["console"])
    }

    @Test func binaryGarbageIsRejected() throws {
        var bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        bytes.append(contentsOf: [0, 0, 0, 0xFF, 0xFE])
        let file = try Support.temporaryFile(bytes, name: "garbage.bin")
        #expect(throws: ParseError.binary(path: file.path)) { try LogParser().parse(files: [file]) }
    }

    @Test func aLogWithoutTestsIsRejected() throws {
        let file = try Support.temporaryFile(Data("hello\nworld\n[1/2] Compiling x.swift\n".utf8))
        #expect(throws: ParseError.noTestOutput(path: file.path)) { try LogParser().parse(files: [file]) }
        let empty = try Support.temporaryFile(Data(), name: "empty.txt")
        #expect(throws: ParseError.noTestOutput(path: empty.path)) { try LogParser().parse(files: [empty]) }
    }

    /// A log of a test run that never got to its tests says why, in the words the log used, and what to do.
    /// A log that shows the runner or the build failing before any test ran: `parse` writes an error report for it
    /// (exit 3) instead of rejecting the input.
    @Test(arguments: [
        (
            "Testing failed:\n\tShop.app (4242) encountered an error (Early unexpected exit)\n** TEST FAILED **\n",
            """
            xcodebuild's test run failed before any test reported a result: Shop.app (4242) encountered an error \
            (Early unexpected exit). Fix what it names and run the tests again.
            """
        ),
        (
            "Testing failed:\n\tUnable to boot the Simulator.\n\n** TEST FAILED **\n",
            """
            xcodebuild's test run failed before any test reported a result: Unable to boot the Simulator. Fix what it \
            names and run the tests again.
            """
        ),
        (
            "/src/Cart.swift:3:7: error: cannot find 'total' in scope\n** TEST BUILD FAILED **\n",
            """
            the build failed before any test ran: /src/Cart.swift:3:7: error: cannot find 'total' in scope. Fix what \
            it names and run again.
            """
        ),
        (
            "xcodebuild: error: Unable to find a device matching the provided destination specifier\n",
            """
            xcodebuild stopped before any test ran: xcodebuild: error: Unable to find a device matching the provided \
            destination specifier. Fix what it names and run again.
            """
        ),
        (
            "❌ Demo/DemoApp.swift:17:9: cannot find 'nonExistentVariable' in scope\n** TEST BUILD FAILED **\n",
            """
            the build failed before any test ran: Demo/DemoApp.swift:17:9: cannot find 'nonExistentVariable' in \
            scope. Fix what it names and run again.
            """
        ),
        (
            """
            Building for debugging...
            ::error file=/w/Sources/Cart/Cart.swift,line=12,col=5::cannot find 'totl' in scope
            error: fatalError

            """,
            """
            the build failed before any test ran: /w/Sources/Cart/Cart.swift:12:5: error: cannot find 'totl' in \
            scope. Fix what it names and run again.
            """
        ),
        (
            // The reason on the line after an error that ends with `:`.
            "xcodebuild: error: Could not resolve package dependencies:\n  no versions of 'kit' match 2.0.0..<3.0.0.\n",
            """
            xcodebuild stopped before any test ran: xcodebuild: error: Could not resolve package dependencies: no \
            versions of 'kit' match 2.0.0..<3.0.0. Fix what it names and run again.
            """
        ),
        (
            // No compiler error: the command xcodebuild says failed.
            "** BUILD FAILED **\n\nThe following build commands failed:\n\tPhaseScriptExecution Lint /tmp/Script-1.sh (in target 'App')\n(1 failure)\n",
            """
            the build failed before any test ran: PhaseScriptExecution Lint /tmp/Script-1.sh (in target 'App'). Fix \
            what it names and run again.
            """
        ),
        (
            // xcodebuild's runner error without its `Testing failed:` heading, as a paste shows it.
            "xctest encountered an error (Failed to prepare device 'iPhone 15' for impending launch.)\n** TEST FAILED **\n",
            """
            xcodebuild's test run failed before any test reported a result: xctest encountered an error (Failed to \
            prepare device 'iPhone 15' for impending launch.). Fix what it names and run the tests again.
            """
        ),
        (
            "Build settings\n** BUILD FAILED **\n",
            """
            the build failed before any test ran (xcodebuild ended with `** BUILD FAILED **`). The lines above it in \
            the log say why; fix that and run again.
            """
        ),
        (
            // A log's tail: nothing in it says whether any test ran, so it does not say none did.
            "\nTest session results, code coverage, and logs:\n\t/Users/me/Logs/Test/Run.xcresult\n\n** TEST FAILED **\n",
            """
            xcodebuild ended with `** TEST FAILED **`, and the input shows no test before it: it begins after the \
            tests' lines (a log's tail), or none ran. Parse the whole log, or the run's result bundle.
            """
        ),
    ])
    func aLogThatFailedBeforeAnyTestSaysWhatFailed(log: String, said: String) throws {
        let file = try Support.temporaryFile(Data(log.utf8))
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        guard case .failedBeforeTests = error else {
            Issue.record("expected a failure before tests, got \(error)")
            return
        }
        #expect(error.kind == .infrastructure)
        #expect(error.localizedDescription == "\(file.path): \(said)")
    }

    /// Lines of a run before xcodebuild's failing verdict (a Swift Testing suite's issue, a run of no test, a clone's
    /// suite) make it a whole log whose run failed, never a log's tail: the verdict fails the run, exit 1.
    @Test(arguments: [
        "◇ Test run started.\n✘ Suite Locked recorded an issue at VaultTests.swift:12:4: Caught error: Boom()\n",
        """
        Test Suite 'All tests' started at 2026-11-30 10:00:00.000
        \t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds

        """,
        "Testing started\nTest suite 'AppTests' started on 'Clone 1 of iPhone 16 - App (812)'\n",
    ])
    func aFailingVerdictAfterARunIsTheRunsFailure(run: String) throws {
        let file = try Support.temporaryFile(Data((run + "** TEST FAILED **\n").utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.runFailures.contains { $0.text.contains("** TEST FAILED **") }, "\(parsed.runFailures)")
    }

    /// Another action's failing banner is no test log's tail: it says the log has no tests.
    @Test func anotherActionsFailingBannerIsALogWithoutTests() throws {
        let file = try Support.temporaryFile(Data("Archiving\n** ARCHIVE FAILED **\n".utf8))
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.kind == .invalidInput)
        #expect(error.localizedDescription.contains("a log without tests"), "\(error.localizedDescription)")
    }

    @Test(arguments: [
        (
            "Build settings\n** BUILD SUCCEEDED **\n",
            "xcodebuild ended with `** BUILD SUCCEEDED **`: a log without tests. Pass the output of `xcodebuild test`."
        )
    ])
    func aLogWithoutTestsSaysWhatItSaidInstead(log: String, said: String) throws {
        let file = try Support.temporaryFile(Data(log.utf8))
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.kind == .invalidInput)
        #expect(error.localizedDescription == "\(file.path): contains no test output: \(said)")
    }

    @Test func unreadableFilesAreRejectedWithTheirPath() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/smokerun/log.txt")
        do {
            _ = try LogParser().parse(files: [missing])
            Issue.record("expected an error")
        } catch {
            guard case .unreadable(let path, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == missing.path)
            #expect(error.kind == .invalidInput)
            #expect(error.errorDescription?.contains(missing.path) == true)
        }
        let folder = TestScratch.root
        #expect(throws: ParseError.self) { try LogParser().parse(files: [folder]) }
    }

    @Test func mixedXCTestAndSwiftTestingConsoleLog() throws {
        let log = """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.testTotal' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.testTotal' passed (0.001 seconds)
            Test Suite 'All tests' passed at 2026-01-02 10:00:00.002
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            ◇ Test run started.
            ◇ Test addsItem() started.
            ✔ Test addsItem() passed after 0.001 seconds.
            ✔ Test run with 1 test passed after 0.001 seconds.
            """
        let file = try Support.temporaryFile(Data(log.utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.framework) == [.xctest, .swiftTesting])
        #expect(parsed.unrecognizedLineCount == 0)
    }

    @Test func longGarbageLinesInsideALogStayBounded() throws {
        var bytes = Data("Test Case 'A.testB' started at x\n".utf8)
        bytes.append(Data(repeating: UInt8(ascii: "q"), count: 300_000))
        bytes.append(Data("\nTest Case 'A.testB' passed (0.1 seconds)\n".utf8))
        let parsed = try LogParser().parse(files: [try Support.temporaryFile(bytes)])
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.results[0].output[0].utf8.count <= ResultCollector.outputLineByteLimit + 3)
    }

    /// A big parse makes its results on two threads, each its half in place: the same results, in the same order,
    /// as making them one after another.
    @Test func theResultsOfABigParseAreMadeOnTwoThreadsInOrder() throws {
        let count = ParsedLog.resultsOnTwoThreadsFrom + 3
        var log = ""
        for index in 0..<count {
            let test = "-[App.Suite\(index / 50)Tests test\(index)]"
            log += "Test Case '\(test)' started.\n"
            if index % 11 == 0 {
                log += "/src/Tests/S.swift:\(index): error: \(test) : XCTAssertTrue failed - no \(index)\n"
                log += "Test Case '\(test)' failed (0.0\(index % 10)1 seconds).\n"
            } else {
                log += "Test Case '\(test)' passed (0.\(index % 900 + 100) seconds).\n"
            }
        }
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        let results = parsed.results
        #expect(results.count == count)
        #expect(results == parsed.tests.results)
        #expect(results.map(\.order) == Array(1...count))
    }

    private func parse(_ text: String, name: String = "log.txt") throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8), name: name)])
    }

    @Test func aPassedLineSplitByTestSucceededIsRejoined() throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' pas

            ** TEST SUCCEEDED **

            sed (0.003 seconds).
            Test Suite 'All tests' passed at 2025-03-01 12:00:01.000.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.003 (0.004) seconds
            """)
        #expect(parsed.results.map(\.id) == ["AppTests.CartTests/testTotal"])
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.results.first?.durationSeconds == 0.003)
        #expect(parsed.reconciliation?.agrees == true)
    }

    @Test func anXcode26PassedOnLineSplitByTheResultBundleLinesIsRejoined() throws {
        let parsed = try parse(
            """
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 17 - App (123)' (0.
            Test session results, code coverage, and logs:
                /tmp/DerivedData/Logs/Test/Test-App-2026.01.09.xcresult

            474 seconds)
            """)
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(abs((parsed.results.first?.durationSeconds ?? 0) - 0.474) < 1e-9)
    }

    @Test(arguments: [
        "** TEST SUCCEEDED **", "** TEST EXECUTE SUCCEEDED **", "Testing started",
        "Test session results, code coverage, and logs:",
    ])
    func aTestLineCutByXcodebuildsLineOnItsOwnLineIsRejoined(_ status: String) throws {
        let parsed = try parse(
            """
            Test Case '-[ProcedureKitLocationTests.CLAuthorizationStatusTests test_foo]' started.
            Test Case '-[ProcedureKitLocati\(status)

            onTests.CLAuthorizationStatusTests test_foo]' passed (0.250 seconds).
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 16 - App (4242)' \(status)
            (0.003 seconds)
            """)
        #expect(
            parsed.results.map(\.id) == [
                "ProcedureKitLocationTests.CLAuthorizationStatusTests/test_foo", "CartTests/testTotal",
            ])
        #expect(parsed.results.map(\.status) == [.passed, .passed])
        #expect(parsed.results.map(\.durationSeconds) == [0.25, 0.003])
        #expect(parsed.unrecognizedLineCount == 0)
    }

    @Test func aBannerWrittenIntoATestLineStillEndsTheLogInSuccess() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTot** TEST SUCCEEDED **
            al]' passed (0.001 seconds).
            Test Case '-[AppTests.CartTests testOther]' started.
            """)
        // The banner was read as itself: the test nothing ended passed.
        #expect(parsed.results.map(\.status) == [.passed, .passed])
    }

    @Test func aLogEndingInTestSucceededNeverLeavesACrashedTest() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.CartTests testTotal]' started.
            ** TEST SUCCEEDED **
            """)
        #expect(parsed.results.map(\.status) == [.passed])
    }

    @Test func bothXcode16FormsCountEachExecutionOnce() throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' passed (0.001 seconds).
            Test Suite 'All tests' passed at 2025-03-01 12:00:01.000.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            Test case 'CartTests.testTotal()' passed on 'My Mac - App-Runner (4242)' (0.001 seconds)
            """)
        #expect(parsed.results.map(\.id) == ["AppTests.CartTests/testTotal"])
        #expect(parsed.reconciliation?.agrees == true)
    }

    @Test func exceedingTheExecutionTimeAllowanceIsATimeoutNotACrash() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.SlowTests testWait]' started.
            Test Case '-[AppTests.SlowTests testWait]' exceeded execution time allowance of 1 minute. Test took too long.
            Restarting after unexpected exit, crash, or test timeout in SlowTests.testWait(); summary will include totals from previous launches.
            Test Case '-[AppTests.SlowTests testNext]' started.
            Test Case '-[AppTests.SlowTests testNext]' passed (0.001 seconds).
            """)
        #expect(parsed.results.map(\.status) == [.timedOut, .passed])
    }

    @Test func aLinuxParallelLogNamesEveryTest() throws {
        let parsed = try parse(
            """
            [1/3] Testing CartTests.CartTests/testTotal
            [2/3] Testing CartTests.CartTests/testEmpty
            [3/3] Testing CartTests.CartTests/testTax
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTax' started at 2025-03-01 12:00:00.000
            /src/CartTests.swift:30: error: CartTests.testTax : XCTAssertEqual failed
            Test Case 'CartTests.testTax' failed (0.002 seconds)
            """)
        #expect(
            parsed.results.map(\.id) == [
                "CartTests.CartTests/testTotal", "CartTests.CartTests/testEmpty", "CartTests.CartTests/testTax",
            ])
        #expect(parsed.results.map(\.status) == [.passed, .passed, .failed])
    }

    @Test func repeatedNamesWithoutAMarkerAreDistinctTests() throws {
        let parsed = try parse(
            """
            Test Case '-[Specs.SharedExample test]' started.
            Test Case '-[Specs.SharedExample test]' passed (0.001 seconds).
            Test Case '-[Specs.SharedExample test]' started.
            Test Case '-[Specs.SharedExample test]' failed (0.001 seconds).
            """)
        #expect(parsed.results.map(\.id) == ["Specs.SharedExample/test", "Specs.SharedExample/test#2"])
        #expect(parsed.results.map(\.status) == [.passed, .failed])
    }

    @Test func repeatedNamesWithAnIterationMarkerAreAttempts() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.Flaky test]' started (Iteration 1 of 2).
            /src/Flaky.swift:3: error: -[AppTests.Flaky test] : failed
            Test Case '-[AppTests.Flaky test]' failed (0.001 seconds).
            Test Case '-[AppTests.Flaky test]' started (Iteration 2 of 2).
            Test Case '-[AppTests.Flaky test]' passed (0.001 seconds).
            """)
        #expect(parsed.results.map(\.id) == ["AppTests.Flaky/test"])
        #expect(parsed.results.first?.flaky == true)
        // Both runs, the last one included, as a run's retries are kept.
        #expect(parsed.results.first?.attempts.map(\.status) == [.failed, .passed])
        #expect(parsed.results.first?.attempts.first?.failures.map(\.message) == ["failed"])
    }

    @Test func anExpressionPlaceholderIsNoSourceLocation() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.CartTests testTotal]' started.
            <EXPR>:0: error: -[AppTests.CartTests testTotal] : failed - boom
            Test Case '-[AppTests.CartTests testTotal]' failed (0.001 seconds).
            """)
        let failure = try #require(parsed.results.first?.failures.first)
        #expect(failure.file == nil && failure.line == nil)
        #expect(failure.message == "failed - boom")
    }

    @Test func anEventStreamWinsOverTheConsoleOfTheSameRun() throws {
        let console = try ParsingTestSupport.temporaryFile(
            Data(
                """
                ◇ Test run started.
                ◇ Test add() started.
                ✔ Test add() passed after 0.001 seconds.
                ✔ Test run with 1 test passed after 0.001 seconds.
                """.utf8), name: "console.txt")
        let id = "Calc.CalcTests/add()/CalcTests.swift:3:6"
        let stream = try ParsingTestSupport.temporaryFile(
            Data(
                """
                {"kind":"event","payload":{"kind":"runStarted","instant":{"absolute":1,"since1970":1},"messages":[]},"version":0}
                {"kind":"event","payload":{"kind":"testStarted","testID":"\(id)","instant":{"absolute":1,"since1970":1},"messages":[]},"version":0}
                {"kind":"event","payload":{"kind":"testEnded","testID":"\(id)","instant":{"absolute":2,"since1970":2},"messages":[]},"version":0}
                {"kind":"event","payload":{"kind":"runEnded","instant":{"absolute":2,"since1970":2},"messages":[{"symbol":"pass","text":"Test run with 1 test passed after 0.001 seconds."}]},"version":0}
                """.utf8), name: "events.jsonl")
        let parsed = try LogParser().parse(files: [console, stream])
        #expect(parsed.results.map(\.id) == ["Calc.CalcTests/add()"])
        #expect(parsed.frameworkCounts.map(\.tests) == [1])
        #expect(parsed.reconciliation?.agrees == true)
    }
}
