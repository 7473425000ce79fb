/// Covered and total counts of one kind (lines, functions, regions, branches).
package struct CoverageCount: Codable, Sendable, Equatable {
    package var covered: Int
    package var count: Int
    /// 0–100; 100 when there is nothing to cover, as llvm-cov reports it.
    package var percent: Double

    package init(covered: Int, count: Int) {
        self.covered = covered
        self.count = count
        self.percent = count == 0 ? 100 : Double(covered) * 100 / Double(count)
    }

    /// The percentage where something was measured; nil for 0/0, which a trend or a chart must not show as 100%.
    package var measuredPercent: Double? { count > 0 ? percent : nil }

    /// "70.0%", floored to a tenth so a printed number never passes a gate its counts fail; "n/a" when there is
    /// nothing to cover. Every report and command prints coverage so.
    package var percentText: String {
        guard count > 0 else { return "n/a" }
        let tenths = covered * 1000 / count
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

/// The coverage totals a report and a history line carry.
package struct CoverageSummary: Codable, Sendable, Equatable {
    package var lines: CoverageCount
    package var functions: CoverageCount
    package var regions: CoverageCount
    package var branches: CoverageCount
    /// The pipeline's `coverage.minimumLines` as written (`66.7`), when it has one, and whether line coverage was
    /// below it (the run then exits 4 whatever its tests did).
    package var minimumLines: String? = nil
    package var linesBelowMinimum: Bool? = nil
}
