import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Every console log and event stream of the shared corpus, rewritten the ways users' pipelines rewrite logs (CI
/// prefixes, CRLF, colour codes, xcodebuild's lines written into a test line), parses to the same tests, statuses,
/// failures, durations, totals and reconciliation as the bare log, with no more unrecognized lines. Read in place;
/// the rewritten copies go to a temporary folder.
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct MetamorphicCorpusTests {
    /// The corpus files smokerun reads line by line, relative to the corpus folder: everything under the console and
    /// event-stream folders but JSON documents, plists, bundles and notes, and the session logs under `misc/`.
    static let logs: [String] = {
        let manager = FileManager.default
        var logs: [String] = []
        for folder in ["xcodebuild", "linux-xctest", "swift-testing"] {
            let root = CorpusLocation.file(folder)
            guard let walker = manager.enumerator(atPath: root.path) else { continue }
            for case let path as String in walker {
                var isFolder: ObjCBool = false
                let full = root.appendingPathComponent(path).path
                guard manager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                    !["json", "plist", "md", "gz"].contains((path as NSString).pathExtension)
                else { continue }
                logs.append("\(folder)/\(path)")
            }
        }
        let misc = (try? manager.contentsOfDirectory(atPath: CorpusLocation.file("misc").path)) ?? []
        logs += misc.filter { $0.hasSuffix(".log") }.map { "misc/\($0)" }
        return logs.sorted()
    }()

    static let transformations: [LogTransformation] = [
        .githubRunView, .githubRaw, .githubRawOnSomeLines(seed: 7), .gitlab, .jenkins, .jenkinsClock,
        .bracketedDateTime(fraction: false), .bracketedDateTime(fraction: true), .dateTime, .kubernetes, .buildkite,
        .azure, .fastlane, .byteOrderMark, .crlf, .colourEveryLine, .colourStatusWord, .colourWithoutEscape,
        .colourStatusWordWithoutEscape,
        .statusLineSpliced(seed: 1), .statusLineSpliced(seed: 2), .statusLineSpliced(seed: 3),
        .composed(.colourEveryLine, .githubRunView), .composed(.crlf, .gitlab),
        .composed(.statusLineSpliced(seed: 4), .githubRunView), .composed(.colourStatusWord, .buildkite),
        .outputGluedToResults, .printedResultLookalikes, .composed(.printedResultLookalikes, .githubRaw),
        .logLineSpliced(seed: 1), .logLineSpliced(seed: 2), .composed(.logLineSpliced(seed: 3), .githubRaw),
        .composed(.statusLineSpliced(seed: 5), .logLineSpliced(seed: 5)),
        .teamCity, .composed(.crlf, .teamCity), .dockerCompose(timestamps: false), .dockerCompose(timestamps: true),
        .composed(.dockerCompose(timestamps: true), .githubRaw),
    ]

    /// Whether a test id holds a date-and-time stamp, `xcodebuild[` or a log line's `[pid:tid]`.
    static func holdsAnotherLine(_ id: String) -> Bool {
        id.contains("xcodebuild[") || id.contains(/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}/)
            || id.contains(/\[[0-9]+:[0-9]+\]/)
    }

    @Test func theCorpusHoldsTheLogsThisSuiteReads() throws {
        try CorpusLocation.require()
        #expect(Self.logs.count >= 40)
    }

    @Test(arguments: logs, transformations)
    func aRewrittenLogParsesLikeTheBareLog(_ log: String, _ transformation: LogTransformation) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(log)
        let bytes = try [UInt8](Data(contentsOf: file))
        let format = bytes.withUnsafeBufferPointer { InputFormatRegistry.standard.detect($0).name }
        if !transformation.appliesToEventStreams, format == "eventStream" { return }
        // A container's output is a Linux log, and one that came out of `docker compose` already is not wrapped twice.
        if transformation.isAContainersOutput, log.hasPrefix("xcodebuild/") || log.contains("docker_compose") { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let rewritten = folder.url.appendingPathComponent(file.lastPathComponent)
        try Data(transformation.apply(to: bytes)).write(to: rewritten)

        let bare = ParseSummary(parsing: file)
        let summary = ParseSummary(parsing: rewritten)
        #expect(
            summary.withUnrecognizedLines(of: bare) == bare,
            "\(log), \(transformation): \(summary.firstDifference(from: bare))")
        // What cut in never becomes part of a test's name.
        let bareIDs = Set(bare.tests.map(\.id))
        for test in summary.tests where !bareIDs.contains(test.id) {
            #expect(
                !Self.holdsAnotherLine(test.id), "\(log), \(transformation): \(test.id) holds a timestamp or process")
        }
        #expect(
            summary.unrecognizedLines <= bare.unrecognizedLines,
            "\(log), \(transformation): \(bare.unrecognizedLines) unrecognized lines became \(summary.unrecognizedLines)"
        )
    }
}
