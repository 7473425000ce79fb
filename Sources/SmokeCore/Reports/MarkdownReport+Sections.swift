import Foundation

/// summary.md's flaky tests and its coverage line (with the gate's verdict).
extension MarkdownReport {
    static func flakySection(_ tests: [TestResult]) -> String? {
        let flaky = tests.kept(where: \.flaky)
        guard !flaky.isEmpty else { return nil }
        var lines = ["### Flaky (\(flaky.count))", ""]
        for test in flaky {
            lines.append("- \(MarkdownText.code(test.id)) passed on attempt \(test.firstPassingTry) of \(test.tries)")
        }
        return lines.joined(separator: "\n")
    }

    static func coverageLine(_ coverage: CoverageSummary) -> String {
        func part(_ name: String, _ count: CoverageCount) -> String {
            "\(name) \(count.percentText) (\(count.covered)/\(count.count))"
        }
        let parts = [
            part("lines", coverage.lines), part("functions", coverage.functions),
            part("regions", coverage.regions), part("branches", coverage.branches),
        ]
        let gate = coverage.minimumLines.map { minimum in
            coverage.linesBelowMinimum == true
                ? "\n\n❌ **Line coverage is below the minimum of \(minimum)%**: the run cannot pass (exit 4 when nothing else failed)."
                : " (minimum \(minimum)%)"
        }
        return "**Coverage** " + parts.joined(separator: " · ") + (gate ?? "")
    }
}
