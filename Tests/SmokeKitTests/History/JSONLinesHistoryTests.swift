import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct JSONLinesHistoryTests {
    private func report(_ pipeline: String, runID: String, startedAt seconds: Double) -> RunReport {
        var report = ReportFixture.minimalReport
        report.pipeline = pipeline
        report.runID = runID
        report.startedAt = Date(timeIntervalSince1970: seconds)
        report.finishedAt = report.startedAt.addingTimeInterval(1)
        return report
    }

    @Test func appendsOneLinePerRunAndReadsOldestFirstPerPipeline() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // history.jsonl, as a smokerun without SQLite writes it.
        var store = RunStore(outputDirectory: folder.url)
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        try store.appendHistory(report("smoke", runID: "20261122T080000Z-0002", startedAt: 1_795_334_400))
        try store.appendHistory(report("nightly", runID: "20261122T060000Z-0009", startedAt: 1_795_327_200))
        try store.appendHistory(report("smoke", runID: "20261122T040000Z-0001", startedAt: 1_795_320_000))
        let text = try String(contentsOf: folder.url.appendingPathComponent("history.jsonl"), encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3)
        #expect(text.hasSuffix("}\n"))
        let smoke = try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: "smoke")
        #expect(smoke.map(\.runID) == ["20261122T040000Z-0001", "20261122T080000Z-0002"])
        #expect(smoke.first?.path == "runs/20261122T040000Z-0001")
        #expect(try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: nil).count == 3)
    }

    @Test func skipsAndCountsATornLastLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // history.jsonl, as a smokerun without SQLite writes it.
        var store = RunStore(outputDirectory: folder.url)
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        try store.appendHistory(report("smoke", runID: "20261122T040000Z-0001", startedAt: 1_795_320_000))
        let history = folder.url.appendingPathComponent("history.jsonl")
        let handle = try FileHandle(forWritingTo: history)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"runID\":\"20261122T0800".utf8))
        try handle.close()

        let contents = try HistoryOpening.open(outputFolder: folder.url).contents(pipeline: nil)
        #expect(contents.entries.map(\.runID) == ["20261122T040000Z-0001"])
        #expect(contents.unreadableLines == 1)

        // The next append starts a fresh line instead of gluing itself to the torn one.
        try store.appendHistory(report("smoke", runID: "20261122T120000Z-0003", startedAt: 1_795_348_800))
        let after = try HistoryOpening.open(outputFolder: folder.url).contents(pipeline: nil)
        #expect(after.entries.map(\.runID) == ["20261122T040000Z-0001", "20261122T120000Z-0003"])
        #expect(after.unreadableLines == 1)
    }

    @Test func missingHistoryIsEmpty() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: nil).isEmpty)
    }

    /// Concurrent writers of history.sqlite wait for each other's transaction (its busy timeout); every run lands.
    @Test func concurrentAppendsNeverInterleave() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let base = report("smoke", runID: "x", startedAt: 1_795_320_000)
        // Many tests' outputs make lines of several KB, more than one pipe buffer's worth.
        var template = base
        template.tests = (0..<60).map {
            TestResult(
                id: "Module.Suite/test\($0)WithALongName()", name: "t", suite: "Suite", framework: .swiftTesting,
                status: .passed)
        }
        let big = template
        let writers = 8
        let perWriter = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<perWriter {
                        var entry = big
                        entry.runID = "20261122T040000Z-\(String(format: "%02x%02x", writer, index))"
                        try store.appendHistory(entry)
                    }
                }
            }
            try await group.waitForAll()
        }
        let contents = try HistoryOpening.open(outputFolder: folder.url).contents(pipeline: nil)
        #expect(contents.unreadableLines == 0)
        #expect(contents.entries.count == writers * perWriter)
        #expect(Set(contents.entries.map(\.runID)).count == writers * perWriter)
    }
}
