import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Forms a real `swift test` console takes under a terminal or a container: tag dots, a compose prefix after the
/// backtracer, another test's line inside the backtracer's unfinished one.
@Suite struct SwiftTestConsoleFormsTests {
    private func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [try ParsingTestSupport.temporaryFile(Data(text.utf8), name: "test.log")])
    }

    @Test func aTaggedTestsDotsDoNotHideIt() throws {
        let parsed = try parse(
            """
            ◇ Test run started.
            ◇ ● Test totalIncludesTax() started.
            ◇ Test emptyCart() started.
            ✘ ● ● Test totalIncludesTax() recorded an issue at TgTests.swift:4:48: Expectation failed: 4 == 5
            ✘ ● ● Test totalIncludesTax() failed after 0.001 seconds with 1 issue.
            ✔ Test emptyCart() passed after 0.001 seconds.
            ✘ Test run with 2 tests in 0 suites failed after 0.001 seconds with 1 issue.

            """)
        #expect(parsed.results.map(\.id) == ["totalIncludesTax()", "emptyCart()"])
        #expect(parsed.results.map(\.status) == [.failed, .passed])
        #expect(parsed.results[0].failures.map(\.line) == [4])
    }

    @Test func aComposePrefixedLogIsReadPastTheBacktrace() throws {
        let lines = [
            "Test Suite 'All tests' started at 2026-11-29 13:36:06.800",
            "Test Case 'RouteTests.testDecode' started at 2026-11-29 13:36:06.801",
            "App/Route.swift:9: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
            "*** Signal 4: Backtracing from 0x00007f9be6f6df7f... done ***",
            "*** Program crashed: Illegal instruction at 0x00007f9be6f6df7f ***",
            "Thread 0 crashed:",
            "0 0x00007f9be6f6df7f RouteTests.testDecode() + 64 in AppPackageTests.xctest at /src/Tests/Route.swift:9:5",
            "Backtrace took 0.12s",
            "◇ Test run started.",
            "◇ Test charge() started.",
            "✘ Test charge() recorded an issue at BillingTests.swift:9:5: Expectation failed: (total → 4) == 5",
            "✘ Test charge() failed after 0.001 seconds with 1 issue.",
            "✘ Test run with 1 test in 0 suites failed after 0.001 seconds with 1 issue.",
        ]
        let parsed = try parse(lines.map { "test_1  | " + $0 }.joined(separator: "\n") + "\n")
        #expect(parsed.results.map(\.id) == ["RouteTests/testDecode", "charge()"])
        #expect(parsed.results.map(\.status) == [.crashed, .failed])
        #expect(parsed.results[1].failures.map(\.line) == [9])
    }

    @Test func anotherTestsLineInsideTheBacktracersIsItsOwn() throws {
        let parsed = try parse(
            """
            ◇ Test run started.
            ◇ Test traps() started.
            ◇ Test fine() started.
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

            *** Signal 4: Backtracing from 0x7fe20816df7f...✔ Test fine() passed after 0.001 seconds.
             done ***

            *** Program crashed: Illegal instruction at 0x00007fe20816df7f ***

            """)
        #expect(parsed.results.map(\.id) == ["traps()", "fine()"])
        #expect(parsed.results.map(\.status) == [.crashed, .passed])
    }

    /// Two suites' `basic()` run at once and the console names only the function: a result line ends the one whose
    /// issues agree with it, in either order of the result lines.
    @Test(arguments: [false, true])
    func sameNamedTestsRunningAtOnceEndAsTheirIssuesSay(passFirst: Bool) throws {
        let pass = "✔ Test basic() passed after 0.001 seconds."
        let fail = "✘ Test basic() failed after 0.001 seconds with 1 issue."
        let parsed = try parse(
            """
            ◇ Test run started.
            ◇ Test basic() started.
            ◇ Test basic() started.
            ✘ Test basic() recorded an issue at Dup.swift:9:24: Expectation failed: 1 == 2
            \(passFirst ? pass : fail)
            \(passFirst ? fail : pass)
            ✘ Test run with 2 tests in 2 suites failed after 0.002 seconds with 1 issue.

            """)
        #expect(parsed.results.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.failed, .passed])
        #expect(parsed.results.first { $0.status == .failed }?.failures.map(\.line) == [9])
    }
}
