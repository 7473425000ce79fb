/// Writes an lcov tracefile (`genhtml`'s input) from a coverage report and its line detail.
///
/// `DA` lines are the distinct executable lines as `llvm-cov export -format=lcov` writes them, so genhtml
/// (which recounts `DA`) shows coverage.json's totals; `FN`/`FNDA` group instantiations as llvm-cov does.
package enum LcovWriter {
    /// `root` makes `SF:` paths absolute.
    package static func render(_ report: CoverageReport, details: [String: FileLineDetail], root: String) -> String {
        var out = ""
        for file in report.files {
            let detail = details[file.path]
            out += "TN:\n"
            out += "SF:\(absolute(file.path, root: root))\n"
            out += functionRecords(detail?.functions ?? [], summary: file.functions)
            out += branchRecords(detail?.branches ?? [], summary: file.branches)
            for hit in detail?.lines ?? [] {
                out += "DA:\(hit.line),\(hit.count)\n"
            }
            let lines =
                detail.map { CoverageCount(covered: $0.lines.filter { $0.count > 0 }.count, count: $0.lines.count) }
                ?? file.lines
            out += "LF:\(lines.count)\nLH:\(lines.covered)\n"
            out += "end_of_record\n"
        }
        return out
    }

    /// `FN:<line>,<name>` per function, then `FNDA:<count>,<name>`; the summary's counts when there are none.
    private static func functionRecords(_ functions: [FunctionHit], summary: CoverageCount) -> String {
        guard !functions.isEmpty else { return "FNF:\(summary.count)\nFNH:\(summary.covered)\n" }
        var out = ""
        for function in functions { out += "FN:\(function.line),\(function.name)\n" }
        for function in functions { out += "FNDA:\(function.count),\(function.name)\n" }
        out += "FNF:\(functions.count)\nFNH:\(functions.filter { $0.count > 0 }.count)\n"
        return out
    }

    /// Two `BRDA` records per branch region (true, false); block numbers count the regions of one line.
    private static func branchRecords(_ branches: [BranchHit], summary: CoverageCount) -> String {
        guard !branches.isEmpty else {
            return summary.count == 0 ? "" : "BRF:\(summary.count)\nBRH:\(summary.covered)\n"
        }
        var out = ""
        var blockByLine: [Int: Int] = [:]
        var covered = 0
        for branch in branches {
            let block = blockByLine[branch.line, default: 0]
            blockByLine[branch.line] = block + 1
            out += "BRDA:\(branch.line),\(block),0,\(branch.trueCount)\n"
            out += "BRDA:\(branch.line),\(block),1,\(branch.falseCount)\n"
            covered += (branch.trueCount > 0 ? 1 : 0) + (branch.falseCount > 0 ? 1 : 0)
        }
        out += "BRF:\(branches.count * 2)\nBRH:\(covered)\n"
        return out
    }

    static func absolute(_ path: String, root: String) -> String {
        path.hasPrefix("/") || root.isEmpty ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }
}

/// Reads the `DA` lines of an lcov tracefile back, for `--uncovered` on a run directory.
package enum LcovReader {
    package static func lines(in text: String) -> [(path: String, lines: [LineHit])] {
        var result: [(path: String, lines: [LineHit])] = []
        var current: (path: String, lines: [LineHit])?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if rawLine.hasPrefix("SF:") {
                current = (String(rawLine.dropFirst(3)), [])
            } else if rawLine.hasPrefix("DA:"), current != nil {
                let fields = rawLine.dropFirst(3).split(separator: ",")
                if fields.count >= 2, let line = Int(fields[0]), let count = Int(fields[1]) {
                    current!.lines.append(LineHit(line: line, count: count))
                }
            } else if rawLine == "end_of_record", let finished = current {
                result.append(finished)
                current = nil
            }
        }
        return result
    }
}
