import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A run past `SMOKERUN_HISTORY_TESTS_PER_RUN`: its reports keep every test, the history its totals and its failing
/// and flaky tests, and report.json says so once.
@Suite struct RunStoreHistoryDetailTests {
    private func finish(environment: [String: String]) throws -> (report: RunReport, entry: HistoryEntry) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        let history = InMemoryHistory(outputFolder: output)
        let store = RunStore(outputDirectory: output, history: history)
        let run = try store.createRunDirectory(runID: ReportFixture.report.runID)
        let written = try store.finish(
            ReportFixture.report, in: RunDirectory(run), formats: [.json], consoleLog: nil, environment: environment)
        let saved = try RunReportFile.load(at: run)
        #expect(saved.tests.count == written.tests.count && saved.errors == written.errors)
        return (written, try #require(history.entries.first))
    }

    @Test func pastTheLimitTheHistoryKeepsTheFailingAndFlakyTestsAndTheRunSaysSo() throws {
        let (report, entry) = try finish(environment: [HistoryDetail.variable: "5"])
        #expect(report.tests.count == 9)
        #expect(entry.totals == report.totals)
        #expect(
            Set(entry.outcomes.keys)
                == Set(ReportFixture.report.tests.filter { $0.status.isFailure || $0.flaky }.map(\.id)))
        #expect(entry.outcomes.count == 5)
        #expect(entry.flaky == ["TipCalculatorTests.TipTests/testSplit"])
        let notes = report.errors.filter { $0.message.hasPrefix("the history keeps this run's totals") }
        #expect(notes.count == 1 && notes.first?.severity == .note)
    }

    @Test func withinTheLimitTheHistoryKeepsEveryTestAndNothingIsSaid() throws {
        let (report, entry) = try finish(environment: [:])
        #expect(entry.outcomes.count == 9)
        #expect(!report.errors.contains { $0.message.hasPrefix("the history keeps") })
    }
}
