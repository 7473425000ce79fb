/// xcodebuild's own word that a run failed, read line by line beside the tests: its `** TEST FAILED **` or
/// `** TEST EXECUTE FAILED **` banner, and its `Testing failed:` summary with the reasons indented under it. A log
/// whose tests all passed but that holds either cannot pass (`RunFailureEvidence`, Documentation/Design.md §7.1).
struct XcodebuildVerdict {
    /// The first failure banner: its text and 1-based line.
    private(set) var banner: (text: String, line: Int)?
    /// The first `Testing failed:` line's number and the reasons under it (at most `keptReasons`).
    private(set) var testingFailed: (line: Int, reasons: [String])?
    /// Bazel's first summary line of a test target that did not pass (`//App:UITests   FAILED TO BUILD`).
    private(set) var bazelSummary: (text: String, line: Int)?
    /// Inside the first `Testing failed:` summary: its indented lines are its reasons.
    private var readingReasons = false
    /// Reasons kept: enough to say why, bounded however many targets failed.
    static let keptReasons = XcodebuildSummary.keptErrors

    /// Reads line `number` (a split test line joined; xcodebuild's line inside one as itself).
    mutating func read(_ line: LineBytes, number: Int) {
        let start = line.skippingBlanks()
        guard start < line.count else { return }
        if readingReasons {
            if start > 0 {
                if var summary = testingFailed, summary.reasons.count < Self.keptReasons {
                    summary.reasons.append(line.string(start..<line.endSkippingBlanks(from: start)))
                    testingFailed = summary
                }
                return
            }
            readingReasons = false
        }
        let first = line[start]
        if first == UInt8(ascii: "*"), banner == nil, Self.isFailureBanner(line, from: start) {
            banner = (line.string(start..<line.endSkippingBlanks(from: start)), number)
        } else if first == UInt8(ascii: "T"), testingFailed == nil, line.hasPrefix("Testing failed:", at: start),
            line.endSkippingBlanks(from: start) == start + 15
        {
            testingFailed = (number, [])
            readingReasons = true
        } else if first == UInt8(ascii: "/"), bazelSummary == nil, Self.isBazelFailure(line, from: start) {
            let words = line.string(start..<line.endSkippingBlanks(from: start)).split(separator: " ")
            bazelSummary = (words.joined(separator: " "), number)
        }
    }

    /// `//App:UITests    FAILED TO BUILD`, `//App:Tests    FAILED in 2.1s`, `… TIMEOUT in 300.0s`: a label, the
    /// padding Bazel aligns its summary with, and a failing status.
    private static func isBazelFailure(_ line: LineBytes, from start: Int) -> Bool {
        guard line.hasPrefix("//", at: start), let gap = line.firstIndex(of: "  ", from: start),
            line.firstIndex(of: UInt8(ascii: ":"), from: start, upTo: gap) != nil
        else { return false }
        let status = line.skippingBlanks(from: gap)
        return line.hasPrefix("FAILED TO BUILD", at: status) || line.hasPrefix("FAILED in ", at: status)
            || line.hasPrefix("TIMEOUT in ", at: status)
    }

    /// `** TEST FAILED **`, `** TEST EXECUTE FAILED **` (a whole line, maybe with its elapsed time).
    private static func isFailureBanner(_ line: LineBytes, from start: Int) -> Bool {
        let end = XcodebuildStatusLine.bannerEnd(line, end: line.endSkippingBlanks(from: start))
        return line.hasPrefix("** TEST", at: start) && end - start >= 17 && line.hasPrefix(" FAILED **", at: end - 10)
            && XcodebuildStatusLine.isWhole(line, from: start)
    }

    /// The banner with the summary's reasons, else the summary alone, as evidence in `source`; nil when neither.
    func evidence(source: String) -> RunFailureEvidence? {
        let reasons = testingFailed?.reasons ?? []
        if let banner {
            return RunFailureEvidence(
                kind: .xcodebuildVerdict, source: source, line: banner.line, text: banner.text, reasons: reasons)
        }
        if let testingFailed {
            return RunFailureEvidence(
                kind: .xcodebuildVerdict, source: source, line: testingFailed.line, text: "Testing failed:",
                reasons: reasons)
        }
        return bazelSummary.map {
            RunFailureEvidence(kind: .bazelSummary, source: source, line: $0.line, text: $0.text)
        }
    }
}
