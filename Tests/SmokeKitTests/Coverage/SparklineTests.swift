import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct SparklineTests {
    @Test func scalesBetweenTheLowestAndHighestValue() {
        #expect(Sparkline.render([0, 50, 100]) == "▁▅█")
        #expect(Sparkline.render([60, 61, 62, 63, 64, 65, 66, 67]) == "▁▂▃▄▅▆▇█")
    }

    @Test func flatAndEmptySeries() {
        #expect(Sparkline.render([70, 70, 70]) == "▄▄▄")
        #expect(Sparkline.render([]) == "")
    }

    @Test func trendTakesEarlierRunsOfTheSamePipelineUpToTheLimit() {
        var history = CoverageFixtures.history([
            ("r1", 1, 10), ("r2", 2, 10), ("r3", 3, 10), ("r4", 4, 10), ("r5", 5, 10),
        ])
        history += CoverageFixtures.history([("other", 9, 10)], pipeline: "nightly")
        let trend = CoverageTrend.from(history: history, runID: "r4", current: CoverageFixtures.count(4, 10), limit: 3)
        #expect(trend.points.map(\.runID) == ["r2", "r3", "r4"])
        #expect(trend.previous?.runID == "r3")
        let first = CoverageTrend.from(history: [], runID: "r1", current: CoverageFixtures.count(1, 10), limit: 10)
        #expect(first.previous == nil)
    }

    /// A run that measured nothing (0/0) has no percentage: it is no point of the trend, and no change is given to it.
    @Test func aRunThatMeasuredNothingIsNoPointOfTheTrend() {
        let history = CoverageFixtures.history([("r1", 7, 10), ("r2", 0, 0), ("r3", 8, 10)])
        let trend = CoverageTrend.from(history: history, runID: "r3", current: CoverageFixtures.count(8, 10), limit: 10)
        #expect(trend.points.map(\.runID) == ["r1", "r3"])
        #expect(trend.previous?.runID == "r1")
        let broken = CoverageTrend.from(history: history, runID: "r2", current: CoverageFixtures.count(0, 0), limit: 10)
        #expect(broken.previous == nil)
        #expect(CoverageFixtures.count(0, 0).measuredPercent == nil)
        // Drawn from the runs that measured something, in every format.
        let nothing = CoverageTrend.from(
            history: history, runID: "r4", current: CoverageFixtures.count(0, 0), limit: 10)
        #expect(nothing.measured.count == 2)
        let summary = CoverageSummary(
            lines: CoverageFixtures.count(0, 0), functions: CoverageFixtures.count(0, 0),
            regions: CoverageFixtures.count(0, 0), branches: CoverageFixtures.count(0, 0))
        let markdown = CoverageMarkdown.render(title: "t", kind: "File", rows: [], total: summary, trend: nothing)
        #expect(markdown.contains("trend \(Sparkline.render([70, 80]))") && !markdown.contains("since"), "\(markdown)")
        let html = CoverageHTML.render(title: "t", kind: "File", rows: [], total: summary, trend: nothing)
        #expect(html.contains("trend \(Sparkline.render([70, 80]))"))
    }

    @Test func changeIsInPercentagePoints() {
        #expect(
            CoverageFormat.change(from: CoverageFixtures.count(1, 10), to: CoverageFixtures.count(2, 10)) == "+10.0 pts"
        )
        #expect(
            CoverageFormat.change(from: CoverageFixtures.count(2, 10), to: CoverageFixtures.count(1, 10)) == "−10.0 pts"
        )
        #expect(
            CoverageFormat.change(from: CoverageFixtures.count(1, 10), to: CoverageFixtures.count(10, 100))
                == "±0.0 pts")
    }

    @Test func historyReaderSkipsTornLines() throws {
        let entries = CoverageFixtures.history([("r1", 1, 10), ("r2", 2, 10)])
        let encoder = JSONCoding.encoder(pretty: false)
        let lines = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let text = lines[0] + "\n{\"runID\": \"torn\n" + lines[1] + "\n" + String(lines[1].prefix(20))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(text.utf8).write(to: OutputLayout(root: folder.url).history)
        let contents = try JSONLinesHistory(outputFolder: folder.url).allContents()
        #expect(contents.entries.map(\.runID) == ["r1", "r2"])
        #expect(contents.unreadableLines == 2 && contents.firstUnreadableLine == 2)
    }
}
