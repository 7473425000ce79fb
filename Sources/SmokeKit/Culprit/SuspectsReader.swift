import Foundation
import SmokeCore

/// Reads a new failure's suspects for its reports and message: the range from the last run in which the new failures
/// passed to the failing run's commit (from the history), and its commits from `git log` of the project's checkout.
/// Never throws: the run has no suspects when the history or git cannot say.
package struct SuspectsReader: Sendable {
    var git: any GitRepository

    package init(git: any GitRepository) { self.git = git }

    /// - Parameters:
    ///   - tests: the new failures' keys (`FailureHistory.newFailures`).
    ///   - history: the pipeline's earlier runs with their tests' outcomes, oldest first.
    package func suspects(report: RunReport, tests: [String], history: [HistoryEntry]) -> Suspects? {
        guard !tests.isEmpty, let range = try? CulpritRange.find(tests: tests, failing: report, history: history)
        else { return nil }
        // Not a checkout at all (a CI that exports the sources without .git): nothing to say about its commits.
        guard (try? git.topLevel()) != nil else { return nil }
        guard git.hasCommit(range.good), git.hasCommit(range.bad), git.isAncestor(range.good, of: range.bad),
            let commits = try? git.firstParentCommits(after: range.good, upTo: range.bad, limit: nil)
        else { return Suspects(range: range, commits: nil) }
        return Suspects(range: range, commits: commits)
    }
}
