import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A quarantined test runs and is reported; its failure neither fails the run nor pages. Times are a test clock.
@Suite struct QuarantineTests {
    typealias F = NotifyFixtures
    static let sync = "AppTests.SyncTests/testMerge"
    static let cart = "AppTests.CartTests/testTotal"
    static let now = F.start(0)

    static func entry(_ test: String, expires: Date) -> QuarantineEntry {
        QuarantineEntry(test: test, reason: "races the server", owner: "sync-team", expires: expires)
    }

    @Test func aQuarantinedFailureLeavesTheRunPassedAndSendsNothing() {
        var report = F.report(0, tests: F.suite(failing: [F.failing(Self.sync)]))
        #expect(report.status == .failed)
        Quarantine.apply(
            [Self.entry("AppTests.SyncTests/*", expires: Self.now.addingTimeInterval(86_400))], to: &report,
            now: Self.now)
        #expect(report.status == .passed)
        #expect(report.quarantine?.tests == [Self.sync])
        #expect(report.failingTests.map(\.id) == [Self.sync]) // still reported as failed, marked
        let decision = NotificationPolicy.decide(
            report: report, history: [], state: NotifyState(), settings: NotifySettings(), now: Self.now)
        #expect(decision.plan == nil)
    }

    @Test func anotherFailureStillFailsTheRunAndOnlyItIsNews() {
        var report = F.report(0, tests: F.suite(failing: [F.failing(Self.sync), F.failing(Self.cart)]))
        Quarantine.apply([Self.entry(Self.sync, expires: Self.now.addingTimeInterval(60))], to: &report, now: Self.now)
        #expect(report.status == .failed)
        let plan = NotificationPolicy.decide(
            report: report, history: [], state: NotifyState(), settings: NotifySettings(), now: Self.now
        ).plan
        #expect(plan?.ages == [Self.cart: .new])
    }

    @Test func anExpiredEntryIsReportedAndIgnored() {
        var report = F.report(0, tests: F.suite(failing: [F.failing(Self.sync)]))
        let expired = Self.entry(Self.sync, expires: Self.now.addingTimeInterval(-1))
        Quarantine.apply([expired], to: &report, now: Self.now)
        #expect(report.status == .failed)
        #expect(report.quarantine == QuarantineRecord(active: [], expired: [expired], tests: []))
    }

    @Test func theAutomaticQuarantineSaysWhyAndEndsAfterItsDays() throws {
        // Failed in 4 of 10 runs of one commit: a flake rate of 40 %.
        let commit = String(repeating: "ab", count: 20)
        let history = (0..<10).map { index in
            HistoryEntryFixture.run(
                index, commit: commit, outcomes: [Self.sync: [1, 4, 6, 9].contains(index) ? .failed : .passed])
        }
        var settings = AutoQuarantineSettings()
        settings.rate = 0.25
        settings.days = 7
        let (kept, ended) = Quarantine.automatic(
            TestStability.assess(history), settings: settings, existing: [], now: Self.now)
        #expect(ended.isEmpty)
        let entry = try #require(kept.first)
        #expect(kept.count == 1 && entry.automatic && entry.test == Self.sync && entry.since == Self.now)
        #expect(entry.reason == "flake rate 40 % ≥ 25 %: failed 4 of the last 10 runs; quarantined for 7 days")
        #expect(entry.expires == Self.now.addingTimeInterval(7 * 86_400))
        // Six days on it holds (and is not added twice); eight days on it has ended.
        let later = Quarantine.automatic([], settings: settings, existing: kept, now: Self.now + 6 * 86_400)
        #expect(later.kept == kept && later.ended.isEmpty)
        let over = Quarantine.automatic([], settings: settings, existing: kept, now: Self.now + 8 * 86_400)
        #expect(over.kept.isEmpty && over.ended == kept)
        // A rate under the threshold, or too few runs, quarantines nothing.
        settings.rate = 0.5
        #expect(
            Quarantine.automatic(TestStability.assess(history), settings: settings, existing: [], now: Self.now)
                .kept.isEmpty)
    }

    @Test(arguments: [
        ("AppTests.SyncTests/testMerge", true), ("AppTests.SyncTests/*", true), ("*/testMerge", true),
        ("AppTests.*Tests/test*", true), ("AppTests.SyncTests/testMergeAll", false), ("AppTests.Sync*", true),
        ("*", true), ("AppTests.CartTests/*", false),
    ])
    func patternsMatchIDsWithStars(pattern: String, matches: Bool) {
        #expect(Self.entry(pattern, expires: Self.now).matches(Self.sync) == matches)
    }
}
