import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A framework's own totals count tests of which smokerun read none — every test line behind a prefix it does not
/// know — so a pass would be concluded from nothing: the prefix is said, never a pass. Known CI date-time prefixes
/// are removed, and the log reads like the bare one.
@Suite struct ReconciliationUnreadTestsTests {
    private typealias Support = ParsingTestSupport

    static let bare = """
        Test Suite 'All tests' started at 2026-01-02 10:00:00.000
        Test Case '-[Shop.CartTests testAdd]' started.
        Test Case '-[Shop.CartTests testAdd]' passed (0.001 seconds).
        Test Case '-[Shop.CartTests testRemove]' started.
        Test Case '-[Shop.CartTests testRemove]' passed (0.001 seconds).
        Test Suite 'All tests' passed at 2026-01-02 10:00:00.002.
        \t Executed 2 tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds
        """

    private func prefixed(_ prefix: String, _ text: String = bare) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    private func reportOf(_ text: String) throws -> (RunReport, ParsedLog) {
        let parsed = try LogParser().parse(files: [try Support.temporaryFile(Data(text.utf8), name: "ci.log")])
        let tests = parsed.results
        let now = Date(timeIntervalSince1970: 1_767_000_000)
        var report = RunReport(
            pipeline: "parse", runID: "r1", status: RunReport.status(of: tests, errors: []), startedAt: now,
            finishedAt: now, seed: nil, ordering: OrderingRecord(mode: .declared, isolation: .test, seed: nil),
            environment: [:], device: ResolvedDevice(platform: "host"), toolchain: nil, tests: tests)
        report.reconciliation = parsed.reconciliation
        _ = report.listDisagreements()
        return (report, parsed)
    }

    /// The prefix of test lines none of which was read: `ci.log`'s line 1 starts with it.
    private func isUnreadPrefix(_ error: any Error) -> Bool {
        guard case .unreadPrefix(_, let unread) = error as? ParseError else { return false }
        return unread == UnreadPrefix(line: 1, prefix: "[ci] ", width: 5)
    }

    @Test func totalsOfTestsSmokerunReadNoneOfAreNeverAPass() throws {
        #expect { try reportOf(prefixed("[ci] ")) } throws: { isUnreadPrefix($0) }
    }

    @Test func swiftTestingTotalsOfTestsSmokerunReadNoneOfAreNeverAPass() throws {
        let log = prefixed(
            "[ci] ",
            """
            ◇ Test run started.
            ◇ Test addsItem() started.
            ✔ Test addsItem() passed after 0.001 seconds.
            ✔ Test run with 1 test passed after 0.002 seconds.
            """)
        #expect { try reportOf(log) } throws: { isUnreadPrefix($0) }
    }

    @Test(arguments: [
        "[2026-11-28 10:00:00] ", "2026-11-28 10:00:00 ", "[2026-11-28 10:00:00.123] ",
        "2026-11-28T10:00:00.123456789+00:00 stdout F ",
    ])
    func aDateTimePrefixedLogReadsLikeTheBareLog(_ prefix: String) throws {
        let (report, parsed) = try reportOf(prefixed(prefix))
        let (bare, _) = try reportOf(Self.bare)
        #expect(parsed.results == bare.tests)
        #expect(report.status == .passed)
        #expect(parsed.unrecognizedLineCount == 0)
        #expect(report.reconciliation?.agrees == true)
    }

    @Test func aLogThatReadsItsTestsHasNoUnreadTests() throws {
        let (report, _) = try reportOf(Self.bare)
        #expect(report.reconciliation?.testsNotShown == nil)
        #expect(report.status == .passed)
    }
}
