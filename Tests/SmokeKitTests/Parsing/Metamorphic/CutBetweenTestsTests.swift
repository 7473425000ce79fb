import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A console log cut between two tests — after a test's result line, where the whole log goes on to another test
/// without closing its run (no `Executed N tests`, no `Test run with N tests`, no `** TEST … **` banner in between) —
/// never passes: it ends before its run did (`incomplete`, exit 3) unless what it shows fails the run anyway. Every
/// corpus console log, bare and rewritten the ways CI systems rewrite logs, at up to `cutLimit` such places each.
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct CutBetweenTestsTests {
    /// Cuts tried in one log at most, spread evenly over its candidates.
    static let cutLimit = 24

    /// The console logs (not event streams), but the line-sample collections (lines gathered from many runs, with
    /// no run to cut).
    static let logs: [String] = RunCannotPassTests.logs.filter { !$0.contains("line_samples") }

    static let transformations: [LogTransformation?] = [
        nil, .crlf, .githubRunView, .colourEveryLine, .composed(.colourStatusWord, .buildkite),
        .logLineSpliced(seed: 1),
    ]

    @Test func someCorpusLogsHaveTestsToCutBetween() throws {
        try CorpusLocation.require()
        let cuts = Self.logs.map { log in
            (try? [UInt8](Data(contentsOf: CorpusLocation.file(log)))).map { Self.cuts(in: LogLines($0)).count } ?? 0
        }
        #expect(cuts.filter { $0 > 0 }.count >= 15)
    }

    @Test(arguments: logs, transformations)
    func aLogCutBetweenTwoTestsNeverPasses(_ log: String, _ transformation: LogTransformation?) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(log)
        let lines = LogLines(try [UInt8](Data(contentsOf: file)))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cutFile = folder.url.appendingPathComponent(file.lastPathComponent)
        for cut in Self.cuts(in: lines) {
            var kept = lines
            kept.keep(through: cut)
            try Data(transformation.map { $0.apply(to: kept.bytes) } ?? kept.bytes).write(to: cutFile)
            let parsed = try LogParser().parse(files: [cutFile])
            let failing = parsed.results.contains { $0.status.isFailure }
            let saysFailed = parsed.reconciliation?.disagrees == true || parsed.interruption != nil
            #expect(
                parsed.incomplete != nil || failing || saysFailed,
                """
                \(log) cut after line \(cut + 1)\(transformation.map { ", \($0)" } ?? ""): passes, though its run \
                goes on
                """)
        }
    }

    /// The indexes of result lines after which the log goes on to another test line without a closing line between,
    /// at most `cutLimit` spread evenly; none after an xcodebuild banner (fastlane prints it before the tests, and it
    /// tells how the run ended).
    static func cuts(in lines: LogLines) -> [Int] {
        let contents = lines.contents.map { String(decoding: $0, as: UTF8.self) }
        var cuts: [Int] = []
        var lastResult: Int?
        var closed = false
        for (index, line) in contents.enumerated() {
            if line.contains("** TEST") { break }
            if isClosing(line) { closed = true }
            guard isTestLine(line) else { continue }
            if let lastResult, !closed { cuts.append(lastResult) }
            closed = false
            lastResult = isResult(line) ? index : nil
        }
        let stride = cuts.count / cutLimit + 1
        return cuts.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    /// A line that closes a run or a suite: XCTest's totals, Swift Testing's, an xcodebuild banner.
    static func isClosing(_ line: String) -> Bool {
        line.contains("Executed ") || line.contains("Test run with ") || line.contains("** TEST")
            || line.contains("Restarting after")
    }

    /// A test's start or result line, XCTest's or Swift Testing's console form.
    static func isTestLine(_ line: String) -> Bool {
        isResult(line) || line.contains("Test Case '") && line.contains("' started")
            || line.contains(" Test ") && line.hasSuffix(" started.") && !line.contains("Test run")
    }

    static func isResult(_ line: String) -> Bool {
        let xctest =
            (line.hasPrefix("Test Case '") || line.hasPrefix("Test case '"))
            && (line.contains("' passed") || line.contains("' failed") || line.contains("' skipped"))
        let swiftTesting =
            line.contains(" Test ") && !line.contains("Test run")
            && (line.contains(" passed after ") || line.contains(" failed after "))
        return xctest || swiftTesting
    }
}
