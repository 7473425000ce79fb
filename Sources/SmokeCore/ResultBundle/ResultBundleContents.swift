import Foundation

/// What one Xcode result bundle (`.xcresult`) holds, in smokerun's model, whichever way it was read.
package struct ResultBundleContents: Sendable, Equatable {
    /// Tests in the order the bundle ran them (`order` 1-based), retries folded into `attempts`.
    package var tests: [TestResult] = []
    /// Attachments linked to their tests by `testID`; stored into the run directory by the caller.
    package var attachments: [RawAttachment] = []
    package var device: ResolvedDevice?
    /// The Xcode that produced the bundle, e.g. "Xcode 16.2 (16C5032a)", when recorded.
    package var xcodeVersion: String?
    /// When the recorded run started and finished (the bundle's own timestamps), when it records them.
    package var startedAt: Date?
    package var finishedAt: Date?
    /// The bundle's own test and failure counts (Xcode's summary), for `report.json`'s `reconciliation`.
    package var summaryCounts: [FrameworkCount] = []
    /// What the bundle holds that could not be read (a missing payload, no `zstd`), as sentences for `errors`.
    package var notes: [String] = []
    /// Issues recorded outside any test (a suite's set-up or tear-down): failures no test carries, never notes.
    package var issuesOutsideTests: [String] = []
    /// Test id → when its first failure was recorded, where the bundle says; `FailureScreenshot` uses it.
    package var failureTimes: [String: Date] = [:]

    package init() {}
}

/// Reads one `.xcresult` bundle: with `xcresulttool` on macOS, or its own `database.sqlite3` anywhere. Throws
/// `ParseError` (exit 2) for a bundle it cannot read; never returns empty contents for a bundle with tests.
package protocol ResultBundleReading: Sendable {
    /// - Parameter scratchDirectory: an empty folder the reader may fill (exported attachments);
    ///   `RawAttachment.Content.file` URLs may point into it and must stay valid until stored.
    func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents
}

extension ResultBundleContents {
    /// Each failing test or attempt without evidence gets the bundle's own record of it, naming the bundle.
    package mutating func recordEvidence(bundle: String) {
        for index in tests.indices {
            // Xcode's execution-time allowance (or Swift Testing's `.timeLimit`) stopped it: it timed out.
            if tests[index].status == .failed,
                let limit = tests[index].failures.first(where: {
                    ExecutionTimeAllowance.isAllowanceMessage($0.message)
                })
            {
                tests[index].status = .timedOut
                tests[index].evidence = Evidence(
                    what: """
                        the result bundle records it stopped at its time limit: \
                        `\(limit.message.components(separatedBy: ". ").first ?? limit.message)`
                        """,
                    source: bundle)
            }
            tests[index].recordMissingEvidence {
                Evidence(what: "the result bundle records it as `\($0.rawValue)`", source: bundle)
            }
        }
    }
}
