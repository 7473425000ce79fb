import Foundation

/// Why a culprit search cannot start.
package enum CulpritError: Error, Equatable, LocalizedError, DomainError {
    case failingCommitUnknown(run: String)
    case failingRunDirty(run: String)
    case passedAtFailingCommit(run: String, commit: String)
    case noPassingRun(tests: [String], run: String, runsRead: Int)
    case testNotFailing(test: String, run: String)

    package var errorDescription: String? {
        switch self {
        case .failingCommitUnknown(let run):
            """
            \(run) does not record the commit it tested (report.json origin.commit), so there is no range to search; \
            run smokerun from a git checkout, or set the CI's commit variable
            """
        case .failingRunDirty(let run):
            """
            \(run) ran with uncommitted changes, so its commit is not the code that failed; commit the change and \
            run again, then search that run
            """
        case .passedAtFailingCommit(let run, let commit):
            """
            the tests passed in \(run) at the failing commit \(CulpritCommit.short(commit)) itself: no commit is to \
            blame (environment or flake); see smokerun history --flaky
            """
        case .noPassingRun(let tests, let run, let runsRead):
            """
            no run before \(run) (of \(runsRead) read) passed \(tests.joined(separator: ", ")) at a known commit \
            without uncommitted changes, so there is no last good commit to search from
            """
        case .testNotFailing(let test, let run):
            "\(test) did not fail in \(run); give a test that failed there"
        }
    }

    package var kind: ErrorKind { .invalidInput }
}
