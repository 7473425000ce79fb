import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A run that tested nothing (an infrastructure error, no tests) inside a failure streak: what the channel was told
/// of tests outlives it, so each announced test is still said to recover, and a recovery never names nobody.
@Suite struct ErroredStreakNotificationTests {
    typealias F = NotifyFixtures
    private let a = "AppTests.CartTests/testTotal"
    private let b = "AppTests.CartTests/testDiscount"
    private let deviceMissing = InfrastructureError(message: "device missing")

    private func run(_ index: Int, failing: [String]) -> RunReport {
        let passing = [a, b].filter { !failing.contains($0) }.map { F.passing($0) }
        return F.report(index, tests: F.suite(failing: failing.map { F.failing($0) }) + passing)
    }

    private func errored(_ index: Int) -> RunReport {
        F.report(index, tests: [], errors: [deviceMissing])
    }

    private func decisions(
        _ reports: [RunReport], settings: NotifySettings = NotifySettings()
    ) -> [NotificationDecision] {
        var state = NotifyState()
        var result: [NotificationDecision] = []
        for (index, report) in reports.enumerated() {
            let history = F.history(Array(reports[..<index]))
            let decision = NotificationPolicy.decide(
                report: report, history: history, state: state, settings: settings, now: report.finishedAt)
            state = NotificationPolicy.nextState(
                after: decision, report: report, state: state, announced: true, now: report.finishedAt)
            result.append(decision)
        }
        return result
    }

    /// a and b announced; a fixed (said later); an errored run; b still fails; b fixed. a is said to recover.
    @Test func aFixedTestIsStillSaidToRecoverAfterAnErroredRun() throws {
        let runs = [
            run(0, failing: [a, b]), run(1, failing: [b]), errored(2), run(3, failing: [b]), run(4, failing: []),
        ]
        let result = decisions(runs)
        let said = result.compactMap(\.plan).flatMap(\.recovered)
        #expect(said.contains(a), "a was announced failing and never said to recover: \(said)")
        #expect(said.filter { $0 == a }.count == 1, "\(said)")
        // The error is the next message sent: it says a passes again, since run 1.
        let error = try #require(result[2].plan)
        #expect(error.kind == .infrastructure && error.recovered == [a])
        #expect(error.recoveredStreaks[a] == RecoveredStreak(since: F.runID(0), passedIn: F.runID(1)))
        #expect(result[4].plan?.kind == .recovery && result[4].plan?.recovered == [b])
    }

    /// a announced failing; an errored run; a passes. The recovery names a.
    @Test func anAnnouncedTestIsNamedInTheRecoveryAfterAnErroredRun() throws {
        let runs = [run(0, failing: [a]), errored(1), run(2, failing: [])]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, .infrastructure, .recovery])
        #expect(result.last?.plan?.recovered == [a], "\(String(describing: result.last?.plan?.recovered))")
        #expect(result.last?.plan?.failingSince == F.runID(0))
    }

    /// Two errored runs, then b fails alone: b's failure is news after the error, and a, which never ran again and
    /// never passed, stays announced until a run shows it passing.
    @Test func anAnnouncedTestThatDidNotRunStaysAnnouncedThroughErrorsAndFailures() throws {
        let onlyB = F.report(3, tests: F.suite(failing: [F.failing(b)]))
        let runs = [run(0, failing: [a, b]), errored(1), errored(2), onlyB, run(4, failing: [])]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, .infrastructure, nil, .failure, .recovery])
        #expect(result[3].plan?.recovered == [])
        let recovery = try #require(result[4].plan)
        #expect(recovery.recovered == [a, b].sorted())
        #expect(recovery.recoveredStreaks[a] == RecoveredStreak(since: F.runID(0)))
    }

    /// A passing run without a single test closes nothing: the recovery waits for a run that shows the tests pass.
    @Test func aPassingRunWithoutTestsClosesNothing() throws {
        let runs = [run(0, failing: [a]), F.report(1, tests: []), run(2, failing: [])]
        let result = decisions(runs)
        #expect(result.map { $0.plan?.kind } == [.failure, nil, .recovery])
        guard case .suppress(_, let reason) = result[1] else { throw CancellationError() }
        #expect(reason.contains("ran no tests"), "\(reason)")
        #expect(result[2].plan?.recovered == [a])

        // Asked for a message after every run, the run without tests still gets its own; the problem stays open.
        var always = NotifySettings()
        always.on = [.failure, .recovery, .always]
        let told = decisions(runs, settings: always)
        #expect(told.map { $0.plan?.kind } == [.failure, .always, .recovery])
        #expect(told[2].plan?.recovered == [a])
    }

    /// A cancelled run (interrupted, nothing recorded) between: the recovery still names a.
    @Test func anInterruptedRunForgetsNothing() throws {
        var interrupted = F.report(1, tests: [])
        interrupted.status = .interrupted
        let result = decisions([run(0, failing: [a]), interrupted, run(2, failing: [])])
        #expect(result.map { $0.plan?.kind } == [.failure, nil, .recovery])
        #expect(result[2].plan?.recovered == [a])
    }
}
