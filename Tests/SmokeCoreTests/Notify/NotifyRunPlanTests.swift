import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `smokerun notify RUN` for a run that is not the newest: its message says what the runs before it showed, never
/// the failure open now (which may have begun after it).
@Suite struct NotifyRunPlanTests {
    typealias F = NotifyFixtures
    private let a = "AppTests.CartTests/testTotal"
    private let b = "AppTests.CartTests/testDiscount"

    private func run(_ index: Int, failing: [String]) -> RunReport {
        let passing = [a, b].filter { !failing.contains($0) }.map { F.passing($0) }
        return F.report(index, tests: F.suite(failing: failing.map { F.failing($0) }) + passing)
    }

    /// `plan` for `runs[index]` as `notify RUN` makes it, with `open` the problem announced now.
    private func plan(_ runs: [RunReport], _ index: Int, open: NotifyState.Announcement?) -> NotificationPlan {
        let report = runs[index]
        let history = F.history(Array(runs[..<index]))
        let state = NotifyState.planned(
            for: report, current: NotifyState(open: open), isNewest: index == runs.count - 1, window: history)
        return NotificationPolicy.plan(report: report, history: history, state: state)
    }

    private func announced(_ failing: [String], in run: Int) -> NotifyState.Announcement {
        NotifyState.Announcement(
            runID: F.runID(run), announcedAt: F.start(run), kind: .failure, failing: failing, errors: [],
            since: F.runID(run))
    }

    @Test func aPassingRunBeforeTheOpenFailureIsNoRecovery() {
        let runs = [run(0, failing: []), run(1, failing: [a])]
        let planned = plan(runs, 0, open: announced([a], in: 1))
        #expect(planned.kind == .always && planned.recovered.isEmpty)
        // Even when told it is the newest, a problem that began after the run is not its to recover from.
        let state = NotifyState.planned(
            for: runs[0], current: NotifyState(open: announced([a], in: 1)), isNewest: true, window: [])
        #expect(state.open == nil)
    }

    @Test func aPassingRunAfterAnEarlierFailureRecoversThatFailure() {
        let runs = [
            run(0, failing: []), run(1, failing: [a]), run(2, failing: [a]), run(3, failing: []), run(4, failing: [b]),
        ]
        let planned = plan(runs, 3, open: announced([b], in: 4))
        #expect(planned.kind == .recovery && planned.recovered == [a])
        #expect(planned.failingSince == F.runID(1) && planned.failingRuns == 2)
    }

    @Test func theNewestRunUsesWhatIsOpenNow() {
        let runs = [run(0, failing: [a]), run(1, failing: [])]
        let planned = plan(runs, 1, open: announced([a], in: 0))
        #expect(planned.kind == .recovery && planned.recovered == [a])
    }
}
