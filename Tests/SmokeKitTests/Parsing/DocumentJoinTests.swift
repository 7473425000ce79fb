import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A console log and the JUnit files `swift test --xunit-output` wrote in the same run, given to one `parse` in any
/// order: each test once, the log's account where it is more specific, the file's totals counted once.
@Suite struct DocumentJoinTests {
    private func parse(_ inputs: [(name: String, text: String)]) throws -> ParsedLog {
        try LogParser().parse(
            files: inputs.map { try ParsingTestSupport.temporaryFile(Data($0.text.utf8), name: $0.name) })
    }

    private func reconciliation(_ parsed: ParsedLog) -> Reconciliation? {
        Reconciliation.compare(parsed.frameworkCounts, with: parsed.results)
    }

    private static let parallelCrashLog = """
        Build complete! (0.26s)
        [1/2] Testing LibTests.XT/testPass
        error: Process '/p/.build/debug/LibPackageTests.xctest LibTests.XT/testCrash' exited with unexpected signal code 4
        [2/2] Testing LibTests.XT/testCrash
        Test Suite 'Selected tests' started at 2026-11-29 10:11:41.005
        Test Suite 'XT' started at 2026-11-29 10:11:41.008
        Test Case 'XT.testCrash' started at 2026-11-29 10:11:41.008
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
        *** Program crashed: Illegal instruction at 0x00007f3cef36df7f ***

        """

    private static let parallelCrashXUnit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
        <testsuite name="TestResults" errors="0" tests="2" failures="1" time="0.07">
        <testcase classname="LibTests.XT" name="testPass" time="0.01442565">
        </testcase>
        <testcase classname="LibTests.XT" name="testCrash" time="0.058447619">
        <failure message="failure"></failure>
        </testcase>
        </testsuite>
        </testsuites>

        """

    /// xcbeautify's `--report junit` of the same run files Swift Testing tests under `classname="SwiftTesting"`, by the
    /// console's name (a display name in quotes): each joins the log's test, once, as Swift Testing.
    @Test func xcbeautifysJUnitOfTheRunJoinsItsSwiftTestingTests() throws {
        let log = """
            Test Suite 'All tests' started at 2025-08-10 01:38:41.772.
            Test Suite 'CaptureTests' started at 2025-08-10 01:38:41.773.
            Test Case '-[LibTests.CaptureTests testMatch]' started.
            Test Case '-[LibTests.CaptureTests testMatch]' passed (0.002 seconds).
            Test Suite 'CaptureTests' passed at 2025-08-10 01:38:41.939.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.002 (0.002) seconds
            Test Suite 'All tests' passed at 2025-08-10 01:38:41.939.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.002 (0.002) seconds
            ◇ Test run started.
            ◇ Test testTrueIsTrue() started.
            ◇ Test "Adds two numbers" started.
            ✔ Test testTrueIsTrue() passed after 0.001 seconds.
            ✘ Test "Adds two numbers" recorded an issue at Test.swift:17:9: Expectation failed: 1 + 1 == 3
            ✘ Test "Adds two numbers" failed after 0.001 seconds with 1 issue.
            ✘ Test run with 2 tests failed after 0.001 seconds with 1 issue.

            """
        let junit = """
            <testsuites name="All tests" tests="3" failures="1">
                <testsuite name="LibTests.CaptureTests" tests="1" failures="0">
                    <testcase classname="LibTests.CaptureTests" name="testMatch" time="0.002" />
                </testsuite>
                <testsuite name="SwiftTesting" tests="2" failures="1">
                    <testcase classname="SwiftTesting" name="testTrueIsTrue()" time="0.001" />
                    <testcase classname="SwiftTesting" name="&quot;Adds two numbers&quot;" time="0.001">
                        <failure message="Swift testing test failed" />
                    </testcase>
                </testsuite>
            </testsuites>

            """
        let parsed = try parse([("run.log", log), ("report.junit", junit)])
        #expect(parsed.results.count == 3)
        #expect(parsed.results.map(\.framework) == [.xctest, .swiftTesting, .swiftTesting])
        #expect(parsed.results.map(\.status) == [.passed, .passed, .failed])
        let alone = try parse([("report.junit", junit)])
        #expect(alone.results.map(\.framework) == [.xctest, .swiftTesting, .swiftTesting])
        #expect(alone.results.map(\.name) == ["testMatch", "testTrueIsTrue()", "Adds two numbers"])
    }

    /// Two suites' `foo()`: the console names only the function, xcbeautify's file too, each in run order: the
    /// file's first joins the log's first, its second the second (the failing one stays the one that failed).
    @Test func xcbeautifysTwoTestsOfOneFunctionNameJoinInOrder() throws {
        let log = """
            ◇ Test run started.
            ◇ Test foo() started.
            ◇ Test foo() started.
            ✔ Test foo() passed after 0.001 seconds.
            ✘ Test foo() recorded an issue at OtherTests.swift:9:5: Expectation failed: 1 == 2
            ✘ Test foo() failed after 0.002 seconds with 1 issue.
            ✘ Test run with 2 tests failed after 0.003 seconds with 1 issue.

            """
        let junit = """
            <testsuites name="All tests" tests="2" failures="1">
                <testsuite name="SwiftTesting" tests="2" failures="1">
                    <testcase classname="SwiftTesting" name="foo()" time="0.001" />
                    <testcase classname="SwiftTesting" name="foo()" time="0.002">
                        <failure message="Swift testing test failed" />
                    </testcase>
                </testsuite>
            </testsuites>

            """
        let parsed = try parse([("run.log", log), ("report.junit", junit)])
        #expect(parsed.results.map(\.status) == [.passed, .failed])
    }

    @Test func aParallelLogAndItsXUnitFileAreOneRunInEitherOrder() throws {
        let log = (name: "run.log", text: Self.parallelCrashLog)
        let xunit = (name: "x.xml", text: Self.parallelCrashXUnit)
        for inputs in [[log, xunit], [xunit, log]] {
            let parsed = try parse(inputs)
            #expect(parsed.results.map(\.id) == ["LibTests.XT/testPass", "LibTests.XT/testCrash"])
            #expect(parsed.results.map(\.status) == [.passed, .crashed])
            #expect(parsed.results[1].failures.first?.message == "Index out of range")
            #expect(parsed.results[1].evidence?.source == "run.log")
            // The file's totals count the processes the log prints none for.
            #expect(parsed.frameworkCounts.map(\.from) == ["x.xml:3"])
            #expect(reconciliation(parsed)?.agrees == true, "\(String(describing: reconciliation(parsed)))")
            #expect(parsed.inputs.map { URL(fileURLWithPath: $0.path).lastPathComponent } == inputs.map(\.name))
        }
    }

    @Test func aSerialLogsTestsWithoutTheirModuleJoinTheFilesAndKeepEveryMessage() throws {
        let log = """
            Test Suite 'All tests' started at 2026-11-29 10:08:38.978
            Test Suite 'XT' started at 2026-11-29 10:08:38.978
            Test Case 'XT.testFail' started at 2026-11-29 10:08:38.978
            /p/Tests/LibTests/XT.swift:4: error: XT.testFail : XCTAssertEqual failed: ("1") is not equal to ("2")
            /p/Tests/LibTests/XT.swift:5: error: XT.testFail : XCTAssertTrue failed
            Test Case 'XT.testFail' failed (0.002 seconds)
            Test Case 'XT.testPass' started at 2026-11-29 10:08:38.980
            Test Case 'XT.testPass' passed (0.001 seconds)
            Test Suite 'XT' failed at 2026-11-29 10:08:38.981
            \t Executed 2 tests, with 2 failures (0 unexpected) in 0.003 (0.003) seconds
            Test Suite 'All tests' failed at 2026-11-29 10:08:38.981
            \t Executed 2 tests, with 2 failures (0 unexpected) in 0.003 (0.003) seconds

            """
        let xunit = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
            <testsuite name="TestResults" errors="0" tests="2" failures="1" time="0.003">
            <testcase classname="LibTests.XT" name="testFail" time="0.002">
            <failure message="failure"></failure>
            </testcase>
            <testcase classname="LibTests.XT" name="testPass" time="0.001">
            </testcase>
            </testsuite>
            </testsuites>

            """
        for inputs in [[("run.log", log), ("x.xml", xunit)], [("x.xml", xunit), ("run.log", log)]] {
            let parsed = try parse(inputs.map { (name: $0.0, text: $0.1) })
            #expect(parsed.results.map(\.id) == ["XT/testFail", "XT/testPass"])
            #expect(parsed.results.map(\.status) == [.failed, .passed])
            #expect(parsed.results[0].failures.count == 2)
            #expect(reconciliation(parsed)?.agrees == true, "\(String(describing: reconciliation(parsed)))")
        }
    }

    @Test func swiftTestingsFileJoinsTheConsolesFunctionsSameNamedOnesByTheirOutcome() throws {
        let console = """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ◇ Test check() started.
            ◇ Test check() started.
            ◇ Test flaky() started.
            ✔ Test check() passed after 0.003 seconds.
            ✘ Test check() recorded an issue at ST.swift:4:50: Expectation failed: 1 == 2
            ✘ Test check() failed after 0.003 seconds with 1 issue.
            ✘ Test flaky() recorded a known issue at ST.swift:9:5: Expectation failed: false
            ✔ Test flaky() passed after 0.001 seconds with 1 known issue.
            ✘ Test run with 3 tests failed after 0.006 seconds with 1 issue.

            """
        let junit = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
            <testsuite name="TestResults" errors="0" tests="3" failures="1" skipped="0" time="0.006">
            <testcase classname="LibTests.Cart" name="check()" time="0.003">
            <failure message="Expectation failed: 1 == 2 (error)" />
            </testcase>
            <testcase classname="LibTests.Price" name="check()" time="0.003" />
            <testcase classname="LibTests" name="flaky()" time="0.001" />
            </testsuite>
            </testsuites>

            """
        let parsed = try parse([(name: "run.log", text: console), (name: "x-swift-testing.xml", text: junit)])
        #expect(parsed.results.map(\.id) == ["check()", "check()#2", "flaky()"])
        // The console's issue goes to the latest `check()`; its result lines end each by its issues.
        #expect(parsed.results.map(\.status) == [.passed, .failed, .expectedFailure])
        #expect(parsed.results[1].failures.first?.message == "Expectation failed: 1 == 2")
        #expect(reconciliation(parsed)?.agrees == true, "\(String(describing: reconciliation(parsed)))")
    }

    /// The console names a display-named test by its display name alone, the file by its function: the two left over
    /// are one test when that is certain (as many each side, failing ones told by their message), and the totals
    /// count it once.
    @Test func swiftTestingsFileJoinsTheConsolesDisplayNamedTests() throws {
        let console = """
            ◇ Test run started.
            ◇ Test plain() started.
            ◇ Test "shown name" started.
            ◇ Test "breaks softly" started.
            ✔ Test plain() passed after 0.001 seconds.
            ✔ Test "shown name" passed after 0.001 seconds.
            ✘ Test "breaks softly" recorded an issue at ST.swift:9:5: Expectation failed: 1 == 2
            ✘ Test "breaks softly" failed after 0.001 seconds with 1 issue.
            ✘ Test run with 3 tests in 1 suite failed after 0.002 seconds with 1 issue.

            """
        let junit = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
            <testsuite name="TestResults" errors="0" tests="3" failures="1" skipped="0" time="0.002">
            <testcase classname="LibTests.Pretty" name="named()" time="0.001" />
            <testcase classname="LibTests.Pretty" name="breaks()" time="0.001">
            <failure message="Expectation failed: 1 == 2 (error)" />
            </testcase>
            <testcase classname="LibTests.Pretty" name="plain()" time="0.001" />
            </testsuite>
            </testsuites>

            """
        for files in [
            [("run.log", console), ("x-swift-testing.xml", junit)], [("x.xml", junit), ("run.log", console)],
        ] {
            let parsed = try parse(files.map { (name: $0.0, text: $0.1) })
            #expect(parsed.results.map(\.id) == ["plain()", "shown name", "breaks softly"])
            #expect(parsed.results.map(\.status) == [.passed, .passed, .failed])
            #expect(reconciliation(parsed)?.agrees == true, "\(String(describing: reconciliation(parsed)))")
        }
        // Not certain (two passing on one side, one on the other): nothing is paired, as before.
        let extra = junit.replacingOccurrences(
            of: "</testsuite>",
            with: "<testcase classname=\"LibTests.Pretty\" name=\"more()\" time=\"0.001\" />\n</testsuite>")
        let parsed = try parse([(name: "run.log", text: console), (name: "x.xml", text: extra)])
        #expect(parsed.results.count == 6)
    }

    /// Several failing display-named tests pair by their message (the file's with Swift Testing's ` (error)`).
    @Test func failingDisplayNamedTestsPairByTheirMessage() {
        func test(_ id: String, _ message: String) -> TestResult {
            TestResult(
                id: id, name: id, suite: "", framework: .swiftTesting, status: .failed,
                failures: [TestFailure(message: message)])
        }
        let console = [test("first one", "Expectation failed: a"), test("second one", "Expectation failed: b")]
        let document = [
            test("L.S/b()", "Expectation failed: b (error)"), test("L.S/a()", "Expectation failed: a (error)"),
        ]
        #expect(
            DocumentJoin.pairs(console: console, document: document).map { [$0.console, $0.document] } == [
                [0, 1], [1, 0],
            ])
        let unmatched = [test("L.S/b()", "other"), test("L.S/a()", "Expectation failed: a (error)")]
        #expect(DocumentJoin.pairs(console: console, document: unmatched).isEmpty)
        // A comment: the console prints it on the next line (`↳ sum`), the file after ` (error): `.
        let commented = [
            test("first one", "Expectation failed: a\nsum a"), test("second one", "Expectation failed: b\nsum b"),
        ]
        let commentedFile = [
            test("L.S/b()", "Expectation failed: b (error): sum b"),
            test("L.S/a()", "Expectation failed: a (error): sum a"),
        ]
        #expect(
            DocumentJoin.pairs(console: commented, document: commentedFile).map { [$0.console, $0.document] } == [
                [0, 1], [1, 0],
            ])
        // A passing and a skipped test on each side, the file's in another order: each keeps its status.
        func plain(_ id: String, _ status: TestStatus) -> TestResult {
            TestResult(id: id, name: id, suite: "", framework: .swiftTesting, status: status)
        }
        let mixed = DocumentJoin.pairs(
            console: [plain("shown", .passed), plain("off", .skipped)],
            document: [plain("L.S/off()", .skipped), plain("L.S/shown()", .passed)])
        #expect(mixed.map { [$0.console, $0.document] } == [[0, 1], [1, 0]])
        // Two skipped on each side cannot be told apart: nothing is paired.
        #expect(
            DocumentJoin.pairs(
                console: [plain("a", .skipped), plain("b", .skipped)],
                document: [plain("L.S/a()", .skipped), plain("L.S/b()", .skipped)]
            ).isEmpty)
    }

    @Test func theFileEndsATestACutLogLeftRunning() throws {
        let log = """
            Test Suite 'All tests' started at 2026-11-29 10:08:38.978
            Test Suite 'XT' started at 2026-11-29 10:08:38.978
            Test Case 'XT.testSlow' started at 2026-11-29 10:08:38.978

            """
        let xunit = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
            <testsuite name="TestResults" errors="0" tests="1" failures="0" time="2.5">
            <testcase classname="LibTests.XT" name="testSlow" time="2.5">
            </testcase>
            </testsuite>
            </testsuites>

            """
        let parsed = try parse([(name: "run.log", text: log), (name: "x.xml", text: xunit)])
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.results[0].durationSeconds == 2.5)
        #expect(parsed.incomplete == nil)
    }

    /// Two files of the same tests (two devices' reports, a re-run's) are two executions each, as their summed totals
    /// count them: the first's failure is never written over by the second's pass.
    @Test func twoFilesOfTheSameTestsKeepEachExecution() throws {
        let first = Self.parallelCrashXUnit
        let second = first.replacingOccurrences(of: "<failure message=\"failure\"></failure>", with: "")
            .replacingOccurrences(of: "failures=\"1\"", with: "failures=\"0\"")
        let parsed = try parse([(name: "a.xml", text: first), (name: "b.xml", text: second)])
        #expect(parsed.results.map(\.status) == [.passed, .failed, .passed, .passed], "\(parsed.results.map(\.id))")
    }

    /// `swift test --xunit-output x.xml` writes both files whatever the package's tests are: the framework without
    /// tests writes a `tests="0"` file of no cases. The pair reads as the other file's tests, that framework counting
    /// none; neither file is refused.
    @Test func anXUnitPairWhoseOtherFileHoldsNoTestsReadsTheTestsThereAre() throws {
        let empty = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="TestResults" errors="0" tests="0" failures="0" skipped="0" time="0.0005">

              </testsuite>
            </testsuites>
            """
        let xctest = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="TestResults" errors="0" tests="2" failures="1" time="0.01">
                <testcase classname="ShopTests.CartTests" name="testAdd" time="0.001">
                  <failure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;)"></failure>
                </testcase>
                <testcase classname="ShopTests.CartTests" name="testRemove" time="0.001"></testcase>
              </testsuite>
            </testsuites>
            """
        let swiftTesting = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="TestResults" errors="0" tests="1" failures="0" skipped="0" time="0.01">
                <testcase classname="ShopTests.Cart" name="totals()" time="0.001" />
              </testsuite>
            </testsuites>
            """
        let onlyXCTest = try parse([("x.xml", xctest), ("x-swift-testing.xml", empty)])
        #expect(onlyXCTest.results.map(\.status) == [.failed, .passed])
        #expect(onlyXCTest.frameworkCounts.map(\.framework) == ["xctest", "swift-testing"])
        #expect(reconciliation(onlyXCTest)?.agrees == true, "\(String(describing: reconciliation(onlyXCTest)))")
        // A package of Swift Testing tests only: its XCTest file is the empty one, and counts XCTest's none.
        let onlySwiftTesting = try parse([("x.xml", empty), ("x-swift-testing.xml", swiftTesting)])
        #expect(onlySwiftTesting.results.map(\.id) == ["ShopTests.Cart/totals()"])
        #expect(onlySwiftTesting.frameworkCounts.map(\.framework) == ["xctest", "swift-testing"])
        #expect(reconciliation(onlySwiftTesting)?.agrees == true)
    }
}
