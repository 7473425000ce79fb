/// What one test process produced.
package struct BatchOutcome: Sendable {
    /// Tests that started, in the order they started, each as one attempt.
    package var results: [TestResult]
    package var attachments: [RawAttachment]
    /// Tests of the batch that never started (they run again in a new process).
    package var notStarted: [TestCase]
    package var termination: Termination
    /// Set when the process was stopped for the run's deadline or a cancellation.
    package var stopReason: StopReason?
    package var unrecognizedLines: Int
    /// Output or event-stream records that were cut (over `LineSplitter`'s limit), for the report's `errors`.
    package var problems: [String] = []
}
