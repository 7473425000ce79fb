import Foundation

/// Writes Cobertura XML (GitLab, Jenkins, `pycobertura`) from a coverage report and its line detail.
///
/// Rates and counts are coverage.json's numbers, with exactly one `<line>` per executable source line at
/// llvm-cov's count for it, so consumers that count `<line>` elements get coverage.json's line totals.
package enum CoberturaWriter {
    package static func render(
        _ report: CoverageReport, details: [String: FileLineDetail], root: String, timestamp: Date
    ) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">

            """
        let totals = report.totals
        out +=
            "<coverage \(rates(totals)) lines-covered=\"\(totals.lines.covered)\" lines-valid=\"\(totals.lines.count)\""
        out += " branches-covered=\"\(totals.branches.covered)\" branches-valid=\"\(totals.branches.count)\""
        out += " complexity=\"0\" version=\"smokerun\" timestamp=\"\(Int(timestamp.timeIntervalSince1970))\">\n"
        out += "  <sources>\n    <source>\(XMLText.escapeAttribute(root))</source>\n  </sources>\n  <packages>\n"
        let filesByModule = Dictionary(grouping: report.files, by: \.module)
        for module in report.modules {
            let moduleName = XMLText.escapeAttribute(module.name)
            out += "    <package name=\"\(moduleName)\" \(rates(module.summary)) complexity=\"0\">\n      <classes>\n"
            for file in filesByModule[module.name] ?? [] {
                let name = XMLText.escapeAttribute((file.path as NSString).lastPathComponent)
                let path = XMLText.escapeAttribute(file.path)
                out += "        <class name=\"\(name)\" filename=\"\(path)\" \(rates(file.summary)) complexity=\"0\">\n"
                out += "          <methods/>\n          <lines>\n"
                out += lines(details[file.path])
                out += "          </lines>\n        </class>\n"
            }
            out += "      </classes>\n    </package>\n"
        }
        out += "  </packages>\n</coverage>\n"
        return out
    }

    private static func lines(_ detail: FileLineDetail?) -> String {
        guard let detail else { return "" }
        var branchesByLine = Dictionary(grouping: detail.branches, by: \.line)
        var out = ""
        for hit in detail.lines {
            out += "            <line number=\"\(hit.line)\" hits=\"\(hit.count)\""
            if let branches = branchesByLine.removeValue(forKey: hit.line) {
                let total = branches.count * 2
                let covered = branches.reduce(0) { $0 + ($1.trueCount > 0 ? 1 : 0) + ($1.falseCount > 0 ? 1 : 0) }
                out += " branch=\"true\" condition-coverage=\"\(covered * 100 / total)% (\(covered)/\(total))\""
            } else {
                out += " branch=\"false\""
            }
            out += "/>\n"
        }
        return out
    }

    private static func rates(_ summary: CoverageSummary) -> String {
        "line-rate=\"\(rate(summary.lines))\" branch-rate=\"\(rate(summary.branches))\""
    }

    /// A 0–1 rate with four decimals; 1 when there is nothing to cover (Cobertura's convention).
    static func rate(_ count: CoverageCount) -> String {
        guard count.count > 0 else { return "1" }
        let tenThousandths = count.covered * 10_000 / count.count
        let fraction = String(tenThousandths % 10_000)
        return "\(tenThousandths / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}
