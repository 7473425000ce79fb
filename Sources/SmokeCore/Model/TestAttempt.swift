/// One execution of a test; retried tests have several.
package struct TestAttempt: Codable, Sendable, Equatable {
    package var status: TestStatus
    var durationSeconds: Double
    package var failures: [TestFailure]
    package var output: [String]
    package var attachments: [AttachmentRecord]
    /// What proved a failed, crashed or timed-out status (the input line, or the process fact smokerun saw).
    package var evidence: Evidence?

    package init(
        status: TestStatus, durationSeconds: Double, failures: [TestFailure] = [],
        output: [String] = [], attachments: [AttachmentRecord] = []
    ) {
        self.status = status
        self.durationSeconds = durationSeconds
        self.failures = failures
        self.output = output
        self.attachments = attachments
    }
}
