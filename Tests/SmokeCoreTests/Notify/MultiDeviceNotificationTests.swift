import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A run pinning two devices: the policy tells a test's devices apart, and the bodies say
/// which device a failure happened on.
@Suite struct MultiDeviceNotificationTests {
    typealias F = NotifyFixtures

    private let login = "AppTests.LoginTests/testLogin"
    private let small = "iPhone SE (3rd generation)"
    private let large = "iPhone 15 Pro Max"

    private func on(_ device: String, _ test: TestResult) -> TestResult {
        var test = test
        test.device = device
        return test
    }

    /// The same test on both devices: failing on `failingOn`, passing on the others.
    private func run(_ index: Int, failingOn: [String]) -> RunReport {
        let tests = [small, large].map { device in
            failingOn.contains(device) ? on(device, F.failing(login)) : on(device, F.passing(login))
        }
        return F.report(index, tests: tests)
    }

    private func decide(_ reports: [RunReport]) -> [NotificationDecision] {
        var state = NotifyState()
        var decisions: [NotificationDecision] = []
        for (index, report) in reports.enumerated() {
            let decision = NotificationPolicy.decide(
                report: report, history: F.history(Array(reports[..<index])), state: state, settings: NotifySettings(),
                now: report.finishedAt)
            state = NotificationPolicy.nextState(
                after: decision, report: report, state: state, announced: true, now: report.finishedAt)
            decisions.append(decision)
        }
        return decisions
    }

    @Test func aFailureMovingFromTheSmallToTheLargeDeviceIsNewsAndNew() throws {
        let decisions = decide([run(0, failingOn: [small]), run(1, failingOn: [large])])
        let second = try #require(
            decisions[1].plan, "the large device's failure is a different problem: \(decisions[1])")
        #expect(second.kind == .failure)
        #expect(second.ages == ["\(login) [\(large)]": .new])
    }

    @Test func theSameDeviceFailingAgainStaysQuietAndAgesPerDevice() throws {
        let runs = [run(0, failingOn: [small]), run(1, failingOn: [small])]
        let decisions = decide(runs)
        #expect(decisions[1].plan == nil)
        let ages = NotificationPolicy.failureAges(of: runs[1], history: F.history([runs[0]]))
        #expect(ages == ["\(login) [\(small)]": .stillFailing(since: runs[0].runID, runs: 2)])
    }

    @Test func aSecondDeviceStartingToFailIsAnnouncedWithOnlyItNew() throws {
        let runs = [run(0, failingOn: [small]), run(1, failingOn: [small, large])]
        let plan = try #require(decide(runs)[1].plan)
        #expect(plan.newCount == 1)
        #expect(plan.ages["\(login) [\(large)]"] == .new)
        #expect(plan.ages["\(login) [\(small)]"] == .stillFailing(since: runs[0].runID, runs: 2))
    }

    @Test func aSingleDeviceRunKeepsKeyingByIdSoOldStateAndHistoryStillMatch() {
        let report = F.report(1, tests: [F.failing(login)])
        let ages = NotificationPolicy.failureAges(
            of: report, history: F.history([F.report(0, tests: [F.failing(login)])]))
        #expect(Array(ages.keys) == [login])
    }

    @Test func theSlackBodyNamesTheDeviceOfEachListedFailure() throws {
        let report = run(0, failingOn: [large])
        let plan = NotificationPolicy.plan(report: report, history: [], state: NotifyState())
        let body = try #require(
            String(data: SlackMessage.body(report: report, plan: plan, links: ArtifactLinks()), encoding: .utf8))
        #expect(body.contains("testLogin`* on _\(large)_ · *NEW*"), "\(body)")
        #expect(!body.contains("on _\(small)_"))
        #expect(body.contains("*Devices*\\n\(small), \(large)"), "the header names both devices, not only the first")
    }

    @Test func theJSONBodyCarriesTheDeviceOnlyWhenTheRunHasSeveral() throws {
        let report = run(0, failingOn: [small])
        let plan = NotificationPolicy.plan(report: report, history: [], state: NotifyState())
        let notification = JSONNotification(report: report, plan: plan, links: ArtifactLinks())
        #expect(notification.failures.map(\.device) == [small])
        #expect(notification.failures.first?.new == true)

        let single = F.report(0, tests: [F.failing(login)])
        let body = JSONNotification.body(
            report: single, plan: NotificationPolicy.plan(report: single, history: [], state: NotifyState()),
            links: ArtifactLinks())
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let failure = try #require((object["failures"] as? [[String: Any]])?.first)
        #expect(failure["device"] == nil, "a single-device body keeps its shape")
    }
}
