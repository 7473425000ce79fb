import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `history.sqlite`: what a run's append writes and the readers get back, the import of an older history.jsonl,
/// refusing planted links, and the history.jsonl fallback when SQLite cannot be loaded.
@Suite struct HistoryDatabaseTests {
    private func report(_ runID: String, startedAt seconds: Double, pipeline: String = "smoke") -> RunReport {
        var report = ReportFixture.report
        report.pipeline = pipeline
        report.runID = runID
        report.startedAt = Date(timeIntervalSince1970: seconds)
        report.finishedAt = report.startedAt.addingTimeInterval(205)
        report.origin = RunOrigin(host: "ci-7", commit: "0123456789abcdef", branch: "main", dirty: false)
        return report
    }

    private func database(_ folder: URL) throws -> HistoryDatabase {
        try #require(try HistoryOpening.database(outputFolder: folder))
    }

    @Test func aRunsAppendReadsBackAsTheEntryHistoryJSONLHeldPlusEachTestsMessage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let written = report("20261122T040000Z-0001", startedAt: 1_795_320_000)
        try RunStore(outputDirectory: folder.url).appendHistory(written, pipelinePath: "/p/Pipelines/smoke.json")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("jsonl"), withIntermediateDirectories: false)
        var lines = RunStore(outputDirectory: folder.url.appendingPathComponent("jsonl"))
        lines.history = HistoryOpening.withoutSQLite(outputFolder: lines.outputDirectory)
        try lines.appendHistory(written, pipelinePath: "/p/Pipelines/smoke.json")

        let fromDatabase = try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: "smoke")
        let fromLines = try HistoryOpening.open(outputFolder: lines.outputDirectory).entries(pipeline: "smoke")
        #expect(fromDatabase == fromLines)
        #expect(!FileManager.default.fileExists(atPath: OutputLayout(root: folder.url).history.path))

        let database = try database(folder.url)
        let run = try #require(try database.runs(pipeline: "smoke").first)
        #expect(run.host == "ci-7" && run.branch == "main" && run.dirty == false && run.commit == "0123456789abcdef")
        #expect(run.totals == written.totals && !run.folderRemoved)
        let failing = try #require(written.tests.first { !$0.failures.isEmpty })
        let results = try database.testResults(testID: failing.id)
        #expect(results.count == 1)
        #expect(results.first?.message == failing.failures.first?.message)
        #expect(results.first?.attempts == max(failing.attempts.count, 1))
        #expect(try database.connection.integer("SELECT count(*) FROM results") == Int64(written.tests.count))
    }

    @Test func theFileIsMadeMode0644AndAPlantedLinkIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        try store.appendHistory(report("20261122T040000Z-0001", startedAt: 1_795_320_000))
        var info = stat()
        #expect(lstat(OutputLayout(root: folder.url).historyDatabase.path, &info) == 0)
        #expect(info.st_mode & 0o777 & ~0o644 == 0)

        let other = try TemporaryDirectory()
        defer { other.remove() }
        let victim = other.url.appendingPathComponent("victim.sqlite")
        try Data("not yours".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            at: OutputLayout(root: other.url).historyDatabase, withDestinationURL: victim)
        #expect {
            try RunStore(outputDirectory: other.url).appendHistory(report("20261122T040000Z-0002", startedAt: 1))
        } throws: { "\($0.localizedDescription)".contains("symbolic link") }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "not yours")
    }

    /// A project in a linked folder (macOS's `/tmp` is one): the history opens, is written and read through the link.
    @Test func anOutputFolderReachedThroughALinkHoldsItsHistory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let real = folder.url.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = folder.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let output = link.appendingPathComponent("project/.smokerun")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let store = RunStore(outputDirectory: output)
        try store.appendHistory(report("20261122T040000Z-0001", startedAt: 1_795_320_000))
        try store.appendHistory(report("20261122T080000Z-0002", startedAt: 1_795_334_400))
        #expect(try database(output).runs().map(\.runID) == ["20261122T040000Z-0001", "20261122T080000Z-0002"])
    }

    @Test func anOlderHistoryJSONLIsImportedOnceWithTheMessagesOfRunFoldersStillThere() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var old = RunStore(outputDirectory: folder.url)
        old.history = HistoryOpening.withoutSQLite(outputFolder: old.outputDirectory)
        let kept = report("20261122T040000Z-0001", startedAt: 1_795_320_000)
        let directory = try old.createRunDirectory(runID: kept.runID)
        try old.writeReports(kept, in: RunDirectory(directory), formats: [.json])
        try old.appendHistory(kept)
        try old.appendHistory(report("20261122T080000Z-0002", startedAt: 1_795_334_400)) // its folder is gone

        let store = RunStore(outputDirectory: folder.url)
        try store.appendHistory(report("20261122T120000Z-0003", startedAt: 1_795_348_800))
        try store.appendHistory(report("20261122T160000Z-0004", startedAt: 1_795_363_200))
        let database = try database(folder.url)
        #expect(try database.runs().map(\.runID).suffix(4).count == 4)
        #expect(try database.runs().count == 4)
        let failing = try #require(kept.tests.first { !$0.failures.isEmpty })
        let results = try database.testResults(testID: failing.id)
        #expect(results.map(\.runID).count == 4)
        #expect(results.first?.message == failing.failures.first?.message)
        #expect(results[1].message == nil && results[1].attempts == nil)
        // history.jsonl is left as it was, and a later line (SQLite missing for a run) is imported once too.
        try old.appendHistory(report("20261122T200000Z-0005", startedAt: 1_795_377_600))
        try store.appendHistory(report("20261123T000000Z-0006", startedAt: 1_795_392_000))
        try store.appendHistory(report("20261123T040000Z-0007", startedAt: 1_795_406_400))
        #expect(try self.database(folder.url).runs().count == 7)
        #expect(try self.database(folder.url).testResults(testID: failing.id).count == 7)
    }

    @Test func withoutSQLiteTheRunFinishesIntoHistoryJSONLWithANote() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var store = RunStore(outputDirectory: folder.url)
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        let written = report("20261122T040000Z-0001", startedAt: 1_795_320_000)
        let directory = try store.createRunDirectory(runID: written.runID)
        let finished = try store.finish(
            written, in: RunDirectory(directory), formats: [.json], consoleLog: nil, environment: [:])
        let note = try #require(finished.errors.first { $0.isNote })
        #expect(note.message.contains("libsqlite3-missing.so.0") && note.message.contains("history.jsonl"))
        #expect(finished.status == written.status)
        #expect(try RunReportFile.load(at: directory).errors.contains(note))
        #expect(
            try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: nil).map(\.runID) == [written.runID])
        #expect(!FileManager.default.fileExists(atPath: OutputLayout(root: folder.url).historyDatabase.path))
    }

    @Test func aDatabaseOfANewerSchemaIsRefusedNamingTheFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        try store.appendHistory(report("20261122T040000Z-0001", startedAt: 1_795_320_000))
        let library = try SQLiteLibrary.load().get()
        let connection = try SQLiteConnection(
            path: OutputLayout(root: folder.url).historyDatabase.path, readOnly: false, library: library)
        try connection.execute("PRAGMA user_version = 99")
        #expect {
            try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: nil)
        } throws: { "\($0.localizedDescription)".contains("history.sqlite") && "\($0)".contains("newer smokerun") }
    }

    @Test func aWritingOpenMakesAgainTheKeptIndexOfAnOlderConditionAndKeepsItsRows() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        try store.appendHistory(report("20261122T040000Z-0001", startedAt: 1_795_320_000))
        let file = OutputLayout(root: folder.url).historyDatabase
        let connection = try SQLiteConnection(path: file.path, readOnly: false, library: SQLiteLibrary.load().get())
        // The form smokerun wrote before: an IN list, which cost every appended row a temporary table.
        try connection.execute("DROP INDEX results_kept")
        try connection.execute(
            "CREATE INDEX results_kept ON results (run, test) WHERE status IN (1, 4, 5) OR flaky <> 0")
        try store.appendHistory(report("20261122T080000Z-0002", startedAt: 1_795_334_400))
        let sql = try connection.prepare("SELECT sql FROM sqlite_master WHERE name = 'results_kept'")
        #expect(try sql.step())
        let current = try #require(sql.text(0))
        #expect(HistorySchema.keptIndexIsCurrent(sql: current) && !current.contains(" IN "), "\(current)")
        let failing = ReportFixture.report.tests.filter { $0.status.isFailure || $0.flaky }.count
        #expect(failing > 0)
        #expect(
            try connection.integer(
                "SELECT count(*) FROM results INDEXED BY results_kept WHERE \(HistorySchema.keptCondition)")
                == Int64(2 * failing))
        #expect(HistorySchema.keptCondition == "status = 1 OR status = 4 OR status = 5 OR flaky <> 0")
    }

    @Test func aFileThatIsNoDatabaseIsNamedWithTheWayToStartAgain() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(String(repeating: "not a database ", count: 40).utf8).write(
            to: OutputLayout(root: folder.url).historyDatabase)
        for attempt in [
            { _ = try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: nil) },
            {
                try RunStore(outputDirectory: folder.url).appendHistory(
                    self.report("20261122T040000Z-0001", startedAt: 1))
            },
        ] as [() throws -> Void] {
            #expect {
                try attempt()
            } throws: {
                "\($0.localizedDescription)".contains("history.sqlite")
                    && "\($0.localizedDescription)".contains("move it away")
            }
        }
    }

    @Test func historyDaysDeletesOnlyThatPipelineFilesOlderRuns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        try store.appendHistory(report("20261122T040000Z-0001", startedAt: 1_000), pipelinePath: "/a/smoke.json")
        try store.appendHistory(report("20261122T040000Z-0002", startedAt: 1_000), pipelinePath: "/b/smoke.json")
        try store.appendHistory(report("20261122T040000Z-0003", startedAt: 90_000), pipelinePath: "/a/smoke.json")
        // Readers open it read-only: deleting is a writer's.
        let database = try HistoryDatabase(writingIn: folder.url, library: try SQLiteLibrary.load().get())
        #expect(
            try database.deleteRuns(pipelinePath: "/a/smoke.json", startedBefore: Date(timeIntervalSince1970: 50_000))
                == 1)
        #expect(try database.runs().map(\.runID) == ["20261122T040000Z-0002", "20261122T040000Z-0003"])
        let results = try database.connection.integer("SELECT count(*) FROM results")
        #expect(results == Int64(2 * ReportFixture.report.tests.count))
    }

    @Test func pruningRunFoldersKeepsTheirRowsAndMarksTheFoldersGone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let pipelinePath = "/projects/app/Pipelines/smoke.json"
        let ids = ["20261122T040000Z-0001", "20261122T080000Z-0002", "20261122T120000Z-0003"]
        for (index, runID) in ids.enumerated() {
            let written = report(runID, startedAt: 1_795_320_000 + Double(index) * 14_400)
            let directory = try store.createRunDirectory(runID: runID)
            try store.writeReports(written, in: RunDirectory(directory), formats: [.json])
            try store.appendHistory(written, pipelinePath: pipelinePath)
        }
        var settings = RetentionSettings()
        settings.runs = 1
        let outcome = RunPruner(outputDirectory: folder.url, history: store.history).prune(
            pipeline: "smoke", pipelinePath: pipelinePath, settings: settings,
            now: Date(timeIntervalSince1970: 1_795_400_000), current: ids[2])
        #expect(outcome.removed == Array(ids.prefix(2)) && outcome.failures.isEmpty)
        #expect(outcome.historyRunsDeleted == 0)
        let runs = try database(folder.url).runs(pipeline: "smoke")
        #expect(runs.map(\.runID) == ids)
        #expect(runs.map(\.folderRemoved) == [true, true, false])
        let failing = try #require(ReportFixture.report.tests.first { !$0.failures.isEmpty })
        let results = try database(folder.url).testResults(testID: failing.id)
        #expect(results.map(\.runID) == ids && results.allSatisfy { $0.message != nil })
        #expect(try HistoryOpening.open(outputFolder: folder.url).entries(pipeline: "smoke").count == 3)
    }
}
