/// How a whole run ended.
package enum RunStatus: String, Codable, Sendable {
    /// Every test passed, was skipped or failed as expected.
    case passed
    /// At least one test failed, crashed or timed out.
    case failed
    /// The run could not test: a build failure, a missing tool or device.
    case error
    /// Stopped by SIGINT/SIGTERM before it finished.
    case interrupted
    /// No test failed, but some have no result (the input or the runner stopped early): nothing can be concluded.
    case incomplete
}
