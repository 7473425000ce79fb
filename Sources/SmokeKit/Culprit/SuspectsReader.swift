import Foundation
import SmokeCore

/// A new failure's suspects: the commits from the last run where the new failures passed to the failing run's
/// commit, from `git log`. Never throws: no suspects when the history or git cannot say.
package struct SuspectsReader: Sendable {
    var git: any GitRepository

    package init(git: any GitRepository) { self.git = git }

    /// The suspects of the new failures `tests` (`FailureHistory.newFailures`), given earlier runs oldest first.
    package func suspects(report: RunReport, tests: [String], history: [HistoryEntry]) -> Suspects? {
        guard !tests.isEmpty, let range = try? CulpritRange.find(tests: tests, failing: report, history: history)
        else { return nil }
        // Not a checkout (a CI that exports the sources without .git): nothing to say about its commits.
        guard (try? git.topLevel()) != nil else { return nil }
        guard git.hasCommit(range.good), git.hasCommit(range.bad), git.isAncestor(range.good, of: range.bad),
            let commits = try? git.firstParentCommits(after: range.good, upTo: range.bad, limit: nil)
        else { return Suspects(range: range, commits: nil) }
        return Suspects(range: range, commits: commits)
    }
}
