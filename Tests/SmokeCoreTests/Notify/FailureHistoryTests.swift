import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The note the run's output gives each failing test comes from the history, in the failure message's words.
@Suite struct FailureHistoryTests {
    typealias F = NotifyFixtures
    static let broken = "AppTests.CartTests/testTotal"

    private func notes(after earlier: [TestStatus]) -> [String: String] {
        let reports = earlier.enumerated().map { index, status in
            F.report(index, tests: [status == .failed ? F.failing(Self.broken) : F.passing(Self.broken)])
        }
        let current = F.report(earlier.count, tests: [F.failing(Self.broken)])
        let history = F.history(reports)
        return FailureHistory(of: current, history: history, window: history, windowRuns: 30).notes
    }

    @Test func aFailureAfterAPassingRunIsNew() {
        #expect(notes(after: [.passed]) == [Self.broken: "new: it did not fail in the previous run that ran it"])
    }

    @Test func aFailureThatFailedBeforeSaysSinceWhen() throws {
        let note = try #require(notes(after: [.passed, .failed, .failed])[Self.broken])
        #expect(note.hasPrefix("failing for 3 runs ("), "\(note)")
    }

    /// The new failures, whose suspects the reports name, are the ones the notes call new.
    @Test func theNewFailuresAreTheOnesTheNotesCallNew() {
        let reports = [F.report(0, tests: [F.passing(Self.broken)]), F.report(1, tests: [F.failing(Self.broken)])]
        let history = F.history(Array(reports.prefix(1)))
        #expect(
            FailureHistory(of: reports[1], history: history, window: history, windowRuns: 30).newFailures == [
                Self.broken
            ])
        let stillFailing = F.history(reports)
        let third = F.report(2, tests: [F.failing(Self.broken)])
        #expect(
            FailureHistory(of: third, history: stillFailing, window: stillFailing, windowRuns: 30).newFailures.isEmpty)
    }

    /// A run whose filter left the test out says nothing of it: the streak goes on past it, and the test is not new.
    @Test func aRunThatDidNotRunTheTestNeitherEndsNorStartsItsStreak() throws {
        let other = "AppTests.PriceTests/testRound"
        let reports = [
            F.report(0, tests: [F.failing(Self.broken)]), F.report(1, tests: [F.passing(other)]),
            F.report(2, tests: [F.failing(Self.broken)]),
        ]
        let history = F.history(Array(reports.prefix(2)))
        let note = try #require(
            FailureHistory(of: reports[2], history: history, window: history, windowRuns: 30).notes[Self.broken])
        #expect(note.hasPrefix("failing for 2 runs ("), "\(note)")
        // A run recorded in part (its failing tests only) that lacks the test: it passed there.
        var partial = F.history(Array(reports.prefix(2)))
        partial[1].totals.tests = 5_000
        #expect(
            FailureHistory(of: reports[2], history: partial, window: partial, windowRuns: 30).notes[Self.broken]
                == "new: it did not fail in the previous run that ran it")
    }

    @Test func withoutAnEarlierRunThereIsNothingToSay() {
        #expect(notes(after: []).isEmpty)
    }
}
