import Foundation

extension Suspects {
    /// `commits` is the range's first-parent commits, oldest first; nil when the checkout does not hold it.
    package init(range: CulpritRange, commits: [CulpritCommit]?) {
        self.init(
            lastPassingRun: range.goodRun, lastPassingCommit: range.good, failingCommit: range.bad, range: range.text,
            commits: commits)
    }
}
