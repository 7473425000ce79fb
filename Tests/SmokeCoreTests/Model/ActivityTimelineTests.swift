import Foundation
import Testing

@testable import SmokeCore

/// The failing test's activity steps, cut to what led to the failure.
@Suite struct ActivityTimelineTests {
    typealias Node = ActivityTimeline.Node

    @Test func stepsRunDepthFirstAndEndWithTheFailingStepsSubtree() throws {
        let nodes = [
            Node(title: "Set Up"),
            Node(
                title: "Check rounding", failed: true, attachments: ["Tip screen"],
                children: [
                    Node(title: "Compute tip", children: [Node(title: "Read field")])
                ]),
            Node(title: "Tear Down"),
        ]
        let steps = try #require(ActivityTimeline.steps(nodes))
        #expect(steps.map(\.title) == ["Set Up", "Check rounding", "Compute tip", "Read field"])
        #expect(steps.map(\.depth) == [0, 0, 1, 2])
        #expect(steps.map(\.failed) == [false, true, false, false])
        #expect(steps[1].attachments == ["Tip screen"])
    }

    @Test func onlyTheLastStepsBeforeTheFailureAreKept() throws {
        let nodes = (1...50).map { Node(title: "step \($0)", failed: $0 == 30) }
        let steps = try #require(ActivityTimeline.steps(nodes))
        #expect(steps.count == ActivityTimeline.limit)
        #expect(steps.first?.title == "step 11" && steps.last?.title == "step 30")
    }

    @Test func withoutAFailingStepTheLastStepsAreKeptAndWithoutStepsThereIsNoTimeline() throws {
        let steps = try #require(ActivityTimeline.steps((1...3).map { Node(title: "s\($0)") }, limit: 2))
        #expect(steps.map(\.title) == ["s2", "s3"])
        #expect(ActivityTimeline.steps([]) == nil)
    }

    @Test func xcresulttoolActivitiesGiveTheFailingRunsTimelineWithStepAttachments() throws {
        let json = #"""
            {"testIdentifier": "T/testA()", "testRuns": [
              {"activities": [{"title": "passing run", "startTime": 1795147240.0}]},
              {"activities": [
                {"title": "Start Test", "startTime": 1795147245.301},
                {"title": "Check <rounding>", "startTime": 1795147245.304, "isAssociatedWithFailure": true,
                 "attachments": [{"name": "Tip screen before input", "uuid": "9D8C7B6A-5F4E-4D3C-8B2A-1F0E9D8C7B6A", "timestamp": 1795147245.303}],
                 "childActivities": [{"title": "Compute tip", "startTime": 1795147245.305}]},
                {"title": "Tear Down", "startTime": 1795147245.32}
              ]}
            ]}
            """#
        let activities = try JSONDecoder().decode(XCResultToolActivities.self, from: Data(json.utf8))
        let steps = try #require(activities.timeline)
        #expect(steps.map(\.title) == ["Start Test", "Check <rounding>", "Compute tip"])
        #expect(steps[1].failed && steps[1].attachments == ["Tip screen before input"])
        #expect(steps[0].startedAt == Date(timeIntervalSince1970: 1795147245.301))
    }
}
