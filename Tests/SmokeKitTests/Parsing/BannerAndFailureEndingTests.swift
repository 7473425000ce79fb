import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// What ends a test the input shows no result line for: a failure it recorded makes it `failed` (it cannot pass),
/// and xcodebuild's success banner ends only the run it closes — not `build-for-testing`'s, and not a later run
/// that the log cuts.
@Suite struct BannerAndFailureEndingTests {
    static let failingTestCut = """
        Test Suite 'All tests' started at 2026-11-29 04:00:00.000
        Test Suite 'AppTests.xctest' started at 2026-11-29 04:00:00.001
        Test Suite 'LoginTests' started at 2026-11-29 04:00:00.002
        Test Case '-[AppTests.LoginTests testLogin]' started.
        /src/AppTests/LoginTests.swift:42: error: -[AppTests.LoginTests testLogin] : XCTAssertEqual failed: ("401") is not equal to ("200")

        """

    @Test func aTestThatRecordedAFailureFailsWhenTheLogIsCut() throws {
        let parsed = try InputEndingTests.parse(Self.failingTestCut)
        let test = try #require(parsed.results.first)
        #expect(test.status == .failed)
        #expect(test.evidence?.what == "issue recorded" && test.evidence?.line == 5)
        let incomplete = try #require(parsed.incomplete, "the log ends before its run did")
        #expect(incomplete.lastLine == 5 && incomplete.unfinished == 0)
    }

    @Test func aTestThatRecordedAFailureFailsWhenTheNextTestStarts() throws {
        let parsed = try InputEndingTests.parse(
            Self.failingTestCut + """
                Test Case '-[AppTests.LoginTests testLogout]' started.
                Test Case '-[AppTests.LoginTests testLogout]' passed (0.010 seconds).

                """)
        #expect(parsed.results.map(\.status) == [.failed, .passed])
        #expect(parsed.results.first?.evidence?.what == "issue recorded")
    }

    /// `xcodebuild build-for-testing` then `test-without-building`, one CI log: the first banner ran no test.
    @Test func buildForTestingsBannerEndsNoTest() throws {
        let parsed = try InputEndingTests.parse("** TEST BUILD SUCCEEDED **\n\n" + Self.failingTestCut)
        #expect(parsed.results.map(\.status) == [.failed])
        #expect(parsed.incomplete != nil)
        let passing = try InputEndingTests.parse(
            "** TEST BUILD SUCCEEDED **\n\n"
                + Self.failingTestCut.split(separator: "\n").prefix(4).joined(separator: "\n"))
        #expect(passing.results.map(\.status) == [.unfinished])
        #expect(passing.incomplete?.unfinished == 1)
    }

    /// Two runs in one log (a retried job's output appended): the first run's success banner does not end the second.
    @Test func anEarlierRunsSuccessBannerDoesNotEndALaterRun() throws {
        let secondRun = Self.failingTestCut.split(separator: "\n").prefix(4).joined(separator: "\n")
        let parsed = try InputEndingTests.parse("** TEST SUCCEEDED **\n\n" + secondRun + "\n")
        #expect(parsed.results.map(\.status) == [.unfinished])
        #expect(parsed.incomplete?.unfinished == 1)
        // The banner after the run's lines still ends it: a test xcodebuild relays late passed.
        let ended = try InputEndingTests.parse(secondRun + "\n** TEST SUCCEEDED **\n")
        #expect(ended.results.map(\.status) == [.passed])
        #expect(ended.incomplete == nil)
    }

    /// Blanks a CI step or an editor leaves after the banner do not hide it.
    @Test func aBannerWithTrailingBlanksStillEndsTheRun() throws {
        for banner in ["** TEST SUCCEEDED ** ", "** TEST SUCCEEDED **\t", "** TEST SUCCEEDED **  \t"] {
            let parsed = try InputEndingTests.parse(
                """
                Test suite 'CartTests' started on 'Clone 1 of iPhone 16 - App (4242)'
                Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 16 - App (4242)' (0.003 seconds)
                \(banner)

                """)
            #expect(parsed.results.map(\.status) == [.passed], "\(banner.debugDescription)")
            #expect(parsed.incomplete == nil, "\(banner.debugDescription)")
        }
    }

    /// A wrapper's prefix on every line (fastlane test_center's `[worker 1] `, docker compose's `tests-1  | `, with
    /// their colour) does not hide the banner that closes a parallel run.
    @Test func aBannerAfterAWrappersPrefixStillEndsTheRun() throws {
        for prefix in ["[worker 1] ", "tests-1  | ", "\u{1B}[0;96;49m[worker 1] \u{1B}[0m"] {
            let parsed = try InputEndingTests.parse(
                [
                    "Test suite 'CartTests' started on 'Clone 1 of iPhone 16 - App (4242)'",
                    "Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 16 - App (4242)' (0.003 seconds)",
                    "** TEST SUCCEEDED **", "",
                ].map { $0.isEmpty ? $0 : prefix + $0 }.joined(separator: "\n"))
            #expect(parsed.results.map(\.status) == [.passed], "\(prefix.debugDescription)")
            #expect(parsed.incomplete == nil, "\(prefix.debugDescription)")
        }
    }

    /// A test printing the banner after words of its own ends no run: a log cut in the next test is cut.
    @Test func aBannerATestPrintsEndsNoRun() throws {
        let parsed = try InputEndingTests.parse(
            """
            Test Case '-[AppTests.CITests testParsesBanner]' started.
            fixture: ** TEST SUCCEEDED **
            Test Case '-[AppTests.CITests testParsesBanner]' passed (0.001 seconds).
            Test Case '-[AppTests.CITests testNext]' started.

            """)
        #expect(parsed.results.map(\.status) == [.passed, .unfinished])
        #expect(parsed.incomplete != nil)
    }

    /// A parallel run's lines show no totals: cut before its first result, it has nothing to pass with.
    @Test func aParallelRunCutBeforeItsFirstResultIsIncomplete() throws {
        let parsed = try InputEndingTests.parse(
            """
            Testing started
            Test suite 'CartTests' started on 'Clone 1 of iPhone 16 - App (4242)'

            """)
        #expect(parsed.results.isEmpty)
        #expect(parsed.incomplete?.lastLine == 2)
    }
}
