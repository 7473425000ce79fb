import Foundation
import Testing

@testable import SmokeCore

/// The culprit finder's follow-up message in both formats, and which failures get suspects at all.
@Suite struct CulpritFollowUpTests {
    static let culprit = CulpritCommit(
        hash: "e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3", subject: "Round totals", author: "Ada <Lovelace>")
    static let verdict = CulpritVerdict.firstFailing(
        culprit,
        steps: [
            CulpritStep(commit: "a1b2c3d4", result: .passed, testRuns: 1),
            CulpritStep(commit: "b2c3d4e5", result: .passed, testRuns: 1),
            CulpritStep(commit: culprit.hash, result: .failed, testRuns: 1),
            CulpritStep(commit: "c3d4e5f6", result: .failed, testRuns: 1),
        ])
    static let followUp = CulpritFollowUp(
        pipeline: "ledger", runID: "20261128T120000Z-ab12", tests: ["LedgerTests/testTotal"], verdict: verdict,
        seconds: 170)

    @Test func theAnswerNamesTheCommitTheRunsAndTheTime() {
        #expect(
            Self.followUp.answer
                == "first failing commit: e4f5a6b 'Round totals' (Ada <Lovelace>) — found in 4 runs, 3 min")
        #expect(CulpritFollowUp.duration(42.4) == "42 s")
        let finding = Self.followUp.finding(notification: nil)
        #expect(finding.commit == Self.culprit.hash && finding.testRuns == 4 && finding.seconds == 170)
    }

    @Test func anAnswerWithoutACulpritIsTheCommandsSentence() {
        var followUp = Self.followUp
        followUp.verdict = .failsAtGood(Self.culprit, steps: [])
        #expect(followUp.answer.hasPrefix("fails at the last passing commit e4f5a6b"))
        #expect(followUp.finding(notification: nil).commit == nil)
    }

    @Test func slackEscapesAndJSONCarriesTheFields() throws {
        let slack = String(decoding: SlackMessage().culpritBody(Self.followUp), as: UTF8.self)
        #expect(slack.contains("(Ada &lt;Lovelace&gt;)"), "\(slack)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONMessage().culpritBody(Self.followUp)) as? [String: Any])
        #expect(json["kind"] as? String == "culprit" && json["commit"] as? String == Self.culprit.hash)
        #expect(json["testRuns"] as? Int == 4 && (json["evidence"] as? [String])?.count == 4)
    }

    @Test func aKnownFlakyFailureIsNoNewFailureAndGetsNoSuspects() {
        let plan = NotificationPlan(
            kind: .failure,
            ages: [
                "A/flaky": .knownFlaky(rate: "3 of 30 runs"), "B/broken": .new,
                "C/old": .stillFailing(since: "r1", runs: 2),
            ])
        #expect(plan.newFailures == ["B/broken"])
        let onlyFlaky = NotificationPlan(kind: .failure, ages: ["A/flaky": .knownFlaky(rate: "3 of 30 runs")])
        #expect(onlyFlaky.newFailures.isEmpty)
    }
}
