import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A log cut right after a test's `started` line leaves that test `unfinished`; the same log with lines that say how
/// the test ended — a crash banner and xcodebuild's relaunch, the execution-time allowance, a trap and the runner's
/// exit code — ends it that way, with the first of those lines as its evidence, and changes nothing else: the same
/// tests, the same ids, the other statuses as they were. Every corpus console log, cut after its last test start.
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct TestEndingTests {
    /// Lines appended after a test's start, and what they make of it.
    enum Ending: CaseIterable, CustomStringConvertible {
        case crashAndRelaunch
        case allowance
        case trapAndExitCode

        var description: String {
            switch self {
            case .crashAndRelaunch: "crash banner and relaunch"
            case .allowance: "execution time allowance as the last line"
            case .trapAndExitCode: "trap and exit code"
            }
        }

        /// The lines, for the test started as `Test Case '<name>' started` (nil for a Swift Testing start).
        func lines(xctestName: String?) -> [String]? {
            switch self {
            case .crashAndRelaunch:
                [
                    "💣 Program crashed: Aborted at 0x00007f4e3476df7f",
                    """
                    Restarting after unexpected exit, crash, or test timeout; summary will include totals from \
                    previous launches.
                    """,
                ]
            case .allowance:
                xctestName.map {
                    [
                        """
                        Test Case '\($0)' exceeded execution time allowance of 20 seconds. The test may have hung; \
                        check Xcode's test report for additional diagnostics.
                        """
                    ]
                }
            case .trapAndExitCode:
                ["    3: wasm trap: out of bounds memory access", "##[error]Process completed with exit code 134."]
            }
        }

        var status: TestStatus { self == .allowance ? .timedOut : .crashed }
    }

    /// The console logs (not event streams) with a test start line, but the line-sample collections (lines gathered
    /// from many runs) and logs whose success banner comes before their tests (fastlane's order: a test cut short
    /// there passed, by the banner, and the relation is another one).
    static let logs: [String] = MetamorphicCorpusTests.logs.filter { log in
        guard !log.contains("line_samples"), let bytes = try? [UInt8](Data(contentsOf: CorpusLocation.file(log))),
            let banner = String(bytes: bytes.prefix(4096), encoding: .utf8), !banner.contains(" SUCCEEDED **")
        else { return false }
        let format = bytes.withUnsafeBufferPointer { InputFormatRegistry.standard.detect($0).name }
        return format != "eventStream" && lastStart(in: LogLines(bytes), xctestOnly: false) != nil
    }

    @Test func someCorpusLogsStartTests() throws {
        try CorpusLocation.require()
        #expect(Self.logs.count >= 15)
    }

    @Test(arguments: logs, Ending.allCases)
    func aTestEndsAsTheLinesAfterItsStartSay(_ log: String, _ ending: Ending) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(log)
        let lines = LogLines(try [UInt8](Data(contentsOf: file)))
        guard let (start, xctestName) = Self.lastStart(in: lines, xctestOnly: ending == .allowance),
            let added = ending.lines(xctestName: xctestName)
        else { return }
        var cut = lines
        cut.keep(through: start)
        var ended = cut
        ended.append(added)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cutFile = folder.url.appendingPathComponent("cut-" + file.lastPathComponent)
        let endedFile = folder.url.appendingPathComponent("ended-" + file.lastPathComponent)
        try Data(cut.bytes).write(to: cutFile)
        try Data(ended.bytes).write(to: endedFile)
        guard let before = try? LogParser().parse(files: [cutFile]) else { return }
        let after = try LogParser().parse(files: [endedFile])

        let evidenceLine = start + 2 // 1-based: the start line is `start + 1`
        let running = Set(before.results.filter { $0.evidence?.what == "the input ends while the test runs" }.map(\.id))
        #expect(!running.isEmpty, "\(log) cut at line \(start + 1): no test is running")
        #expect(after.results.map(\.id) == before.results.map(\.id), "\(log), \(ending): the tests changed")
        for (was, now) in zip(before.results, after.results) where was.id == now.id {
            let endsHere =
                running.contains(now.id)
                && (ending != .allowance || xctestName.map { Self.names(now.id, $0) } == true)
            if endsHere {
                #expect(now.status == ending.status, "\(log), \(ending): \(now.id) is \(now.status)")
                #expect(
                    now.evidence?.line == evidenceLine,
                    "\(log), \(ending): \(now.id) evidence \(now.evidence?.description ?? "none")")
                if ending == .allowance { #expect(now.durationSeconds >= 20) }
            } else {
                #expect(now.status == was.status, "\(log), \(ending): \(now.id) was \(was.status), is \(now.status)")
            }
            #expect(!MetamorphicCorpusTests.holdsAnotherLine(now.id), "\(log), \(ending): \(now.id)")
        }
        if ending != .allowance || running.count == 1 {
            #expect(after.incomplete == nil, "\(log), \(ending): still incomplete")
        }
    }

    /// Whether `id` (`Module.Class/method`, `Class/method`) is the test XCTest names `name` (`-[Module.Class method]`,
    /// `Class.method`, `Module.Class.method()`).
    static func names(_ id: String, _ name: String) -> Bool {
        let method = id.split(separator: "/").last.map(String.init) ?? id
        let bare = method.hasSuffix("()") ? String(method.dropLast(2)) : method
        return name.hasSuffix(" \(bare)]") || name.hasSuffix(".\(bare)") || name.hasSuffix(".\(bare)()")
    }

    /// The index of the last line that starts a test (`Test Case '…' started`, `◇ Test f() started.`), with the XCTest
    /// name it gives (nil for Swift Testing); with `xctestOnly`, the last XCTest start.
    static func lastStart(in lines: LogLines, xctestOnly: Bool) -> (Int, String?)? {
        for index in lines.contents.indices.reversed() {
            let content = lines.contents[index]
            if let name = LogTransformation.testCaseName(content, verb: "started") { return (index, name) }
            guard !xctestOnly, let text = String(bytes: content, encoding: .utf8), let symbol = text.first,
                symbol.utf8.first.map({ $0 >= 0xE2 }) == true
            else { continue }
            let words = text.dropFirst().drop { $0 == " " }
            if words.hasPrefix("Test "), !words.hasPrefix("Test run"), words.hasSuffix(" started.") {
                return (index, nil)
            }
        }
        return nil
    }
}
