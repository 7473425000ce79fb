import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// The twin of "no status without evidence": no `unfinished` where the input shows how the test ended. For each
/// `unfinished` test of a parse, the lines from its `started` line to where its evidence points are searched for a
/// crash or timeout line; finding one is a violation.
enum UnfinishedEvidence {
    /// Words that prove a test's process crashed or its time ran out.
    static let markers = [
        "💣", "Program crashed", "Fatal error", "fatal error", "wasm trap:", "exceeded execution time allowance",
        "Restarting after unexpected exit", "signal code", "terminated with signal", "(core dumped)",
    ]

    /// One sentence per `unfinished` test of `parsed` whose input (`lines`, the file's lines) holds such a line after
    /// its start.
    static func violations(in parsed: ParsedLog, lines: [Substring], source: String) -> [String] {
        var found: [String] = []
        for test in parsed.results where test.status == .unfinished {
            guard let end = test.evidence?.line else { continue }
            let name = test.id.split(separator: "/").last.map(String.init) ?? test.id
            let bare = name.hasSuffix("()") ? String(name.dropLast(2)) : name
            // Its start: the last line before the evidence that names it and says `started`.
            let upper = min(end, lines.count)
            guard
                let start = (0..<upper).reversed().first(where: {
                    lines[$0].contains("started") && lines[$0].contains(bare)
                })
            else { continue }
            let stop = test.evidence?.what == "the input ends while the test runs" ? lines.count : upper - 1
            guard start + 1 < stop else { continue }
            for index in (start + 1)..<stop
            where markers.contains(where: { lines[index].contains($0) }) || exitsBySignal(lines[index]) {
                found.append(
                    "\(source): \(test.id) is unfinished, but line \(index + 1) says how it ended: \(lines[index])")
                break
            }
        }
        return found
    }

    /// `Process completed with exit code N.` for N above 128.
    private static func exitsBySignal(_ line: Substring) -> Bool {
        guard let range = line.range(of: "Process completed with exit code ") else { return false }
        return Int(line[range.upperBound...].prefix { $0.isNumber }).map { $0 > 128 } ?? false
    }

    /// The file's lines, as `violations` reads them.
    static func lines(of file: URL) -> [Substring] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
