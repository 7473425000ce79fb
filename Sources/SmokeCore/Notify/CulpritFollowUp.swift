import Foundation

/// The message sent after a new failure once the culprit finder answers: which commit, or why none.
package struct CulpritFollowUp: Sendable, Equatable {
    package var pipeline: String
    package var runID: String
    package var tests: [String]
    package var verdict: CulpritVerdict
    package var seconds: Double

    package init(pipeline: String, runID: String, tests: [String], verdict: CulpritVerdict, seconds: Double) {
        self.pipeline = pipeline
        self.runID = runID
        self.tests = tests
        self.verdict = verdict
        self.seconds = seconds
    }

    /// `first failing commit: e4f5a6b 'Round totals' (Ada) — found in 4 runs, 3 min`, or the command's other answer.
    package var answer: String {
        guard let commit = verdict.culprit else { return verdict.sentence }
        return "first failing commit: \(commit.label) — found in \(ReportText.count(verdict.testRuns, "run")), "
            + Self.duration(seconds)
    }

    /// `ledger run 20261128T120000Z-ab12: LedgerTests/testTotal — first failing commit: …`.
    package var text: String {
        "\(pipeline) run \(runID): \(tests.joined(separator: ", ")) — \(answer)"
    }

    /// `40 s` under a minute, else whole minutes: `3 min`.
    package static func duration(_ seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }

    /// What report.json records; `notification` is the follow-up's delivery, when one was sent.
    package func finding(notification: NotificationRecord?) -> CulpritFinding {
        let commit = verdict.culprit
        return CulpritFinding(
            tests: tests, answer: answer, commit: commit?.hash, subject: commit?.subject, author: commit?.author,
            testRuns: verdict.testRuns, seconds: seconds, notification: notification)
    }

    /// The `json` format's fields.
    struct Payload: Encodable {
        var kind = "culprit"
        var pipeline: String
        var runID: String
        var tests: [String]
        var text: String
        var answer: String
        var commit: String?
        var subject: String?
        var author: String?
        var testRuns: Int
        var seconds: Double
        var evidence: [String]
    }

    var payload: Payload {
        let commit = verdict.culprit
        return Payload(
            pipeline: pipeline, runID: runID, tests: tests, text: text, answer: answer, commit: commit?.hash,
            subject: commit?.subject, author: commit?.author, testRuns: verdict.testRuns, seconds: seconds,
            evidence: verdict.steps.map(\.text))
    }
}
