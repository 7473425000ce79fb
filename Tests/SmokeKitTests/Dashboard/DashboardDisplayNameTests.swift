import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Swift Testing display names in the history (a nullable `tests.display_name` in history.sqlite, an optional
/// `displayNames` map in history.jsonl) and on the dashboard: shown first, the id beside them. Older files still read.
@Suite struct DashboardDisplayNameTests {
    static let fetch = "TipCalculatorTests.NetworkTests/testFetch"
    static let shown = "Fetching the rates & <retrying>"

    /// The history of `output` in history.sqlite, or in history.jsonl as when SQLite does not load.
    static func history(of output: URL, sqlite: Bool) -> any RunHistory {
        sqlite
            ? HistoryOpening.open(outputFolder: output)
            : JSONLinesHistory(outputFolder: output)
    }

    /// Two runs of the report fixture whose failing `testFetch` has a display name.
    private func outputFolder(in folder: TemporaryDirectory, sqlite: Bool) throws -> URL {
        let output = folder.url.appendingPathComponent("out")
        let store = RunStore(outputDirectory: output, history: Self.history(of: output, sqlite: sqlite))
        for index in 0..<2 {
            let runID = "20261122T0\(index)0000Z-000\(index)"
            let run = try store.createRunDirectory(runID: runID)
            var report = ReportFixture.report
            report.runID = runID
            report.startedAt = ReportFixture.startedAt.addingTimeInterval(Double(index) * 3600)
            report.finishedAt = report.startedAt.addingTimeInterval(60)
            for position in report.tests.indices where report.tests[position].id == Self.fetch {
                report.tests[position].displayName = Self.shown
            }
            _ = try store.finish(
                report, in: RunDirectory(run), formats: ReportRegistry.standard.formats, consoleLog: nil,
                environment: [:])
        }
        return output
    }

    @Test(arguments: [false, true])
    func eachStoreKeepsTheDisplayNameAndTheDashboardShowsItFirst(sqlite: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = try outputFolder(in: folder, sqlite: sqlite)
        let origin = try DashboardGenerator.Origin(
            outputDirectory: output, history: Self.history(of: output, sqlite: sqlite))
        #expect((origin.source is HistoryDatabaseDashboardSource) == sqlite)
        let history = try #require(try origin.source.histories(pipelines: nil).histories.first)
        #expect(history.displayNames == [Self.fetch: Self.shown])
        let entries = try Self.history(of: output, sqlite: sqlite).contents(
            pipeline: "smoke", since: nil, last: nil, perTest: true
        ).entries
        #expect(entries.map(\.displayNames) == [[Self.fetch: Self.shown], [Self.fetch: Self.shown]])

        let files = Dictionary(
            uniqueKeysWithValues: DashboardSite.render([DashboardSite.Input(history: history, outputLink: "../")]).map {
                ($0.path, $0.contents)
            })
        let escapedName = "Fetching the rates &amp; &lt;retrying&gt;"
        let index = try #require(files.first { $0.key.hasSuffix("tests.html") }?.value)
        #expect(index.contains(">\(escapedName)</a> <code class=\"note\">\(Self.fetch)</code>"), "\(index)")
        let overview = try #require(files.first { $0.key.hasSuffix("/index.html") }?.value)
        #expect(overview.contains(">\(escapedName)</a> <code class=\"note\">\(Self.fetch)</code>"))
        let page = try #require(
            files.first { $0.key.contains("/t/") && $0.key.contains("networktests-testfetc") }?.value)
        #expect(page.contains("<h1>\(escapedName)</h1>\n<p><code>\(Self.fetch)</code></p>"), "\(page.prefix(600))")
        // A test without a display name is shown by its id alone.
        #expect(
            index.contains(">TipCalculatorTests.TipTests/testTotal</td>")
                || index.contains(">TipCalculatorTests.TipTests/testTotal</a></td>"))
    }

    /// A history.sqlite from before the column: read as it is (no names), then the next run's writing open adds the
    /// column and stores the names.
    @Test func anOlderDatabaseWithoutTheColumnStillReadsAndGetsItAtTheNextRun() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = try outputFolder(in: folder, sqlite: true)
        let file = OutputLayout(root: output).historyDatabase
        let library = try SQLiteLibrary.load().get()
        do {
            let connection = try SQLiteConnection(path: file.path, readOnly: false, library: library)
            try connection.execute("ALTER TABLE tests DROP COLUMN display_name")
            #expect(try !HistoryDatabase.hasDisplayNames(connection))
        }
        let before = try #require(
            try HistoryOpening.open(outputFolder: output).dashboardSource().histories(pipelines: nil).histories.first)
        #expect(before.displayNames.isEmpty)
        #expect(before.runs.count == 2)
        #expect(
            try HistoryOpening.open(outputFolder: output).contents(
                pipeline: "smoke", since: nil, last: nil, perTest: true
            ).entries.allSatisfy { $0.displayNames == nil })

        var report = ReportFixture.report
        report.runID = "20261122T030000Z-0003"
        report.startedAt = ReportFixture.startedAt.addingTimeInterval(3 * 3600)
        report.finishedAt = report.startedAt.addingTimeInterval(60)
        for position in report.tests.indices where report.tests[position].id == Self.fetch {
            report.tests[position].displayName = Self.shown
        }
        try RunStore(outputDirectory: output).appendHistory(report)
        let after = try #require(
            try HistoryOpening.open(outputFolder: output).dashboardSource().histories(pipelines: nil).histories.first)
        #expect(after.runs.count == 3)
        #expect(after.displayNames == [Self.fetch: Self.shown])
    }

    /// A history.jsonl line an older smokerun wrote has no `displayNames`: it reads, without names.
    @Test func anOlderHistoryLineWithoutDisplayNamesStillReads() throws {
        let line =
            #"{"runID":"20261122T040000Z-0001","pipeline":"smoke","status":"passed","startedAt":"2026-11-22T04:00:00Z","finishedAt":"2026-11-22T04:01:00Z","durationSeconds":60,"outcomes":{"A/b":"passed"}}"#
        let entry = try JSONCoding.decoder().decode(HistoryEntry.self, from: Data(line.utf8))
        #expect(entry.displayNames == nil)
        #expect(entry.outcomes == ["A/b": .passed])
        let encoded = String(decoding: try JSONCoding.encoder(pretty: false).encode(entry), as: UTF8.self)
        #expect(!encoded.contains("displayNames"))
    }
}
