import Foundation

/// How much of one run the history keeps: each test's result up to `testLimit` tests; past it, the totals and the
/// failing and flaky tests only (what notifications, the flake model and the dashboard read). Pure.
package struct HistoryDetail: Sendable, Equatable {
    package static let variable = "SMOKERUN_HISTORY_TESTS_PER_RUN"
    package static let defaultLimit = 50_000

    /// The most tests a run may have for the history to keep each one.
    package var testLimit: Int

    package init(testLimit: Int = defaultLimit) {
        self.testLimit = testLimit
    }

    /// The limit `environment` sets, else the default; a value that is not a positive whole number is an error.
    package init(environment: [String: String]) throws(HistoryDetailError) {
        guard let text = environment[Self.variable], !text.isEmpty else {
            self.init()
            return
        }
        guard let limit = Int(text), limit > 0 else { throw HistoryDetailError(value: text) }
        self.init(testLimit: limit)
    }

    package func keepsEveryTest(of report: RunReport) -> Bool {
        report.tests.count <= testLimit
    }

    /// `report` as recorded: whole, or past the limit its failing and flaky tests only (totals still count all tests).
    package func recorded(_ report: RunReport) -> RunReport {
        guard !keepsEveryTest(of: report) else { return report }
        var kept = report
        kept.tests = report.tests.kept { $0.status.isFailure || $0.flaky }
        return kept
    }

    /// The one line a run past the limit gets in its output and report.json; nil for any other run.
    package func note(for report: RunReport) -> String? {
        guard !keepsEveryTest(of: report) else { return nil }
        let kept = report.tests.indices.count { report.tests[$0].status.isFailure || report.tests[$0].flaky }
        return """
            the history keeps this run's totals and its \(ReportText.count(kept, "failing or flaky test")) only: it has \
            \(report.tests.count) tests, more than \(testLimit) (\(Self.variable) sets the limit)
            """
    }
}

/// `SMOKERUN_HISTORY_TESTS_PER_RUN` set to something that is not a positive whole number.
package struct HistoryDetailError: Error, Equatable, LocalizedError, DomainError {
    var value: String

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        """
        \(HistoryDetail.variable)='\(value)' is not a positive whole number of tests; set it to one such as 50000, or \
        unset it for the default (\(HistoryDetail.defaultLimit))
        """
    }
}
