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
        } else if first == UInt8(ascii: "/") || first == UInt8(ascii: "@") || first == UInt8(ascii: "F"),
            bazelSummary == nil, Self.isBazelFailure(line, from: start)
        {
            let words = line.string(start..<line.endSkippingBlanks(from: start)).split(separator: " ")
            bazelSummary = (words.joined(separator: " "), number)
        }
    }

    /// Bazel's summary line of a test target that did not pass: a label (`//App:UITests`, `@@repo//App:Tests`), the
    /// padding Bazel aligns it with, maybe its configuration or `(1/3 cached)`, and a failing status (`FAILED TO BUILD`,
    /// `FAILED in 2.1s`, a terse summary's bare `FAILED`, `TIMEOUT`, `INCOMPLETE`, `NO STATUS`, `REMOTE FAILURE`);
    /// or its `FAIL: //App:Tests (see …/test.log)`. `FLAKY, failed in 1 out of 2` passed in the end.
    private static func isBazelFailure(_ line: LineBytes, from start: Int) -> Bool {
        if line.hasPrefix("FAIL: //", at: start) || line.hasPrefix("FAIL: @", at: start) { return true }
        guard line.hasPrefix("//", at: start) || line.hasPrefix("@", at: start),
            let space = line.firstIndex(of: UInt8(ascii: " "), from: start),
            let slashes = line.firstIndex(of: "//", from: start), slashes < space,
            line.firstIndex(of: UInt8(ascii: ":"), from: slashes, upTo: space) != nil
        else { return false }
        var status = line.skippingBlanks(from: space)
        // A configuration (`(darwin_arm64-fastbuild)`) or a cache note (`(cached)`, `(1/3 cached)`) before the status.
        while status < line.count, line[status] == UInt8(ascii: "("),
            let close = line.firstIndex(of: UInt8(ascii: ")"), from: status)
        {
            status = line.skippingBlanks(from: close + 1)
        }
        let end = line.endSkippingBlanks(from: status)
        return bazelFailures.contains { word in
            line.hasPrefix(word, at: status)
                && (status + word.utf8CodeUnitCount == end
                    || line[status + word.utf8CodeUnitCount] == UInt8(ascii: " "))
        }
    }

    private static let bazelFailures: [StaticString] = [
        "FAILED", "TIMEOUT", "INCOMPLETE", "NO STATUS", "REMOTE FAILURE",
    ]

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
