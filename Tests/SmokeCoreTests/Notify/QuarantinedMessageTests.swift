import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A message about a real failure that lists a quarantined failing test beside it marks that test quarantined, with
/// its entry, apart from the failures: never as an ordinary (let alone new) failure.
@Suite struct QuarantinedMessageTests {
    static let sync = "AppTests.SyncTests/testMerge"
    static let cart = "AppTests.CartTests/testTotal"
    static let scenario = NotifyScenarios.quarantinedBesideFailure

    @Test func onlyTheRealFailureIsNews() {
        #expect(Self.scenario.plan.kind == .failure)
        #expect(Self.scenario.plan.ages == [Self.cart: .new])
    }

    @Test func slackListsTheQuarantinedTestApartWithItsEntry() throws {
        let body = SlackMessage.body(report: Self.scenario.report, plan: Self.scenario.plan, links: ArtifactLinks())
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        let sections = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        let header = try #require(sections.first)
        #expect(header.hasSuffix("smoke: 1 test failing, 1 quarantined"), "\(header)")
        let failures = sections.filter { $0.contains("```") }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("`\(Self.cart)`* · *NEW*") == true, "\(failures)")
        #expect(!failures.contains { $0.contains(Self.sync) })
        let quarantined = try #require(sections.first { $0.hasPrefix("*Quarantined*") }, "\(sections)")
        #expect(
            quarantined
                == "*Quarantined* (failed; does not fail the run): Merges two edits `\(Self.sync)` (races the staging server — owner sync-team, until 2026-11-27T04:00:00Z)"
        )
    }

    @Test func jsonListsTheQuarantinedTestApartWithItsEntry() throws {
        let body = JSONNotification.body(
            report: Self.scenario.report, plan: Self.scenario.plan, links: ArtifactLinks())
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.map { $0["id"] as? String } == [Self.cart])
        #expect(failures.first?["new"] as? Bool == true)
        let quarantined = try #require(object["quarantined"] as? [[String: Any]])
        #expect(quarantined.count == 1)
        #expect(quarantined.first?["id"] as? String == Self.sync)
        #expect(quarantined.first?["displayName"] as? String == "Merges two edits")
        #expect(quarantined.first?["reason"] as? String == "races the staging server")
        #expect(quarantined.first?["owner"] as? String == "sync-team")
        #expect(quarantined.first?["expires"] as? String == "2026-11-27T04:00:00Z")
        #expect(quarantined.first?["message"] as? String == "timed out waiting for merge")
        #expect(object["headline"] as? String == "1 test failing, 1 quarantined")
    }

    @Test func aMessageWithoutQuarantineHasNoQuarantinedKey() throws {
        let plain = NotifyScenarios.newFailure
        let body = JSONNotification.body(report: plain.report, plan: plain.plan, links: plain.links)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(object["quarantined"] == nil)
    }

    /// A run whose only failures are quarantined passed: nothing is sent, whatever `notify.on` lists for failures.
    @Test func aRunWhoseOnlyFailureIsQuarantinedSendsNothing() {
        var report = Self.scenario.report
        report.tests.removeAll { $0.id == Self.cart }
        report.status = RunReport.status(of: report.tests, errors: [])
        Quarantine.apply(Self.scenario.report.quarantine?.active ?? [], to: &report, now: report.finishedAt)
        #expect(report.status == .passed)
        let decision = NotificationPolicy.decide(
            report: report, history: [], state: NotifyState(), settings: NotifySettings(), now: report.finishedAt)
        #expect(decision.plan == nil)
    }

    /// `announced` were announced failing; the run passed because its one failure (`sync`) is quarantined now.
    private func closing(announced: [String]) throws -> (RunReport, NotificationPlan) {
        var report = Self.scenario.report
        report.tests.removeAll { $0.id == Self.cart }
        report.totals = Totals(report.tests)
        report.status = RunReport.status(of: report.tests, errors: [])
        Quarantine.apply(Self.scenario.report.quarantine?.active ?? [], to: &report, now: report.finishedAt)
        let open = NotifyState.Announcement(
            runID: NotifyFixtures.runID(1), announcedAt: report.startedAt, kind: .failure, failing: announced,
            errors: [], since: NotifyFixtures.runID(1))
        let decision = NotificationPolicy.decide(
            report: report, history: [], state: NotifyState(open: open), settings: NotifySettings(),
            now: report.finishedAt)
        return (report, try #require(decision.plan, "\(decision)"))
    }

    /// Quarantining the announced failing test closes the problem; the test still fails, so it never "recovered" and
    /// the run never reads "all tests pass".
    @Test func quarantiningTheAnnouncedTestClosesItWithoutSayingItRecovered() throws {
        let (report, plan) = try closing(announced: [Self.sync])
        #expect(plan.kind == .recovery && plan.recovered.isEmpty && plan.quarantined == [Self.sync])
        #expect(NotificationWording.headline(report: report, plan: plan) == "closed: 1 test quarantined, still failing")
        let slack = SlackMessage.payload(report: report, plan: plan, links: ArtifactLinks(), listedFailures: 10)
        let texts = slack.blocks.map { "\($0)" }.joined(separator: "\n")
        #expect(!texts.contains("all tests pass") && !texts.contains("*Recovered:*"), "\(texts)")
        #expect(texts.contains("*Quarantined, not recovered* (still failing): `\(Self.sync)`"), "\(texts)")
        #expect(texts.contains(":warning:") && !texts.contains(":white_check_mark:"))
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: JSONNotification.body(report: report, plan: plan, links: ArtifactLinks())) as? [String: Any])
        #expect(json["recovered"] as? [String] == [])
        #expect(json["quarantinedNotRecovered"] as? [String] == [Self.sync])
    }

    @Test func aRecoveryBesideAQuarantinedAnnouncedTestSaysBoth() throws {
        let (report, plan) = try closing(announced: [Self.cart, Self.sync])
        #expect(plan.recovered == [Self.cart] && plan.quarantined == [Self.sync])
        #expect(
            NotificationWording.headline(report: report, plan: plan) == "recovered; 1 test quarantined, still failing")
    }
}
