/// The final outcome of one test, or of one attempt at it.
package enum TestStatus: String, Codable, Sendable, CaseIterable {
    case passed, failed, skipped, expectedFailure, crashed, timedOut
    /// smokerun was stopped (SIGTERM, SIGINT) while it ran: not the test's fault, no failure or flake, never retried.
    case interrupted
    /// The input ends (or the next test starts) while the test runs, and nothing says how it ended: not a
    /// failure, never notified; a run with one is incomplete.
    case unfinished

    /// Failed, crashed and timed-out tests fail a run and are the ones retried.
    package var isFailure: Bool {
        switch self {
        case .failed, .crashed, .timedOut: true
        case .passed, .skipped, .expectedFailure, .interrupted, .unfinished: false
        }
    }

    /// What several runs of one test amount to (the cases of a parameterized test, a test in two
    /// configurations): a failure beats a pass, a pass beats a skip; nothing at all is a pass.
    package static func worst(_ statuses: [TestStatus]) -> TestStatus {
        let precedence: [TestStatus] = [
            .crashed, .timedOut, .failed, .interrupted, .unfinished, .passed, .expectedFailure, .skipped,
        ]
        return precedence.first(where: statuses.contains) ?? .passed
    }
}
