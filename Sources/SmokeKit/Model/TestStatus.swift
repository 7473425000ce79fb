/// The final outcome of one test, or of one attempt at it.
package enum TestStatus: String, Codable, Sendable, CaseIterable {
    case passed, failed, skipped, expectedFailure, crashed, timedOut

    /// Failed, crashed and timed-out tests fail a run and are the ones retried.
    package var isFailure: Bool {
        switch self {
        case .failed, .crashed, .timedOut: true
        case .passed, .skipped, .expectedFailure: false
        }
    }

    /// What several runs of one test amount to (the cases of a parameterized test, a test in two
    /// configurations): a failure beats a pass, a pass beats a skip; nothing at all is a pass.
    package static func worst(_ statuses: [TestStatus]) -> TestStatus {
        let precedence: [TestStatus] = [.crashed, .timedOut, .failed, .passed, .expectedFailure, .skipped]
        return precedence.first(where: statuses.contains) ?? .passed
    }
}
