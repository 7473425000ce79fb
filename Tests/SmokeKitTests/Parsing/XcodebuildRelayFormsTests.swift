import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Forms real xcodebuild logs take that a parser written from one Xcode's output misses: a Swift Testing function
/// outside any suite in a parallel result line, the banner's elapsed time, a zero-width space before Swift Testing's
/// lines, a parallel suite whose results never came.
@Suite struct XcodebuildRelayFormsTests {
    private func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [try ParsingTestSupport.temporaryFile(Data(text.utf8), name: "xcodebuild.log")])
    }

    @Test func aSwiftTestingFunctionOutsideAnySuiteIsATest() throws {
        let parsed = try parse(
            """
            Testing started
            Test case 'Checks/optional()' passed on 'Clone 1 of iPhone 16 Pro - App (60915)' (0.000 seconds)
            Test case 'globalCheck()' failed on 'Clone 1 of iPhone 16 Pro - App (60915)' (0.000 seconds)
            Test case 'optional()' passed on 'Clone 2 of iPhone 16 Pro - App (60916)' (0.000 seconds)
            ** TEST EXECUTE FAILED **

            """)
        #expect(parsed.results.map(\.id) == ["Checks/optional()", "globalCheck()", "optional()"])
        #expect(parsed.results.map(\.status) == [.passed, .failed, .passed])
        #expect(parsed.results.allSatisfy { $0.framework == .swiftTesting })
    }

    @Test(arguments: ["** TEST EXECUTE SUCCEEDED ** [109.328 sec]", "** TEST SUCCEEDED ** [2.5 sec]"])
    func theSuccessBannerWithItsElapsedTimeEndsAParallelRun(_ banner: String) throws {
        let parsed = try parse(
            """
            Testing started
            Test suite 'CartTests' started on 'Clone 1 of iPhone 15 - App (51733)'
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 15 - App (51733)' (0.002 seconds)
            \(banner)

            """)
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.incomplete == nil)
    }

    @Test func theFailureBannerWithItsElapsedTimeIsTheVerdict() throws {
        let parsed = try parse(
            """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Case '-[AppTests.CartTests testTotal]' started.
            Test Case '-[AppTests.CartTests testTotal]' passed (0.001 seconds).
            Test Suite 'All tests' passed at 2026-01-02 10:00:00.002.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds
            ** TEST FAILED ** [3.2 sec]

            """)
        #expect(parsed.runFailures.map(\.text) == ["** TEST FAILED ** [3.2 sec]"])
    }

    @Test func aZeroWidthSpaceBeforeSwiftTestingsLinesIsNoText() throws {
        let zwsp = "\u{200B}"
        let parsed = try parse(
            """
            ◇ Test run started.
            \(zwsp)◇ Test total() started.
            \(zwsp)✘ Test total() recorded an issue at CartTests.swift:20:9: Expectation failed: 1 == 2
            ✘ Test total() failed after 0.002 seconds with 1 issue.
            ◇ Test tax() started.
            \(zwsp)✔ Test tax() passed after 0.001 seconds.
            ✘ Test run with 2 tests in 0 suites failed after 0.003 seconds with 1 issue.

            """)
        #expect(parsed.results.map(\.status) == [.failed, .passed])
        #expect(parsed.results[0].failures.map(\.line) == [20])
        #expect(parsed.incomplete == nil)
    }

    /// A log that saved xcodebuild's banner before the clones' results, cut after a clone's suite started.
    @Test func aParallelSuiteWithNoResultsNeverPasses() throws {
        let parsed = try parse(
            """
            ** TEST EXECUTE SUCCEEDED **

            Testing started
            Test suite 'CartTests' started on 'Clone 1 of iPhone 15 - App (51733)'

            """)
        #expect(parsed.results.isEmpty)
        #expect(parsed.incomplete != nil)
    }

    @Test func aCancellationWithoutItsTimeIsASkip() throws {
        let parsed = try parse(
            """
            ◇ Test run started.
            ◇ Test requiresNetwork() started.
            ➜ Test requiresNetwork() was cancelled: "no network in CI".
            ✔ Test run with 1 test in 0 suites passed after 0.005 seconds.

            """)
        #expect(parsed.results.map(\.status) == [.skipped])
        #expect(parsed.results[0].output == ["Skipped: no network in CI"])
    }
}
