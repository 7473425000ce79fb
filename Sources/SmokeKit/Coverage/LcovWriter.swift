/// Writes an lcov tracefile (`genhtml`'s input) from a coverage report and its line detail.
///
/// `DA` lines are the distinct executable lines, exactly as `llvm-cov export -format=lcov` writes
/// them; `LF`/`LH`, `FNF`/`FNH` and `BRF`/`BRH` carry llvm-cov's summary counts, which count a line
/// once per function containing it (a closure on its own line counts twice), as `llvm-cov report` does.
package enum LcovWriter {
    /// - Parameter root: the package root, to make `SF:` paths absolute.
    package static func render(_ report: CoverageReport, details: [String: FileLineDetail], root: String) -> String {
        var out = ""
        for file in report.files {
            let detail = details[file.path]
            out += "TN:\n"
            out += "SF:\(absolute(file.path, root: root))\n"
            out += "FNF:\(file.functions.count)\nFNH:\(file.functions.covered)\n"
            for hit in detail?.lines ?? [] {
                out += "DA:\(hit.line),\(hit.count)\n"
            }
            var blockByLine: [Int: Int] = [:]
            for branch in detail?.branches ?? [] {
                let block = blockByLine[branch.line, default: 0]
                blockByLine[branch.line] = block + 1
                out += "BRDA:\(branch.line),\(block),0,\(branch.trueCount)\n"
                out += "BRDA:\(branch.line),\(block),1,\(branch.falseCount)\n"
            }
            out += "BRF:\(file.branches.count)\nBRH:\(file.branches.covered)\n"
            out += "LF:\(file.lines.count)\nLH:\(file.lines.covered)\n"
            out += "end_of_record\n"
        }
        return out
    }

    static func absolute(_ path: String, root: String) -> String {
        path.hasPrefix("/") || root.isEmpty ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }
}

/// Reads the `DA` lines of an lcov tracefile back, for `--uncovered` on a run directory.
package enum LcovReader {
    /// Line hits by `SF:` path (as written), in file order.
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
