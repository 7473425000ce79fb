import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// When a pipeline last started, for the scheduler's catch-up rule (`RunHistory.lastRunStart`).
@Suite struct LastRunStartTests {
    static func line(_ pipeline: String, _ started: String) -> String {
        #"{"durationSeconds":1,"finishedAt":"\#(started)","outcomes":{},"pipeline":"\#(pipeline)","runID":"r","startedAt":"\#(started)","status":"passed"}"#
    }

    /// `text` as the `history.jsonl` of `directory`.
    private func history(_ text: String, in directory: borrowing ScratchDirectory) throws -> JSONLinesHistory {
        try Data(text.utf8).write(to: OutputLayout(root: directory.url).history)
        return JSONLinesHistory(outputFolder: directory.url)
    }

    @Test func theLatestStartOfThatPipelineWins() throws {
        let entries = try [
            Self.line("smoke", "2026-01-01T04:00:00Z"), Self.line("ios", "2026-01-01T08:00:00Z"),
            Self.line("smoke", "2026-01-01T00:00:00Z"),
        ].map { try JSONCoding.decoder().decode(HistoryEntry.self, from: Data($0.utf8)) }
        let history = InMemoryHistory(entries: entries)
        #expect(history.lastRunStart(pipeline: "smoke") == date("2026-01-01T04:00:00Z"))
        #expect(history.lastRunStart(pipeline: "ios") == date("2026-01-01T08:00:00Z"))
        #expect(history.lastRunStart(pipeline: "other") == nil)
    }

    @Test func aTornLastLineIsPassedOver() throws {
        let text =
            Self.line("smoke", "2026-01-01T04:00:00Z") + "\n" + #"{"pipeline":"smoke","startedAt":"2026-01-01T08:0"#
        let directory = try ScratchDirectory()
        #expect(try history(text, in: directory).lastRunStart(pipeline: "smoke") == date("2026-01-01T04:00:00Z"))
    }

    @Test func aMissingFileMeansNeverRan() {
        #expect(
            JSONLinesHistory(outputFolder: URL(fileURLWithPath: "/nonexistent")).lastRunStart(pipeline: "smoke") == nil)
    }

    @Test func aRealHistoryEntryRoundTrips() throws {
        let directory = try ScratchDirectory()
        let history = try history(Self.line("smoke", "2026-03-08T05:00:00Z") + "\n", in: directory)
        #expect(history.lastRunStart(pipeline: "smoke") == date("2026-03-08T05:00:00Z"))
    }
}
