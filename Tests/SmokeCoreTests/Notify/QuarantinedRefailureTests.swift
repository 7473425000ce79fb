import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// An announced test that passed again (not said yet) and then fails again is still announced failing: the channel
/// never heard it pass. When a quarantine covers that failure, the recovery says it is quarantined, not recovered;
/// when it fails for real, a failure message says so.
@Suite struct QuarantinedRefailureTests {
    typealias F = NotifyFixtures
    private let sync = "AppTests.SyncTests/testMerge"
    private let cart = "AppTests.CartTests/testTotal"
    private let entry = QuarantineEntry(
        test: "AppTests.SyncTests/*", reason: "races the staging server", owner: "sync-team", expires: F.start(30))

    /// Run `index` with `failing` failing and the other of `sync`, `cart` passing; `sync` quarantined when asked.
    private func run(_ index: Int, failing: [String], quarantined: Bool = false) -> RunReport {
        let passing = [sync, cart].filter { !failing.contains($0) }.map { F.passing($0) }
        var report = F.report(index, tests: F.suite(failing: failing.map { F.failing($0) }) + passing)
        if quarantined { Quarantine.apply([entry], to: &report, now: report.finishedAt) }
        return report
    }

    private func decisions(_ reports: [RunReport]) -> [NotificationDecision] {
        var state = NotifyState()
        var result: [NotificationDecision] = []
        for (index, report) in reports.enumerated() {
            let history = F.history(Array(reports[..<index]))
            let decision = NotificationPolicy.decide(
                report: report, history: history, state: state, settings: NotifySettings(), now: report.finishedAt)
            state = NotificationPolicy.nextState(
                after: decision, report: report, state: state, announced: true, now: report.finishedAt)
            result.append(decision)
        }
        return result
    }

    /// sync and cart announced; sync passes (said later); sync fails again under a quarantine; cart is fixed while
    /// sync still fails: the recovery closes sync as quarantined, never as recovered.
    @Test func aQuarantinedTestThatFailsAgainIsClosedAsQuarantined() throws {
        let runs = [
            run(0, failing: [sync, cart]), run(1, failing: [cart]), run(2, failing: [sync, cart], quarantined: true),
            run(3, failing: [sync], quarantined: true),
        ]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, nil, nil, .recovery])
        let recovery = try #require(result[3].plan)
        #expect(recovery.recovered == [cart] && recovery.quarantined == [sync], "\(recovery)")
        #expect(
            NotificationWording.headline(report: runs[3], plan: recovery)
                == "recovered; 1 test quarantined, still failing")
    }

    /// The same, but sync passes in the last run: it recovered, and the recovery says so, with its first streak.
    @Test func aQuarantinedTestThatFailedAgainAndPassesIsSaidToRecover() throws {
        let runs = [
            run(0, failing: [sync, cart]), run(1, failing: [cart]), run(2, failing: [sync, cart], quarantined: true),
            run(3, failing: [], quarantined: true),
        ]
        let recovery = try #require(decisions(runs)[3].plan)
        #expect(recovery.recovered == [cart, sync].sorted() && recovery.quarantined.isEmpty, "\(recovery)")
    }

    /// Without a quarantine the failure again is news: a failure message names it, and it is not said to recover.
    @Test func aTestThatFailsAgainWithoutAQuarantineIsAnnouncedAgain() throws {
        let runs = [run(0, failing: [sync, cart]), run(1, failing: [cart]), run(2, failing: [sync, cart])]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, nil, .failure])
        let again = try #require(result[2].plan)
        #expect(again.ages[sync] == .new && again.recovered.isEmpty)
        let closed = decisions(runs + [run(3, failing: [])])
        #expect(closed[3].plan?.recovered == [cart, sync].sorted())
        #expect(closed[3].plan?.recoveredStreaks[sync] == RecoveredStreak(since: F.runID(2)))
    }
}
