/// One execution of a test: a retried test has several, and so has one run in several test-plan configurations.
package struct TestAttempt: Codable, Sendable, Equatable {
    package var status: TestStatus
    var durationSeconds: Double
    package var failures: [TestFailure]
    package var output: [String]
    package var attachments: [AttachmentRecord]
    /// What proved a failed, crashed or timed-out status (the input line, or the process fact smokerun saw).
    package var evidence: Evidence?
    /// The test-plan configuration (or device) it ran in, when a result bundle ran the test in several; nil
    /// otherwise. Attempts of one configuration are retries of each other; other configurations' are not.
    package var configuration: String?

    package init(
        status: TestStatus, durationSeconds: Double, failures: [TestFailure] = [],
        output: [String] = [], attachments: [AttachmentRecord] = [], configuration: String? = nil
    ) {
        self.status = status
        self.durationSeconds = durationSeconds
        self.failures = failures
        self.output = output
        self.attachments = attachments
        self.configuration = configuration
    }
}
