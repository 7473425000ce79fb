import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A test whose source gave no duration (a crash ended it, the log stops while it runs) shows its time as unknown,
/// never "0 ms"; report.json keeps its number and history learns nothing from it.
@Suite struct UnknownDurationTests {
    /// A Linux log: the second test crashes (no result line), the first passes in no measurable time.
    private static let log = """
        Test Case 'CartTests.testEmpty' started at 2025-03-01 12:00:00.000
        Test Case 'CartTests.testEmpty' passed (0.000 seconds)
        Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.001
        CartTests.swift:12: Fatal error: Unexpectedly found nil while unwrapping an Optional value
        *** Program crashed: Illegal instruction at 0x00005555 ***
        """

    private func report() -> RunReport {
        var collector = ParsingTestSupport.collect(Self.log)
        _ = collector.finishAtEndOfInput(endedInSuccess: false)
        var report = ReportFixture.minimalReport
        report.tests = collector.results
        report.status = RunReport.status(of: report.tests, errors: [])
        return report
    }

    @Test func aCrashedTestHasNoDurationAndAMeasuredZeroHasOne() {
        let tests = report().tests
        #expect(tests.map(\.status) == [.passed, .crashed])
        #expect(tests.map(\.durationIsUnknown) == [false, true])
        #expect(tests.map { ReportText.duration(of: $0) } == ["0 ms", "unknown"])
    }

    @Test func theHTMLReportSaysUnknownAndJSONKeepsANumber() throws {
        let report = report()
        let html = HTMLReport.render(report, attachmentContent: { _ in nil })
        #expect(html.contains("unknown"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONReport.render(report)) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.map { $0["durationSeconds"] as? Double } == [0, 0])
        #expect(tests.allSatisfy { Set($0.keys) == Set(JSONReport.testKeys) })
    }

    @Test func historyLearnsNoDurationItWasNotGiven() throws {
        let report = report()
        let entry = HistoryEntry(report: report, path: "runs/r")
        #expect(entry.durations == ["CartTests/testEmpty": 0])
        let line = ReportSink.collect { sink in try? HistoryLine.write(report, path: "runs/r", to: &sink) }
        #expect(try JSONCoding.decoder().decode(HistoryEntry.self, from: line) == entry)
    }

    @Test func aRetriedTestTakesItsFinalAttemptsKnowledge() {
        var crashed = TestResult(id: "M.A/t", name: "t", suite: "A", framework: .xctest, status: .crashed)
        crashed.durationIsUnknown = true
        let passed = TestResult(
            id: "M.A/t", name: "t", suite: "A", framework: .xctest, status: .passed, durationSeconds: 0.2)
        #expect(!AttemptMerger.merge(first: crashed, retries: [passed]).durationIsUnknown)
        #expect(AttemptMerger.merge(first: passed, retries: [crashed]).durationIsUnknown)
    }
}
