import Foundation

extension MarkdownReport {
    /// "Quarantined failures": the failing tests a quarantine covered, apart from the run's failures, each with the
    /// entry's reason, owner and expiry and its first message; nil when there are none.
    static func quarantinedSection(_ failing: [TestResult], report: RunReport, sources: SourceLinks) -> String? {
        let covered = failing.compactMap { test in report.quarantineEntry(for: test).map { (test, $0) } }
        guard !covered.isEmpty else { return nil }
        var lines = [
            "### Quarantined failures (\(covered.count))", "",
            "These tests failed under a quarantine: their failures do not fail the run and do not page.", "",
            "| Test | Status | Quarantine | Message | Location |", "|---|---|---|---|---|",
        ]
        for (test, entry) in covered.prefix(failureLimit) {
            let (message, location) = failureCells(test, sources: sources)
            lines.append(
                """
                | \(testCell(test)) | \(ReportText.symbol(test.status)) \(ReportText.label(test.status)), \
                quarantined | \(MarkdownText.escape(QuarantineTable.describe(entry))) | \
                \(message)\(screenshotLink(test)) | \(location) |
                """)
        }
        return (lines + moreLine(covered.count)).joined(separator: "\n")
    }
}
