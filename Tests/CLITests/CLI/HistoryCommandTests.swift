import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun history`'s tables over history entries.
@Suite struct HistoryCommandTests {
    private func entry(_ status: TestStatus, commit: String? = nil) -> HistoryEntry {
        var entry = HistoryEntryFixture.entry(durations: ["T.A/test": 1])
        entry.outcomes["T.A/test"] = status
        entry.commit = commit
        return entry
    }

    @Test func anInterruptedRunIsNoFlakeInHistory() {
        let text = HistoryTable.flakeRates([entry(.passed), entry(.interrupted)])
        #expect(text == "no flaky tests in the last 2 runs\n")
        // A pass after a failure on the same commit still is one (a failure after a pass broke); on unknown commits it
        // was broken, then fixed.
        #expect(HistoryTable.flakeRates([entry(.failed, commit: "c1"), entry(.passed, commit: "c1")]).contains("50%"))
        #expect(
            HistoryTable.flakeRates([entry(.passed, commit: "c1"), entry(.failed, commit: "c1")])
                .contains("broken for 1 run since"))
        #expect(HistoryTable.flakeRates([entry(.failed), entry(.passed)]).contains("broken 1 run, fixed at"))
    }

    @Test func aLongPipelineNameKeepsEveryColumnUnderItsHeader() {
        var long = entry(.failed)
        long.pipeline = "SmokeAppUITests-nightly"
        long.status = .failed
        var short = entry(.passed)
        short.pipeline = "smoke"
        short.status = .passed
        let lines = HistoryTable.runs([short, long]).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // STATUS starts at the same column in the header and in every row.
        let column = try? #require(lines[0].range(of: "STATUS")).lowerBound.utf16Offset(in: lines[0])
        for (row, status) in zip(lines.dropFirst(), ["failed", "passed"]) {
            let at = row.range(of: " \(status) ").map { $0.lowerBound.utf16Offset(in: row) + 1 }
            #expect(at == column, "\(lines.joined(separator: "\n"))")
        }
    }

    /// A run of three tests on `commit`, `hour` hours into 2026-11-22 (UTC).
    private func report(_ hour: Int, commit: String, _ statuses: [TestStatus], retried: Bool = false) -> RunReport {
        var report = ReportFixture.minimalReport
        report.runID = String(format: "20261122T%02d0000Z-bbbb", hour)
        report.startedAt = Date(timeIntervalSince1970: 1_795_305_600 + Double(hour) * 3_600)
        report.finishedAt = report.startedAt.addingTimeInterval(10)
        report.origin = RunOrigin(commit: commit, dirty: false, commitSource: "git")
        report.tests = zip(["T.Broken/test", "T.Retried/test", "T.Alt/test"], statuses).map { id, status in
            var test = TestResult(
                id: id, name: id, suite: "T", framework: .xctest, status: status, durationSeconds: 1)
            test.flaky = retried && id == "T.Retried/test"
            return test
        }
        return report
    }

    @Test func historyFlakyOverARealHistoryFileGivesThreeDifferentAnswers() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let (c1, c2) = ("1111111aaaa", "2222222bbbb")
        try store.appendHistory(report(0, commit: c1, [.failed, .passed, .passed]))
        try store.appendHistory(report(1, commit: c1, [.failed, .passed, .failed]))
        try store.appendHistory(report(2, commit: c1, [.failed, .passed, .passed], retried: true))
        try store.appendHistory(report(3, commit: c1, [.failed, .passed, .failed]))
        try store.appendHistory(report(4, commit: c1, [.failed, .passed, .passed]))
        try store.appendHistory(report(5, commit: c2, [.passed, .passed, .passed]))

        let out = BufferOutput()
        let err = BufferOutput()
        let status = await CommandLineTool.run(
            arguments: ["history", "--flaky", "--output", folder.url.path],
            context: HostContext(standardOutput: out, standardError: err, environment: [:]))
        #expect(status == .passed, "\(err.text)")
        #expect(
            out.text == """
                FLAKE%  FLAKY  RUNS TEST
                   33%      2     6 T.Alt/test
                                      on commit 1111111: failed in runs 20261122T010000Z-bbbb, 20261122T030000Z-bbbb; \
                passed in runs 20261122T000000Z-bbbb, 20261122T020000Z-bbbb, 20261122T040000Z-bbbb
                   17%      1     6 T.Retried/test
                                      passed only on a retry in run 20261122T020000Z-bbbb (commit 1111111)

                broken, not flaky (failed in every run until fixed):
                  T.Broken/test  broken 5 runs, fixed at 2222222

                """)
    }
}
