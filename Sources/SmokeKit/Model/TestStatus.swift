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
}
