import Foundation

/// The commits under suspicion: from the last run in which the tests passed to the failing run's commit. Pure.
package struct CulpritRange: Sendable, Equatable {
    /// The commit of the last run in which every named test passed.
    package var good: String
    package var goodRun: String
    package var bad: String
    package var badRun: String

    /// `a1b2c3d..e4f5a6b`, as git writes a range.
    package var text: String { "\(CulpritCommit.short(good))..\(CulpritCommit.short(bad))" }

    /// The range for `tests` failing in `report`: back to the newest earlier run with a known commit in which
    /// every test passed. A run with uncommitted changes did not test its commit, so it never counts.
    package static func find(
        tests: [String], failing report: RunReport, history: [HistoryEntry]
    ) throws(CulpritError) -> CulpritRange {
        guard let bad = report.origin?.commit, !bad.isEmpty else {
            throw .failingCommitUnknown(run: report.runID)
        }
        if report.origin?.dirty == true { throw .failingRunDirty(run: report.runID) }
        let earlier = history.filter { $0.runID != report.runID && $0.startedAt <= report.startedAt }
        for entry in earlier.reversed() {
            guard let commit = entry.commit, !commit.isEmpty, entry.dirty != true else { continue }
            guard tests.allSatisfy({ entry.outcomes[$0] == .passed }) else { continue }
            if commit == bad { throw .passedAtFailingCommit(run: entry.runID, commit: commit) }
            return CulpritRange(good: commit, goodRun: entry.runID, bad: bad, badRun: report.runID)
        }
        throw .noPassingRun(tests: tests, run: report.runID, runsRead: earlier.count)
    }
}
