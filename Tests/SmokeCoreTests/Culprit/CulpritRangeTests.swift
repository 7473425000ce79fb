import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct CulpritRangeTests {
    static func failing(commit: String?, dirty: Bool? = nil) -> RunReport {
        var report = ReportFixture.report
        report.origin = RunOrigin(commit: commit, dirty: dirty)
        return report
    }

    @Test func theRangeStartsAtTheNewestRunInWhichEveryNamedTestPassed() throws {
        let history = [
            HistoryEntryFixture.run(1, commit: "aaa", outcomes: ["T/a": .passed, "T/b": .passed]),
            HistoryEntryFixture.run(2, commit: "bbb", outcomes: ["T/a": .passed, "T/b": .failed]),
            HistoryEntryFixture.run(3, commit: "ccc", outcomes: ["T/a": .passed, "T/b": .passed], dirty: true),
            HistoryEntryFixture.run(4, commit: nil, outcomes: ["T/a": .passed, "T/b": .passed]),
        ]
        let range = try CulpritRange.find(
            tests: ["T/a", "T/b"], failing: Self.failing(commit: "fff"), history: history)
        #expect(
            range
                == CulpritRange(good: "aaa", goodRun: history[0].runID, bad: "fff", badRun: ReportFixture.report.runID))
        #expect(range.text == "aaa..fff")
    }

    @Test func aRunWithoutACommitHasNoRange() {
        #expect(throws: CulpritError.failingCommitUnknown(run: ReportFixture.report.runID)) {
            try CulpritRange.find(tests: ["T/a"], failing: Self.failing(commit: nil), history: [])
        }
    }

    @Test func noPassingRunIsSaidWithTheRunsRead() {
        let history = [HistoryEntryFixture.run(1, commit: "aaa", outcomes: ["T/a": .failed])]
        #expect(throws: CulpritError.noPassingRun(tests: ["T/a"], run: ReportFixture.report.runID, runsRead: 1)) {
            try CulpritRange.find(tests: ["T/a"], failing: Self.failing(commit: "fff"), history: history)
        }
    }
}
