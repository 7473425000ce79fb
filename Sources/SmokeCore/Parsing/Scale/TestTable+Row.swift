/// A `TestTable` row and what only some tests carry beside it.
extension TestTable {
    /// What only some tests have; kept apart so a passing test costs a row and its name.
    struct Extras: Sendable {
        var failures: [TestFailure] = []
        var output: [String] = []
        var attempts: [TestAttempt] = []
        var attachments: [AttachmentRecord] = []
        /// What proved a failing status (or, for an unfinished test, what left it without a result).
        var evidence: Evidence?
        /// A name that is not the end of the id (an adopted result's own naming).
        var name: String?
        /// The worker (a parallel log's clone) that ran it, and its place in that worker's sequence.
        var worker: Int?
        var position: Int?
        var displayName: String?
    }

    /// Marks a row carries (the collector's progress through a test, and report marks).
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16
        static let flaky = Flags(rawValue: 1 << 0)
        static let started = Flags(rawValue: 1 << 1)
        static let finished = Flags(rawValue: 1 << 2)
        static let hasFailure = Flags(rawValue: 1 << 3)
        static let hasKnownIssue = Flags(rawValue: 1 << 4)
        /// An earlier attempt failed (what `flaky` needs when attempts are not kept).
        static let failedBefore = Flags(rawValue: 1 << 5)
        /// xcodebuild said the test exceeded its execution time allowance.
        static let exceededTimeAllowance = Flags(rawValue: 1 << 6)
        /// Found by `Class/method` too (an XCTest id with its module).
        static let modulelessKeyed = Flags(rawValue: 1 << 7)
        /// A parallel log's result line (`… passed on 'Clone 1 of …' (…)`) ended it: another one is another run.
        static let cloneResultLine = Flags(rawValue: 1 << 8)
        /// A duration was given (a result line's, a runner's measure, an allowance): else it is unknown.
        static let durationKnown = Flags(rawValue: 1 << 9)
        /// The collector kept earlier runs in `attempts`: the test's own run is the last attempt too.
        static let keptAttempts = Flags(rawValue: 1 << 10)
        /// A line in a test process's own form (`Test Case '-[C m]' started.` / `passed (…)`) told of it: the
        /// process that printed it prints its totals to the same output.
        static let ownProcessLine = Flags(rawValue: 1 << 11)
        /// A parallel result line naming its process (`… passed on 'My Mac - App (123)' (…)`) ended it, or SwiftPM named
        /// it (`[3/40] Testing M.C/t`, its process's death): that process prints no totals.
        static let namedProcessLine = Flags(rawValue: 1 << 12)
        static let passedBefore = Flags(rawValue: 1 << 13)
        /// An attempt failed that no later pass undoes: after an earlier one passed (iterations, `-test-iterations`,
        /// not retries, which stop at the first pass), or recording a new reference (`TestFailure.recordedNewReference`). The
        /// worst decides.
        static let failedAfterPass = Flags(rawValue: 1 << 14)
        /// The test's own run passed, and it is `failed` for that earlier iteration: its last attempt says `passed`.
        static let lastIterationPassed = Flags(rawValue: 1 << 15)
        /// Progress of one attempt: cleared when the test runs again.
        static let progress: Flags = [
            .started, .finished, .hasFailure, .hasKnownIssue, .exceededTimeAllowance, .cloneResultLine, .durationKnown,
            .lastIterationPassed,
        ]
    }

    struct RowFields {
        var durationSeconds: Double
        var prefix: UInt32
        var nameStart: UInt32
        var nameLength: UInt32
        var suite: UInt32
        /// 1 for a name's first run; `n` makes the id `base#n`.
        var occurrence: UInt32
        var status: TestStatus
        var framework: TestFramework
        var flags: Flags
    }
}
