import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Logs whose every line carries a prefix a pipeline added (moreutils `ts`, GNU `parallel --tag`) read as the bare
/// log; a prefix smokerun does not know is said, never read into a verdict by the rules that search inside a line.
@Suite struct TimestampedLogTests {
    /// Each line's prefix, by its number.
    static let prefixes: [(String, @Sendable (Int) -> String)] = [
        ("month-day-time", { "Mar  1 10:00:\(String(format: "%02d", $0 % 60)) " }),
        ("clock-time", { "10:00:00.\(String(format: "%06d", $0)) " }),
        ("elapsed-seconds", { "0.\(String(format: "%06d", $0 * 11)) " }),
        ("tag", { "swift-\($0 % 2 == 0 ? "6.2" : "6.3")\t" }),
    ]

    private static func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8))])
    }

    @Test(arguments: prefixes)
    func aPrefixedLogReadsAsTheBareLog(_ kind: String, _ prefix: @Sendable (Int) -> String) throws {
        let plain = try Self.parse(PipelineLogs.failing)
        let stamped = try Self.parse(PipelineLogs.prefixed(PipelineLogs.failing, prefix))
        #expect(stamped.results == plain.results)
        #expect(stamped.results.flatMap(\.failures).map(\.file) == ["/src/Tests/CartTests.swift"])
        #expect(stamped.incomplete == nil)
        #expect(stamped.unrecognizedLineCount == plain.unrecognizedLineCount)
        #expect(stamped.inputs.first?.strippedPrefix == kind)
        #expect(stamped.reconciliation?.agrees == true)
    }

    /// A prefix no rule knows: its test lines are unread, and what the rules that search inside a line make of the
    /// rest (a failure whose file holds the prefix, a crash before any test, a run of no tests) is no verdict.
    @Test(arguments: [
        PipelineLogs.failing, PipelineLogs.crashing,
        PipelineLogs.failing.replacingOccurrences(of: "error:", with: "note:"),
    ])
    func anUnknownPrefixIsSaidNamingItsFirstTestLine(_ log: String) throws {
        let text = PipelineLogs.prefixed(log) { "job#\($0 % 3)> " }
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard case .unreadPrefix(_, let unread) = error as? ParseError else { return false }
            return unread.prefix == "job#\((unread.line - 1) % 3)> " && unread.width == 7
        }
        #expect(
            ParseError.unreadPrefix(path: "x.log", UnreadPrefix(line: 1, prefix: "", width: 0)).kind == .infrastructure)
    }

    @Test func theMessageNamesThePrefixItsLineAndAFix() {
        let fixed = ParseError.unreadPrefix(path: "a.log", UnreadPrefix(line: 3, prefix: "job#1> ", width: 7))
        #expect(fixed.errorDescription?.contains("line 3 starts with `job#1> `") == true)
        #expect(fixed.errorDescription?.contains("cut -b8- 'a.log' > 'a.log.bare.log'") == true)
        let tagged = ParseError.unreadPrefix(path: "a.log", UnreadPrefix(line: 1, prefix: "a b\t", width: 4))
        #expect(tagged.errorDescription?.contains("cut -f2- 'a.log' > 'a.log.bare.log'") == true)
    }

    /// A test that prints a test line of its own after other text does not hide its log's lines.
    @Test func aTestLineInsideAReadLogIsOnlyOutput() throws {
        let log = PipelineLogs.failing.replacingOccurrences(
            of: "Test Case 'CartTests.testAdd' passed",
            with: "note: Test Case 'X.y' started\nTest Case 'CartTests.testAdd' passed")
        #expect(try Self.parse(log).results.count == 2)
    }
}

/// A log two `swift test` processes wrote into at once is whole: each test's result stands, nothing is called cut.
@Suite struct InterleavedLogTests {
    @Test func aLogOfTwoInterleavedPassingProcessesIsWhole() throws {
        let log = PipelineLogs.interleaved(
            PipelineLogs.process("MathTests", ["testA", "testB"]),
            PipelineLogs.process("OtherTests", ["testC"]))
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        #expect(parsed.incomplete == nil)
        #expect(parsed.results.map(\.status) == [.passed, .passed, .passed])
        #expect(parsed.reconciliation?.unverified == ["xctest"])
        #expect(
            parsed.reconciliation?.unverifiedNotes.first?.contains("come from test processes that ran at once") == true)
    }

    @Test func aLogOfTwoInterleavedSwiftTestingRunsIsWhole() throws {
        let log = PipelineLogs.interleaved(
            PipelineLogs.swiftTestingProcess(["adds()", "removes()"]), PipelineLogs.swiftTestingProcess(["totals()"]))
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        #expect(parsed.incomplete == nil)
        #expect(parsed.results.map(\.status) == [.passed, .passed, .passed])
        #expect(parsed.reconciliation?.unverified == ["swift-testing"])
    }

    /// A compiler's diagnostics quote source lines, which in a log formatter's own tests hold test-like text after the
    /// gutter (`11 |  let line = "Test Case '…"`): the build failed, said as such, never an unread prefix.
    @Test func aBuildFailureQuotingTestLinesIsABuildFailure() throws {
        let log = """
            Building for debugging...
            /src/Tests/FormatterTests/ParserTests.swift:12:9: error: cannot find 'parse' in scope
            11 |         let line = "Test Case 'A.b' started at 2026-01-01 00:00:00.000"
            12 |         parse(line)
            /src/Tests/FormatterTests/ParserTests.swift:17:9: error: cannot find 'parse' in scope
            16 |         let line = "Test Suite 'All tests' started at 2026-01-01 00:00:00.000"
            17 |         parse(line)
            error: fatalError

            """
        #expect {
            try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        } throws: { error in
            guard case .failedBeforeTests(_, let failure) = error as? ParseError else { return false }
            return failure.kind == .build
        }
    }
}
