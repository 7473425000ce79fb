import Foundation

/// The commits a new failure may come from: the last passing run's commit, the range to the failing run's, and the
/// newest of its commits with subject and author (`git log` of the project's checkout). Messages and reports list them.
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

    package init(
        lastPassingRun: String, lastPassingCommit: String, failingCommit: String, range: String,
        commits: [CulpritCommit]?
    ) {
        self.lastPassingRun = lastPassingRun
        self.lastPassingCommit = lastPassingCommit
        self.failingCommit = failingCommit
        self.range = range
        inClone = commits != nil
        let newestFirst = (commits ?? []).reversed()
        self.commits = Array(newestFirst.prefix(Self.listed))
        total = commits?.count ?? 0
    }

    /// `e4f5a6b Round totals — Ada`, one per listed commit.
    package var commitLines: [String] {
        commits.map { commit in
            [commit.short, commit.subject.isEmpty ? nil : commit.subject].compactMap { $0 }.joined(separator: " ")
                + (commit.author.isEmpty ? "" : " — \(commit.author)")
        }
    }

    package var more: Int { max(total - commits.count, 0) }
}
