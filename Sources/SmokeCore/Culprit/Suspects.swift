import Foundation

/// The commits a new failure may come from: the last passing run's commit, the range to the failing run's, and the
/// newest of its commits with subject and author (`git log` of the project's checkout). Messages list them.
package struct Suspects: Codable, Sendable, Equatable {
    /// Commits listed at most; the rest are counted.
    package static let listed = 10

    package var lastPassingRun: String
    package var lastPassingCommit: String
    package var failingCommit: String
    /// `a1b2c3d..e4f5a6b`.
    package var range: String
    /// Whether the checkout holds the range; false after a shallow clone or a force-push.
    package var inClone: Bool
    /// The range's first-parent commits, newest first, at most `listed`.
    package var commits: [CulpritCommit]
    /// All the range's first-parent commits; 0 when it is not in the clone.
    package var total: Int

    package init(range: CulpritRange, commits: [CulpritCommit]?) {
        lastPassingRun = range.goodRun
        lastPassingCommit = range.good
        failingCommit = range.bad
        self.range = range.text
        inClone = commits != nil
        let newestFirst = (commits ?? []).reversed()
        self.commits = Array(newestFirst.prefix(Self.listed))
        total = commits?.count ?? 0
    }

    /// The first line: what the range is and where it comes from.
    package var headline: String {
        guard inClone else {
            return
                """
                suspects: \(range) since the last passing run \(lastPassingRun) — the range is not in this clone \
                (shallow clone or force-push)
                """
        }
        return "suspects: \(ReportText.count(total, "commit")) \(range) since the last passing run \(lastPassingRun)"
    }

    /// `e4f5a6b Round totals — Ada`, one per listed commit.
    package var commitLines: [String] {
        commits.map { commit in
            [commit.short, commit.subject.isEmpty ? nil : commit.subject].compactMap { $0 }.joined(separator: " ")
                + (commit.author.isEmpty ? "" : " — \(commit.author)")
        }
    }

    /// Commits of the range not listed.
    package var more: Int { max(total - commits.count, 0) }
}
