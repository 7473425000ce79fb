import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct HistoryLookupTests {
    static func line(_ pipeline: String, _ started: String) -> String {
        #"{"durationSeconds":1,"finishedAt":"\#(started)","outcomes":{},"pipeline":"\#(pipeline)","runID":"r","startedAt":"\#(started)","status":"passed"}"#
    }

    @Test func theLatestStartOfThatPipelineWins() {
        let history =
            [
                Self.line("smoke", "2026-01-01T00:00:00Z"), Self.line("smoke", "2026-01-01T04:00:00Z"),
                Self.line("ios", "2026-01-01T08:00:00Z"),
            ].joined(separator: "\n") + "\n"
        #expect(
            HistoryLookup.lastRunStart(pipeline: "smoke", history: Data(history.utf8)) == date("2026-01-01T04:00:00Z"))
        #expect(
            HistoryLookup.lastRunStart(pipeline: "ios", history: Data(history.utf8)) == date("2026-01-01T08:00:00Z"))
        #expect(HistoryLookup.lastRunStart(pipeline: "other", history: Data(history.utf8)) == nil)
    }

    @Test func aTornLastLineIsPassedOver() {
        let history =
            Self.line("smoke", "2026-01-01T04:00:00Z") + "\n" + #"{"pipeline":"smoke","startedAt":"2026-01-01T08:0"#
        #expect(
            HistoryLookup.lastRunStart(pipeline: "smoke", history: Data(history.utf8)) == date("2026-01-01T04:00:00Z"))
    }

    @Test func aMissingFileMeansNeverRan() {
        #expect(
            HistoryLookup.lastRunStart(
                pipeline: "smoke", historyFile: URL(fileURLWithPath: "/nonexistent/history.jsonl")) == nil)
    }

    @Test func aRealHistoryEntryRoundTrips() throws {
        let directory = try ScratchDirectory()
        let file = directory.url.appendingPathComponent("history.jsonl")
        try Data((Self.line("smoke", "2026-03-08T05:00:00Z") + "\n").utf8).write(to: file)
        #expect(HistoryLookup.lastRunStart(pipeline: "smoke", historyFile: file) == date("2026-03-08T05:00:00Z"))
    }
}
