import SmokeCore

/// What one test process (or xcodebuild invocation) produced.
struct BatchOutcome: Sendable {
    /// Tests that reported, in the order they started, each as one attempt.
    var results: [TestResult]
    var attachments: [RawAttachment] = []
    /// Tests of the batch that never reported (a crash ended the process first); run again in a new process.
    var notStarted: [TestCase] = []
    var termination: Termination
    var stopReason: StopReason?
    var unrecognizedLines = 0
    /// What went wrong around the tests, for the report's `errors`.
    var errors: [InfrastructureError] = []
    var command: [String] = []
    /// The last lines printed before the first test started (all of them when none did).
    var outputTail: [String] = []
    var printedCrash: TestFailure?
    /// The frameworks' own totals in the process's output, placed where that output starts in its log.
    var consoleTotals = ConsoleTotals()
    /// Tests of the batch that cannot run by running it again (their whole class runs, and ended first): an error for
    /// a first run; a retry that cannot reach its test leaves the first attempt standing.
    var cannotRun: InfrastructureError?
    /// Each Swift Testing result's own event-stream id, by result id (`ResultCollector.eventStreamIDs`).
    var eventStreamIDs: [String: String] = [:]
    /// Tests that crashed in code an earlier test of their process left running: retried alone they would pass
    /// without proving anything about the crash, so they are not retried.
    var crashedByEarlierTest: Set<String> = []
    /// Issues Swift Testing recorded outside the tests (a suite's scoping trait, a task that outlived its test) that
    /// failed no test: the process exits 1 for them, and the run cannot pass.
    var issuesOutsideTests: [RunFailureEvidence] = []
}
