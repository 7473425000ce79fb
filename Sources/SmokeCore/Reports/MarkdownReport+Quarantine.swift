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
            let first = test.failures.first
            let message = first.map { MarkdownText.escape(MarkdownText.truncate($0.message, to: messageLimit)) } ?? ""
            let location =
                first?.file.map { MarkdownText.code(sources.shortPath($0) + (first?.line.map { ":\($0)" } ?? "")) }
                ?? ""
            lines.append(
                """
                | \(displayed(test))\(MarkdownText.code(test.id))\(MarkdownText.escape(DeviceGroups.suffix(test))) | \
                \(ReportText.symbol(test.status)) \(ReportText.label(test.status)), quarantined | \
                \(MarkdownText.escape(QuarantineTable.describe(entry))) | \(message)\(screenshotLink(test)) | \
                \(location) |
                """)
        }
        if covered.count > failureLimit {
            lines.append("")
            lines.append("…and \(covered.count - failureLimit) more (see `report.json`).")
        }
        return lines.joined(separator: "\n")
    }
}
