import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct DashboardSourceTests {
    /// Three finished runs of the report fixture, an hour apart, in `<folder>/out`; the first run folder removed, as
    /// retention does. `sqlite: false` keeps the history in `history.jsonl`, as a machine without libsqlite3 does.
    private func outputFolder(in folder: TemporaryDirectory, sqlite: Bool = false) throws -> URL {
        let output = folder.url.appendingPathComponent("out")
        var store = RunStore(outputDirectory: output)
        if !sqlite { store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory) }
        for index in 0..<3 {
            let runID = "20261122T0\(index)0000Z-000\(index)"
            let run = try store.createRunDirectory(runID: runID)
            var report = ReportFixture.report
            report.runID = runID
            report.startedAt = ReportFixture.startedAt.addingTimeInterval(Double(index) * 3600)
            report.finishedAt = report.startedAt.addingTimeInterval(60)
            report.origin = RunOrigin(commit: String(repeating: "\(index)", count: 40))
            _ = try store.finish(
                report, in: run, formats: ReportRegistry.standard.formats, consoleLog: nil, environment: [:])
        }
        try FileManager.default.removeItem(at: OutputLayout(root: output).run("20261122T000000Z-0000"))
        return output
    }

    @Test(arguments: [false, true])
    func eachSourceReadsEveryRunAndTheMessagesOfTheRuns(sqlite: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = try outputFolder(in: folder, sqlite: sqlite)
        let origin = try DashboardGenerator.Origin(outputDirectory: output)
        #expect((origin.source is HistoryDatabaseDashboardSource) == sqlite)
        let read = try origin.source.histories(pipelines: nil)
        #expect(read.warnings.isEmpty)
        let history = try #require(read.histories.first)
        #expect(read.histories.count == 1)
        #expect(history.runs.map(\.id) == ["20261122T000000Z-0000", "20261122T010000Z-0001", "20261122T020000Z-0002"])
        #expect(history.runs[0].reportPath == nil)
        #expect(history.runs[1].reportPath == "runs/20261122T010000Z-0001/index.html")
        #expect(history.runs[2].commit == String(repeating: "2", count: 40))
        let fetch = try #require(history.tests.firstIndex(of: "TipCalculatorTests.NetworkTests/testFetch"))
        let split = try #require(history.tests.firstIndex(of: "TipCalculatorTests.TipTests/testSplit"))
        // The file source reads messages from the run folders still there; the database keeps them after retention.
        #expect(history.runs[0].messages.isEmpty != sqlite)
        #expect(history.runs[2].messages[fetch] == "timed out waiting for fetch")
        // A flaky test's evidence is the failure of its first attempt.
        #expect(history.runs[2].messages[split] == "split was 3.33, expected 3.34")
        #expect(history.runs[2].result(of: split)?.flaky == true)
        #expect(history.runs[2].result(of: fetch)?.status == .failed)
    }

    @Test func aCorruptLineIsSkippedWithAWarning() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = try outputFolder(in: folder)
        let handle = try FileHandle(forWritingTo: OutputLayout(root: output).history)
        handle.seekToEndOfFile()
        handle.write(Data("{\"torn\n".utf8))
        try handle.close()
        let read = try JSONLinesHistory(outputFolder: output).dashboardSource().histories(pipelines: ["smoke"])
        #expect(read.warnings.count == 1)
        #expect(read.warnings.first?.contains("skipped 1 unreadable line") == true)
    }

    @Test func theWriterReplacesTheSiteAndRefusesASymlinkedFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("site")
        let writer = DashboardWriter(siteDirectory: site)
        try writer.write([.init(path: "index.html", contents: "one"), .init(path: "p/t/x.html", contents: "two")])
        try writer.write([.init(path: "index.html", contents: "three")])
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "three")
        // The site is the pages of the last write, whole.
        #expect(try folder.files(in: "site") == [DashboardWriter.markerName, "index.html"])

        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let linked = folder.url.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: elsewhere)
        #expect(throws: DashboardError.self) {
            try DashboardWriter(siteDirectory: linked).write([.init(path: "index.html", contents: "x")])
        }
        #expect(try folder.files(in: "elsewhere").isEmpty)
        #expect(throws: StoreError.self) { try writer.write([.init(path: "../escape.html", contents: "x")]) }
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "three")
    }

    @Test(arguments: [
        ("/a/out/site", "/a/out", "../"), ("/a/site", "/a/out", "../out/"), ("/a/out", "/a/out", ""),
        ("/x/y/z", "/a/b", "../../../a/b/"),
    ])
    func runLinksGoFromTheSiteToTheOutputFolder(site: String, output: String, link: String) {
        #expect(
            DashboardGenerator.relativeLink(from: URL(fileURLWithPath: site), to: URL(fileURLWithPath: output)) == link)
    }
}
