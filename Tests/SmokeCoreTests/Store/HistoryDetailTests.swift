import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Past its test limit, a run's history keeps its totals and its failing and flaky tests only, and says so once.
@Suite struct HistoryDetailTests {
    static let failingOrFlaky = [
        "TipCalculatorTests.TipTests/testRounding", "TipCalculatorTests.TipTests/testSplit",
        "TipCalculatorTests.NetworkTests/testFetch", "TipCalculatorTests.CheckoutTests/testPay",
        "TipCalculatorTests.CheckoutTests/testHang",
    ]

    @Test(arguments: [9, 50_000])
    func upToTheLimitEveryTestIsKeptAndNothingIsSaid(limit: Int) {
        let report = ReportFixture.report
        let detail = HistoryDetail(testLimit: limit)
        #expect(detail.recorded(report) == report)
        #expect(detail.note(for: report) == nil)
    }

    @Test func pastTheLimitOnlyFailingAndFlakyTestsAreKeptBesideTheWholeRunsTotals() throws {
        let report = ReportFixture.report
        #expect(report.tests.count == 9)
        let detail = HistoryDetail(testLimit: 8)
        let recorded = detail.recorded(report)
        #expect(recorded.tests.map(\.id) == Self.failingOrFlaky)
        #expect(recorded.totals == report.totals && recorded.totals.tests == 9)
        #expect(recorded.runID == report.runID && recorded.status == report.status)
        #expect(
            detail.note(for: report) == """
                the history keeps this run's totals and its 5 failing or flaky tests only: it has 9 tests, more than 8 \
                (SMOKERUN_HISTORY_TESTS_PER_RUN sets the limit)
                """)
    }

    @Test(
        arguments: [
            ([:], 50_000), ([HistoryDetail.variable: ""], 50_000), ([HistoryDetail.variable: "12"], 12),
        ] as [([String: String], Int)])
    func theEnvironmentSetsTheLimit(environment: [String: String], limit: Int) throws {
        #expect(try HistoryDetail(environment: environment).testLimit == limit)
    }

    @Test(arguments: ["0", "-3", "many", "1e5", "50 000"])
    func aLimitThatIsNoPositiveWholeNumberIsRefusedNamingTheVariableAndTheFix(value: String) {
        #expect(throws: HistoryDetailError(value: value)) {
            try HistoryDetail(environment: [HistoryDetail.variable: value])
        }
        let message = HistoryDetailError(value: value).localizedDescription
        #expect(message.hasPrefix("SMOKERUN_HISTORY_TESTS_PER_RUN='\(value)' is not a positive whole number of tests"))
        #expect(message.contains("set it to one such as 50000, or unset it for the default (50000)"))
        #expect(HistoryDetailError(value: value).kind == .invalidInput)
    }
}
