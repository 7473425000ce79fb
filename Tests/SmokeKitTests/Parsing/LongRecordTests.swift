import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Records far beyond the old 64 KiB line limit are read whole; one beyond the (much larger) limit
/// is listed under the report's errors with its line number instead of vanishing.
@Suite struct LongRecordTests {
    private typealias Support = ParsingTestSupport
    private let testID = "ShopTests.CartSuite/addsItem()/CartSuite.swift:8:6"

    private func record(_ payload: String) -> String { #"{"kind":"event","version":0,"payload":"# + payload + "}" }

    private func stream(attachment: Data, issueText: String) -> String {
        [
            record(#"{"kind":"runStarted","messages":[]}"#),
            record(#"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#),
            record(
                #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{"_bytes":"\#(attachment.base64EncodedString())","_preferredName":"big.bin"},"messages":[]}"#
            ),
            record(
                #"{"kind":"issueRecorded","testID":"\#(testID)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"\#(issueText)"}]}"#
            ),
            record(
                #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"fail","text":"Test addsItem() failed after 0.5 seconds with 1 issue."}]}"#
            ),
            record(#"{"kind":"runEnded","messages":[]}"#),
        ].joined(separator: "\n") + "\n"
    }

    @Test(arguments: [70_000, 1_000_000])
    func eventStreamRecordsOfThisSizeKeepTheirAttachmentAndIssue(_ size: Int) throws {
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let message = String(repeating: "m", count: size)
        let file = try Support.temporaryFile(
            Data(stream(attachment: bytes, issueText: message).utf8), name: "events.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.problems.isEmpty)
        let test = try #require(parsed.results.first)
        #expect(parsed.results.count == 1)
        #expect(test.status == .failed)
        #expect(test.failures.first?.message.count == size)
        #expect(parsed.attachments.count == 1)
        #expect(parsed.attachments.first?.content == .bytes(bytes))
    }

    @Test(arguments: [70_000, 1_000_000])
    func aTestCaseLineOfThisSizeIsStillATest(_ size: Int) throws {
        let name = "test" + String(repeating: "N", count: size)
        let log = """
            Test Suite 'All tests' started at 2026-01-02 10:00:00.000
            Test Case 'LongTests.\(name)' started at 2026-01-02 10:00:00.000
            /src/LongTests.swift:3: error: LongTests.\(name) : XCTAssertTrue failed - broken
            Test Case 'LongTests.\(name)' failed (0.001 seconds)
            Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds

            """
        let file = try Support.temporaryFile(Data(log.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.problems.isEmpty)
        #expect(parsed.results.count == 1)
        #expect(parsed.results.first?.status == .failed)
        #expect(parsed.results.first?.name == name)
    }

    @Test func aRecordBeyondTheLimitIsAnErrorNamingItsLine() throws {
        let file = try Support.temporaryFile(
            Data(stream(attachment: Data(count: 3000), issueText: "short").utf8), name: "events.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var parser = LogParser()
        parser.maxLineLength = 1024
        let parsed = try parser.parse(files: [file])
        #expect(parsed.attachments.isEmpty)
        let problems = parsed.problems.joined(separator: "\n")
        #expect(problems.contains("\(file.path): line 3 longer than 1024 bytes were cut"), "\(problems)")
        #expect(problems.contains("event-stream line 3 is not valid JSON"), "\(problems)")
    }

    @Test func aCorruptRecordInTheMiddleIsAnErrorNamingItsLine() throws {
        var text = stream(attachment: Data("hi".utf8), issueText: "short")
        text = text.replacingOccurrences(
            of: #"{"kind":"event","version":0,"payload":{"kind":"issueRecorded""#,
            with: #"{"kind":"event","version":0,"payload":{"kind":"issueRecorded"#)
        let file = try Support.temporaryFile(Data(text.utf8), name: "events.jsonl")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let parsed = try LogParser().parse(files: [file])
        #expect(
            parsed.problems == [
                "\(file.path): event-stream line 4 is not valid JSON (a cut or corrupted record); what it recorded is missing from this report"
            ])
    }

    @Test func theSplitterNamesTheLinesItCut() {
        var splitter = LineSplitter(maxLineLength: 4)
        splitter.push(Data("ok\nlong line\nok\nlonger still\n".utf8)) { _ in }
        #expect(splitter.truncatedLineNumbers == [2, 4])
        #expect(
            splitter.truncationMessage(source: "x.log")
                == "x.log: lines 2, 4 longer than 4 bytes were cut there; what they recorded (a test, an issue, an attachment) may be missing from this report"
        )
        #expect(LineSplitter.defaultMaxLineLength == 64 << 20)
    }
}
