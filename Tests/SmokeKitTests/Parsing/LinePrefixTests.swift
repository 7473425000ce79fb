import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

@Suite struct LinePrefixTests {
    /// A line as a CI system wrote it, the prefix kind removed and the text left.
    static let prefixed: [(String, LinePrefix?, String)] = [
        ("2025-05-01T10:00:00.1234567Z Test Case 'A.b' started", .githubActionsTimestamp, "Test Case 'A.b' started"),
        ("2025-05-01T10:00:00Z Test Case 'A.b' started", .isoTimestamp, "Test Case 'A.b' started"),
        ("2026-11-30T02:09:31+0000 Test Case 'A.b' started", .isoTimestamp, "Test Case 'A.b' started"),
        ("2026-11-30T02:09:31-05:00 Test Case 'A.b' started", .isoTimestamp, "Test Case 'A.b' started"),
        ("2026-11-30T02:09:31+01 Test Case 'A.b' started", .isoTimestamp, "Test Case 'A.b' started"),
        ("[2025-05-01T10:00:00.123Z] Test Case 'A.b' started", .bracketedTimestamp, "Test Case 'A.b' started"),
        (
            "build\tRun swift test\t\u{FEFF}2025-05-01T10:00:00.1234567Z Test Suite 'All tests' started",
            .githubRunView, "Test Suite 'All tests' started"
        ),
        (
            "build (macOS 15)\tRun swift test\t2025-05-01T10:00:00.1234567Z \u{1B}[32mok\u{1B}[0m", .githubRunView,
            "\u{1B}[32mok\u{1B}[0m"
        ),
        ("2025-05-01T10:00:00.123456Z 00O Test Case 'A.b' started", .gitlabTimestamp, "Test Case 'A.b' started"),
        ("2025-05-01T10:00:00.123456Z 0aE+ seconds)", .gitlabTimestamp, "seconds)"),
        (
            "2025-05-01T10:00:00.123456Z 00O section_start:1714556400:step_script\r\u{1B}[0KTest Case 'A.b' started",
            .gitlabTimestamp, "Test Case 'A.b' started"
        ),
        ("section_end:1714556460:step_script\r\u{1B}[0K", .gitlabSection, ""),
        ("\u{1B}_bk;t=1714556400123\u{07}Test Case 'A.b' started", .buildkiteTimestamp, "Test Case 'A.b' started"),
        ("_bk;t=1714556400123\u{07}Test Case 'A.b' started", .buildkiteTimestamp, "Test Case 'A.b' started"),
        ("[10:00:00]: ▸ Test Case 'A.b' started", .fastlane, "Test Case 'A.b' started"),
        ("[10:00:00]: $ xcodebuild test", .fastlane, "$ xcodebuild test"),
        ("[2026-11-28 10:00:00] Test Case 'A.b' started", .dateTime, "Test Case 'A.b' started"),
        ("[2026-11-28 10:00:00.123] Test Case 'A.b' started", .dateTime, "Test Case 'A.b' started"),
        (
            "2026-11-28T10:00:00.123456789+00:00 stdout F Test Case 'A.b' started", .kubernetes,
            "Test Case 'A.b' started"
        ),
        ("2026-11-28T10:00:00.123456789Z stderr P Test Case 'A.b' st", .kubernetes, "Test Case 'A.b' st"),
        // A byte-order mark is removed, but is no CI system's prefix.
        ("\u{FEFF}Test Case 'A.b' started", nil, "Test Case 'A.b' started"),
    ]

    @Test(arguments: prefixed)
    func aCIPrefixIsRemovedAndNamed(_ line: String, _ kind: LinePrefix?, _ content: String) throws {
        let bytes = Array(line.utf8)
        let stripped = try #require(bytes.withUnsafeBufferPointer { LinePrefix.strip($0) })
        #expect(stripped.kind == kind)
        #expect(String(decoding: bytes[stripped.contentStart...], as: UTF8.self) == content)
    }

    /// Lines test tools print themselves, which keep every byte.
    static let bare = [
        "2018-11-04 10:28:22.4 xcodebuild[1:2] IDETestOperationsObserverDebug: 1.0 elapsed",
        "Test Case '-[AppTests.CartTests testTotal]' passed (0.001 seconds).",
        "\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds",
        "name\twith\ttabs but no timestamp",
        "10:00:00 is a clock time a test printed",
        "[worker 2] Test Case 'A.b' started",
        "section_start is a word",
        // swift-log's own line, as a test's logger prints it.
        "2021-09-29T08:17:42-0400 notice codes.vapor.application : App environment is `testing`",
    ]

    @Test(arguments: bare)
    func aLineATestToolPrintedKeepsItsText(_ line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { LinePrefix.strip($0) } == nil)
    }

    @Test func aClockTimeIsRemovedOnlyFromALogWhoseFirstLineHasOne() {
        func contents(_ lines: [String]) -> [String?] {
            var unwrapper = LineUnwrapper()
            return lines.map { line in
                let bytes = Array(line.utf8)
                return bytes.withUnsafeBufferPointer { unwrapper.contentStart(of: $0) }.map {
                    String(decoding: bytes[$0...], as: UTF8.self)
                }
            }
        }
        #expect(contents(["[10:00:00] Test Suite", "[10:00:01] ok"]) == ["Test Suite", "ok"])
        #expect(contents(["10:00:00 Test Suite", "10:00:01 ok"]) == ["Test Suite", "ok"])
        #expect(contents(["Test Suite", "10:00:01 ok"]) == ["Test Suite", "10:00:01 ok"])
    }

    /// Unbracketed, a date and time is an xcodebuild process log line's start: removed only from a log whose first
    /// line has it and is not such a line — then from every line, whatever follows it.
    @Test func anUnbracketedDateTimeIsRemovedOnlyFromALogWhoseFirstLineHasOne() {
        func contents(_ lines: [String]) -> [String?] {
            var unwrapper = LineUnwrapper()
            return lines.map { line in
                let bytes = Array(line.utf8)
                return bytes.withUnsafeBufferPointer { unwrapper.contentStart(of: $0) }.map {
                    String(decoding: bytes[$0...], as: UTF8.self)
                }
            }
        }
        #expect(
            contents([
                "2026-11-28 10:00:00 Test Suite", "2026-11-28 10:00:01.5 objc[12]: Class X", "2026-11-28 10:00:02 ",
            ])
                == ["Test Suite", "objc[12]: Class X", nil])
        let process = "2018-11-04 10:28:22.4 xcodebuild[1:2] IDETestOperationsObserverDebug: 1.0 elapsed"
        #expect(contents([process, "2026-11-28 10:00:01 ok"]) == [process, "2026-11-28 10:00:01 ok"])
        #expect(contents(["Test Suite", "2026-11-28 10:00:01 ok"]) == ["Test Suite", "2026-11-28 10:00:01 ok"])
    }

    @Test func aCIMarkerLineIsPassedOver() {
        var unwrapper = LineUnwrapper()
        for line in ["2025-05-01T10:00:00.1234567Z ##[group]Run swift test", "##[endgroup]", "##[section]Starting: x"] {
            #expect(Array(line.utf8).withUnsafeBufferPointer { unwrapper.contentStart(of: $0) } == nil)
        }
        #expect(
            Array("##[error]Process completed".utf8).withUnsafeBufferPointer { unwrapper.contentStart(of: $0) } == 0)
    }

    @Test func aGitHubRunViewLogParsesLikeTheBareLog() throws {
        let bare = """
            Test Suite 'All tests' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000
            /src/CartTests.swift:12: error: CartTests.testTotal : XCTAssertEqual failed
            Test Case 'CartTests.testTotal' failed (0.010 seconds)
            Test Suite 'All tests' failed at 2025-03-01 12:00:01.000
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
            """
        let lines = bare.split(separator: "\n", omittingEmptySubsequences: false)
        let runView = lines.enumerated().map { index, line in
            "build\tRun swift test\t\(index == 0 ? "\u{FEFF}" : "")2025-05-01T10:00:00.1234567Z \(line)"
        }
        let plain = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(bare.utf8))])
        let ci = try LogParser().parse(files: [
            ParsingTestSupport.temporaryFile(Data(runView.joined(separator: "\n").utf8))
        ])
        #expect(ci.results == plain.results)
        #expect(ci.unrecognizedLineCount == 0)
        #expect(ci.inputs.first?.strippedPrefix == "gh-run-view")
        #expect(ci.reconciliation?.agrees == true)
    }

    @Test func aGitHubActionsTimestampedLogParsesLikeTheBareLog() throws {
        let bare = """
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000
            /src/CartTests.swift:12: error: CartTests.testTotal : XCTAssertEqual failed
            Test Case 'CartTests.testTotal' failed (0.010 seconds)
            Test Suite 'Selected tests' failed at 2025-03-01 12:00:01.000
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
            """
        let prefixed = bare.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "2025-03-01T12:00:00.1234567Z \($0)" }.joined(separator: "\n")
        let plain = try parseLog(bare)
        let ci = try parseLog(prefixed)
        #expect(ci.results == plain.results)
        #expect(ci.unrecognizedLineCount == 0)
        #expect(ci.inputs.first?.strippedPrefix == "github-actions-timestamp")
        #expect(ci.reconciliation?.agrees == true)
        #expect(ci.frameworkCounts.map(\.tests) == [1])
    }

    /// A log copied out of an issue or an e-mail reply, `> ` before each line (`>` alone on an empty one), after a
    /// GitHub Actions timestamp too.
    @Test func aMarkdownQuotedLogParsesLikeTheBareLog() throws {
        let bare = """
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000
            /src/CartTests.swift:12: error: CartTests.testTotal : XCTAssertEqual failed

            Test Case 'CartTests.testTotal' failed (0.010 seconds)
            Test Suite 'Selected tests' failed at 2025-03-01 12:00:01.000
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
            """
        let lines = bare.split(separator: "\n", omittingEmptySubsequences: false)
        let quoted = lines.map { $0.isEmpty ? ">" : "> \($0)" }.joined(separator: "\n")
        let stamped = lines.map { "> 2025-03-01T12:00:00.1234567Z \($0)" }.joined(separator: "\n")
        let plain = try parseLog(bare)
        #expect(plain.results.map(\.status) == [.failed])
        for log in [quoted, stamped] {
            let copy = try parseLog(log)
            #expect(copy.results == plain.results)
            #expect(copy.unrecognizedLineCount == 0)
            #expect(copy.reconciliation?.agrees == true)
        }
        #expect(try parseLog(quoted).inputs.first?.strippedPrefix == "markdown-quote")
    }

    /// Swift 6's diagnostics quote source under a line-number gutter (`307 | code`): no container's name, so no
    /// docker-compose prefix is said to be stripped; a container's (`app-1  | `) is.
    @Test func aCompilerExcerptsGutterIsNoContainerPrefix() throws {
        let log = """
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            /src/Cart.swift:307:18: warning: var 'total' was never mutated
            305 | }
            307 |     var total = 0
                |         `- warning: var 'total' was never mutated
            Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000
            Test Case 'CartTests.testTotal' passed (0.010 seconds)
            Test Suite 'Selected tests' passed at 2025-03-01 12:00:01.000
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.010 (0.010) seconds
            """
        #expect(try parseLog(log).inputs.first?.strippedPrefix == nil)
        let wrapped = log.split(separator: "\n").map { "app-1  | \($0)" }.joined(separator: "\n")
        #expect(try parseLog(wrapped).inputs.first?.strippedPrefix == "docker-compose")
    }

    @Test func anXcodebuildProcessLogLineKeepsItsTimestamp() {
        let line = Array("2018-11-04 10:28:22.4 xcodebuild[1:2] IDETestOperationsObserverDebug: 1.0 elapsed".utf8)
        #expect(line.withUnsafeBufferPointer { LinePrefix.strip($0) } == nil)
    }

    private func parseLog(_ text: String, name: String = "log.txt") throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8), name: name)])
    }
}
