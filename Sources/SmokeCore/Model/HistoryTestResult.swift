import Foundation

/// One test in one run as `history.sqlite` keeps it, with its run named (`RunHistory.testResults`).
package struct HistoryTestResult: Sendable, Equatable {
    package var runID: String
    package var startedAt: Date
    package var commit: String?
    /// `TestResult.deviceKey`: the id, or "id [device]" on a run pinning several devices.
    package var key: String
    package var testID: String
    package var status: TestStatus
    /// Nil when the source gave none (a test a crash ended).
    package var durationSeconds: Double?
    /// How many times it ran; nil when unknown (imported from a `history.jsonl` line whose run folder was gone).
    package var attempts: Int?
    package var flaky: Bool
    /// The first failure message, at most `messageLimit` characters.
    package var message: String?
    /// What proved a failing status: `what (source:line)` (`Evidence.description`).
    package var evidence: String?

    package init(
        runID: String, startedAt: Date, commit: String? = nil, key: String, testID: String, status: TestStatus,
        durationSeconds: Double? = nil, attempts: Int? = nil, flaky: Bool = false, message: String? = nil,
        evidence: String? = nil
    ) {
        self.runID = runID
        self.startedAt = startedAt
        self.commit = commit
        self.key = key
        self.testID = testID
        self.status = status
        self.durationSeconds = durationSeconds
        self.attempts = attempts
        self.flaky = flaky
        self.message = message
        self.evidence = evidence
    }

    /// Characters of a failure message kept; the whole message stays in the run's report.json while it is kept.
    package static let messageLimit = 2_000

    package static func bounded(_ message: String?) -> String? {
        guard let message else { return nil }
        guard message.count > messageLimit else { return message }
        return String(message.prefix(messageLimit - 1)) + "…"
    }
}
