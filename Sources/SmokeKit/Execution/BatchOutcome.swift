import SmokeCore

/// What one test process (or xcodebuild invocation) produced.
package struct BatchOutcome: Sendable {
    /// Tests that reported, in the order they started, each as one attempt.
    package var results: [TestResult]
    package var attachments: [RawAttachment]
    /// Tests of the batch that never reported (a crash ended the process first); `TestPhase`
    /// runs them again in a new process.
    package var notStarted: [TestCase]
    package var termination: Termination
    /// Set when the process was stopped for the run's deadline or a cancellation.
    package var stopReason: StopReason?
    package var unrecognizedLines: Int
    /// What went wrong around the tests (cut output, an unreadable result bundle), for the report's `errors`.
    package var errors: [InfrastructureError] = []

    package init(
        results: [TestResult], attachments: [RawAttachment] = [], notStarted: [TestCase] = [], termination: Termination,
        stopReason: StopReason? = nil, unrecognizedLines: Int = 0, errors: [InfrastructureError] = []
    ) {
        self.results = results
        self.attachments = attachments
        self.notStarted = notStarted
        self.termination = termination
        self.stopReason = stopReason
        self.unrecognizedLines = unrecognizedLines
        self.errors = errors
    }
}
