import Foundation

extension HTMLReport {
    /// Why a failure is not the run's: the quarantine entry that covered it.
    static func quarantineNote(_ entry: QuarantineEntry) -> String {
        let text =
            "Quarantined: \(QuarantineTable.describe(entry)). This failure does not fail the run and does not page."
        return "<p class=\"quarantine\">\(h(text))</p>\n"
    }
}

extension [HTMLReport.Numbered] {
    /// The failures a quarantine did not cover, then those it did, each in run order.
    func partitionedByQuarantine(_ report: RunReport) -> [HTMLReport.Numbered] {
        filter { report.quarantineEntry(for: $0.test) == nil } + filter { report.quarantineEntry(for: $0.test) != nil }
    }
}
