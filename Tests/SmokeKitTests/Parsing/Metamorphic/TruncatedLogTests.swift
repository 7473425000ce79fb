import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A log cut short — a CI step killed, a disk full, a `head -c` — says less than the whole log, never something
/// else: cut at every line boundary, in the middle of every line and inside every multi-byte UTF-8 character, each
/// short corpus log names only tests the whole log names, each with the whole log's status or `unfinished` (the
/// input ended while it ran), and its error, if any, is only that it has no tests yet or failed before them.
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct TruncatedLogTests {
    /// Logs up to this many bytes are cut everywhere; longer ones are not read (the suite stays fast).
    static let byteLimit = 24_000
    /// Cuts tried in one log at most, spread evenly over its candidates.
    static let cutLimit = 250

    /// The short logs, but the line-sample collections (`*line_samples*`): lines gathered from many runs, where a
    /// later line about the same test is another run's, not what the first line's test did next.
    static let logs: [String] = MetamorphicCorpusTests.logs.filter { log in
        guard !log.contains("line_samples") else { return false }
        let size = try? FileManager.default.attributesOfItem(atPath: CorpusLocation.file(log).path)[.size] as? Int
        return (size ?? .max) <= byteLimit
    }

    @Test func someCorpusLogsAreShortEnoughToCutEverywhere() throws {
        try CorpusLocation.require()
        #expect(Self.logs.count >= 10)
    }

    @Test(arguments: logs)
    func aLogCutShortSaysLessNeverSomethingElse(_ log: String) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(log)
        let bytes = try [UInt8](Data(contentsOf: file))
        let whole = ParseSummary(parsing: file)
        let statuses = Dictionary(whole.tests.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cutFile = folder.url.appendingPathComponent(file.lastPathComponent)
        for cut in Self.cuts(in: bytes) {
            try Data(bytes[..<cut]).write(to: cutFile)
            let summary = ParseSummary(parsing: cutFile)
            if let error = summary.error {
                #expect(
                    error.hasPrefix("no test output") || error.hasPrefix("failed before tests"),
                    "\(log) cut at byte \(cut): \(error)")
                continue
            }
            for test in summary.tests {
                let wholeStatus = statuses[test.id]
                #expect(
                    wholeStatus == test.status || (wholeStatus != nil && test.status == .unfinished),
                    """
                    \(log) cut at byte \(cut): \(test.id) is \(test.status), \
                    in the whole log \(wholeStatus.map { "\($0)" } ?? "absent")
                    """)
            }
        }
    }

    /// Every line boundary, the middle of every line, and after the first byte of every multi-byte UTF-8 character,
    /// at most `cutLimit` of them spread evenly.
    static func cuts(in bytes: [UInt8]) -> [Int] {
        var cuts: [Int] = []
        var lineStart = 0
        for (index, byte) in bytes.enumerated() {
            if byte >= 0xC0 { cuts.append(index + 1) }
            guard byte == UInt8(ascii: "\n") else { continue }
            if index - lineStart > 1 { cuts.append((lineStart + index) / 2) }
            cuts.append(index + 1)
            lineStart = index + 1
        }
        cuts = cuts.filter { $0 < bytes.count }
        let stride = cuts.count / cutLimit + 1
        return cuts.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }
}
