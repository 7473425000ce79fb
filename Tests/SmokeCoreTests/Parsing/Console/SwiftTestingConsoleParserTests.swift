import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct SwiftTestingConsoleParserTests {
    private typealias Support = ParsingTestSupport
    private func ref(_ name: String) -> TestRef { TestRef(framework: .swiftTesting, suite: "", name: name) }

    @Test(arguments: ["◇ Test addsItem() started.", "􀟈  Test addsItem() started.", "◊ Test addsItem() started."])
    func testStarted(line: String) {
        #expect(Support.consoleEvent(line) == .testStarted(ref("addsItem()")))
    }

    @Test(arguments: [
        ("✔ Test addsItem() passed after 0.002 seconds.", TestStatus.passed, 0.002),
        ("􁁛 Test addsItem() passed after 0.002 seconds.", .passed, 0.002),
        ("✘ Test addsItem() failed after 1.25 seconds with 2 issues.", .failed, 1.25),
        ("━ Test addsItem() passed after 0.5 seconds with 1 known issue.", .expectedFailure, 0.5),
        ("✘ Test addsItem() with 3 test cases failed after 0.004 seconds with 1 issue.", .failed, 0.004),
        // Windows's console font has none of the Linux symbols: Swift Testing prints others there.
        ("√ Test addsItem() passed after 0.002 seconds.", .passed, 0.002),
        ("× Test addsItem() failed after 1.25 seconds with 2 issues.", .failed, 1.25),
        ("- Test addsItem() passed after 0.5 seconds with 1 known issue.", .expectedFailure, 0.5),
    ])
    func testFinished(line: String, status: TestStatus, duration: Double) {
        #expect(Support.consoleEvent(line) == .testFinished(ref("addsItem()"), status, durationSeconds: duration))
    }

    @Test func displayNamesAreQuoted() {
        #expect(
            Support.consoleEvent("􀢄 Test \"Adds an item\" failed after 2.5 seconds with 1 issue.")
                == .testFinished(ref("Adds an item"), .failed, durationSeconds: 2.5))
    }

    @Test func skippedWithAndWithoutReason() {
        #expect(
            Support.consoleEvent("➜ Test refunds() skipped: \"bank is closed\"")
                == .skipped(ref("refunds()"), reason: "bank is closed"))
        #expect(Support.consoleEvent("􀙟 Test refunds() skipped.") == .skipped(ref("refunds()"), reason: nil))
    }

    @Test(arguments: ["✘", "×"])
    func issueWithLocation(symbol: String) {
        #expect(
            Support.consoleEvent(
                "\(symbol) Test addsItem() recorded an issue at CartTests.swift:17:9: Expectation failed: (cart.count → 1) == 2"
            )
                == .issue(
                    ref("addsItem()"),
                    TestFailure(
                        message: "Expectation failed: (cart.count → 1) == 2", file: "CartTests.swift", line: 17),
                    isKnown: false))
    }

    /// A suite's scoping trait or `init` threw: the issue is the suite's, not a test's; its warnings fail nothing.
    @Test(arguments: ["✘", "􀢄"])
    func aSuitesIssueIsNoTests(symbol: String) {
        #expect(
            Support.consoleEvent(
                "\(symbol) Suite Locked recorded an issue at VaultTests.swift:18:2: Caught error: LockedDoor()")
                == .suiteIssue(
                    suite: "Locked",
                    TestFailure(message: "Caught error: LockedDoor()", file: "VaultTests.swift", line: 18)))
        #expect(Support.consoleEvent("\(symbol) Suite Locked recorded a warning at V.swift:3:1: slow") == .ignored)
    }

    @Test func parameterizedIssueWithArguments() {
        #expect(
            Support.consoleEvent(
                "✘ Test price(of:) recorded an issue with 1 argument item → pear at CartTests.swift:33:9: Expectation failed: price > 0"
            )
                == .issue(
                    ref("price(of:)"),
                    TestFailure(message: "Expectation failed: price > 0", file: "CartTests.swift", line: 33),
                    isKnown: false))
    }

    @Test func knownIssue() {
        #expect(
            Support.consoleEvent(
                "━ Test rounding() recorded a known issue at CartTests.swift:25:13: Expectation failed: 1 == 2")
                == .issue(
                    ref("rounding()"),
                    TestFailure(message: "Expectation failed: 1 == 2", file: "CartTests.swift", line: 25), isKnown: true
                ))
    }

    @Test func suitesAndRunLines() {
        #expect(Support.consoleEvent("◇ Suite CartTests started.") == .suiteStarted(name: "CartTests"))
        #expect(
            Support.consoleEvent("✘ Suite CartTests failed after 0.1 seconds with 1 issue.")
                == .suiteFinished(name: "CartTests", passed: false))
        #expect(Support.consoleEvent("◇ Test run started.") == .swiftTestingRunStarted)
        #expect(
            Support.consoleEvent("✘ Test run with 3 tests in 1 suite failed after 0.1 seconds with 1 issue.")
                == .ignored)
    }

    @Test func detailsAndBanners() {
        #expect(Support.consoleEvent("↳ Testing Library Version: 6.3.1") == .ignored)
        #expect(Support.consoleEvent("↳ the cart was empty") == .detail("the cart was empty"))
        #expect(Support.consoleEvent("→ the cart was empty") == .detail("the cart was empty"))
        #expect(Support.consoleEvent("→ Target Platform: x86_64-unknown-windows-msvc") == .ignored)
        #expect(Support.consoleEvent("⎙ Attached 'receipt.txt' to addsItem().") == .ignored)
        // Alone (the input's first line), a case's start is its test's: the test's own start is above the input.
        #expect(
            Support.consoleEvent("◇ Test case passing 1 argument item → pear to price(of:) started.")
                == .testStarted(TestRef(framework: .swiftTesting, suite: "", name: "price(of:)")))
    }

    /// Three suites' `check()` run at once and the console names only `check()`: an issue goes where its result
    /// goes, the running one, never onto a `check()` that already passed.
    @Test func anIssueOfASameNamedTestGoesToTheRunningOne() throws {
        let collector = ParsingTestSupport.collect(
            """
            ◇ Test check() started.
            ◇ Test check() started.
            ◇ Test check() started.
            ✔ Test check() passed after 0.001 seconds.
            ✔ Test check() passed after 0.001 seconds.
            ✘ Test check() recorded an issue at P5Tests.swift:6:48: Expectation failed: 1 == 2
            ✘ Test check() failed after 0.001 seconds with 1 issue.
            """)
        #expect(collector.results.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.failed, .passed, .passed])
        let failed = try #require(collector.results.first { $0.status == .failed })
        #expect(failed.failures.map(\.message) == ["Expectation failed: 1 == 2"])
        #expect(collector.results.filter { $0.status == .passed }.allSatisfy { $0.failures.isEmpty })
    }

    /// `swift test -v` prints more of Swift Testing's run header (`↳ OS Version: …`), after the XCTest process that
    /// failed last: the header details the run, never that failure.
    @Test func theVerboseRunHeaderJoinsNoFailure() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'XTFail.testBad' started at 2026-11-29 23:19:25.001
            /src/Tests/T.swift:4: error: XTFail.testBad : XCTAssertEqual failed: ("2") is not equal to ("3")
            Test Case 'XTFail.testBad' failed (0.001 seconds)
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
            ↳ Swift Standard Library Version: 6.3
            ↳ OS Version: 6.18.44
            ◇ Test stFail() started.
            ✘ Test stFail() recorded an issue at S.swift:4:5: Expectation failed: two() == 5
            ↳ two(): Swift.Int → 2
            ✘ Test stFail() failed after 0.001 seconds with 1 issue.
            """)
        #expect(
            collector.results.map { $0.failures.map(\.message) } == [
                ["XCTAssertEqual failed: (\"2\") is not equal to (\"3\")"],
                ["Expectation failed: two() == 5\ntwo(): Swift.Int → 2"],
            ])
    }

    /// A warning fails nothing and is its own test's: never a line of the failure another test recorded before it.
    @Test func aWarningIsItsOwnTestsOutputNotTheLastFailuresMessage() {
        let collector = ParsingTestSupport.collect(
            """
            ◇ Test run started.
            ◇ Test a_totalIsRight() started.
            ◇ Test b_deprecatedPathStillWorks() started.
            ✘ Test a_totalIsRight() recorded an issue at T.swift:3:5: Expectation failed: (one() → 1) == 2
            ↳ total is wrong
            ✘ Test a_totalIsRight() failed after 0.001 seconds with 1 issue.
            ⚠︎ Test b_deprecatedPathStillWorks() recorded a warning at T.swift:7:17: Issue recorded
            ↳ legacy path used
            ✔ Test b_deprecatedPathStillWorks() passed after 0.001 seconds with 1 warning.
            """)
        #expect(
            collector.results.map { "\($0.status.rawValue) \($0.failures.map(\.message)) \($0.output)" } == [
                "failed [\"Expectation failed: (one() → 1) == 2\\ntotal is wrong\"] []",
                "passed [] [\"warning: at T.swift:7:17: Issue recorded\", \"legacy path used\"]",
            ])
    }
}
