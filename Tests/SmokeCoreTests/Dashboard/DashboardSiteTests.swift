import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct DashboardSiteTests {
    static func files(_ history: DashboardHistory = DashboardFixture.history()) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: DashboardSite.render([DashboardSite.Input(history: history, outputLink: "../")])
                .map { ($0.path, $0.contents) })
    }

    @Test func theOverviewMatchesItsGolden() throws {
        let files = Self.files()
        let overview = try #require(files["\(DashboardPaths.pipelineFolder("smoke"))/index.html"])
        assertSnapshot(overview, named: "overview.html")
    }

    @Test func theSiteHasAFrontPageAnOverviewAnIndexAndAPagePerTestThatEverFailedOrFlaked() {
        let folder = DashboardPaths.pipelineFolder("smoke")
        let expected = [
            DashboardPaths.index, "\(folder)/index.html", "\(folder)/tests.html",
            "\(folder)/\(DashboardPaths.testPage(DashboardFixture.checkout))",
            "\(folder)/\(DashboardPaths.testPage(DashboardFixture.sync))",
            "\(folder)/\(DashboardPaths.testPage(DashboardFixture.refund))",
        ]
        #expect(Set(Self.files().keys) == Set(expected))
    }

    @Test func aTestPageSaysSinceWhenAndSinceWhichCommitItFails() throws {
        let folder = DashboardPaths.pipelineFolder("smoke")
        let page = try #require(Self.files()["\(folder)/\(DashboardPaths.testPage(DashboardFixture.refund))"])
        #expect(page.contains("Failing since 2026-11-02 20:00:00 UTC"))
        #expect(
            page.contains("3 runs in a row; started failing at commit <code title=\"\(DashboardFixture.commit(11))\">"))
        #expect(page.contains("<pre>refund &lt;b&gt;declined&lt;/b&gt; &amp; \"retried\"</pre>"))
        #expect(!page.contains("<b>declined"))
        // Pruned runs are marked and not linked; kept ones link to their report from two folders down.
        #expect(page.contains("href=\"../../../runs/run-13/index.html\""))
        #expect(page.contains("pruned"))
    }

    @Test func aTestPageExplainsItsColoursAndSaysOneFirstFailure() throws {
        let folder = DashboardPaths.pipelineFolder("smoke")
        let page = try #require(Self.files()["\(folder)/\(DashboardPaths.testPage(DashboardFixture.refund))"])
        // The amber bar of a retried pass is in the legend beside the strip.
        #expect(page.contains("<i class=\"cell passed flaky\"></i>passed only on a retry (amber bar)"))
        // One "since" for the current run of failures; no second "first failure" date beside it.
        #expect(page.components(separatedBy: "Failing since").count == 2)
        #expect(!page.contains("First failure on record"))
        // Charts keep their size on a wide screen: labels are not blown up to fill 1280 px.
        #expect(page.contains("figure.chart{margin:8px 0;min-width:0;max-width:560px}"))
    }

    @Test func withOnePipelineTheFrontPageGoesStraightToItsOverview() throws {
        let front = try #require(Self.files()[DashboardPaths.index])
        let overview = "\(DashboardPaths.pipelineFolder("smoke"))/\(DashboardPaths.index)"
        #expect(front.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(overview)\">"), "\(front)")
        #expect(front.contains("<a href=\"\(overview)\">smoke</a>") && !front.contains("<table"))
    }

    @Test func testPageNamesAreSafeAndUniqueWhateverTheKey() {
        let keys =
            HostileText.samples + [
                "../../etc/passwd", "a/b", "a.b", "A.B", ".hidden", "", String(repeating: "x", count: 5_000),
                "Ünïcödé/тест", "<script>alert(1)</script>",
            ]
        let names = keys.map(DashboardPaths.testPage)
        #expect(Set(names).count == keys.count)
        for name in names {
            let file = name.dropFirst(2)
            #expect(name.hasPrefix("t/"))
            #expect(!file.contains("/") && !file.hasPrefix(".") && file.count < 60, "\(name)")
            #expect(file.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }, "\(name)")
        }
    }

    @Test func hostileTestKeysAndMessagesAreEscapedOnEveryPage() {
        var builder = DashboardHistoryBuilder(pipeline: "<i>pipe</i>")
        for (index, sample) in HostileText.samples.enumerated() {
            let run = DashboardRun(
                id: "run-\(index)", startedAt: DashboardFixture.start.addingTimeInterval(Double(index) * 3600),
                status: .failed, durationSeconds: 1, commit: "<img src=x onerror=alert(1)>",
                reportPath: "runs/\"><script>/index.html")
            builder.add(
                run,
                outcomes: [
                    .init(key: "<script>alert('\(index)')</script>", status: .failed, message: sample),
                    .init(key: sample, status: .passed, flaky: true, durationSeconds: 1),
                ])
        }
        for (path, page) in Self.files(builder.history) {
            #expect(!page.contains("<script>alert"), "\(path)")
            #expect(!page.contains("<img src=x"), "\(path)")
            #expect(!page.contains("<i>pipe"), "\(path)")
            #expect(!page.contains("\"><script>"), "\(path)")
            #expect(HostileText.controls(in: page).filter { $0 != "\r" }.isEmpty, "\(path)")
        }
    }

    @Test func everyChartHasATableAndThePagesLoadNothingFromElsewhere() {
        for (path, page) in Self.files() {
            let charts = page.components(separatedBy: "<svg class=\"plot\"").count - 1
            let tables = page.components(separatedBy: ": the numbers</summary><table").count - 1
            #expect(charts == tables, "\(path)")
            #expect(!page.contains("href=\"http") && !page.contains(" src=") && !page.contains("url("), "\(path)")
        }
    }

    @Test func aYearOfRunsOfManyTestsMakesASmallOverview() {
        var builder = DashboardHistoryBuilder(pipeline: "big")
        for run in 0..<400 {
            let outcomes = (0..<300).map { test in
                DashboardHistoryBuilder.Outcome(
                    key: "Module.Suite\(test / 10)/test\(test)", status: (run + test) % 97 == 0 ? .failed : .passed,
                    flaky: (run * test) % 89 == 1, durationSeconds: Double(test % 7))
            }
            builder.add(
                DashboardRun(
                    id: "run-\(run)", startedAt: DashboardFixture.start.addingTimeInterval(Double(run) * 14_400),
                    status: .failed, durationSeconds: 100, reportPath: "runs/run-\(run)/index.html"),
                outcomes: outcomes)
        }
        let overview = Self.files(builder.history)["\(DashboardPaths.pipelineFolder("big"))/index.html"] ?? ""
        #expect(overview.utf8.count < 300_000)
        #expect(overview.components(separatedBy: "<li><a class=\"cell ").count - 1 == DashboardOverview.timelineRuns)
    }

    @Test(arguments: [0.0, 1_795_320_000, 1_795_320_059.9, 951_782_400, 4_107_542_399, -1, -86_401])
    func runTimesReadAsTheReportWritesThem(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(DashboardLinks.utc(date) == ReportText.timestamp(date))
    }

    @Test(arguments: [0.0, 12.34, 12.36, 140, 631.99, -3.26, 0.04])
    func chartCoordinatesReadAsPrintfWritesThem(value: Double) {
        #expect(DashboardChart.format(value) == String(format: "%.1f", value))
    }
}
