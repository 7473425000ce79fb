import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// Activity rows as the bundle database holds them, built by hand: order, failure marks, attachments,
/// the run chosen, and corrupt trees (a loop of parents, a very deep chain) that must end.
@Suite struct XCResultDatabaseActivityReaderTests {
    private func row(
        _ id: Int, run: Int? = nil, parent: Int? = nil, order: Int, title: String, type: String = "internal",
        start: Double = 0
    ) -> XCResultDatabaseRow {
        var values: [String: XCResultDatabaseValue] = [
            "rowid": .integer(Int64(id)), "orderInParent": .integer(Int64(order)), "title": .text(title),
            "activityType": .text(
                type == "failure"
                    ? XCResultDatabaseActivityReader.failureType : "com.apple.dt.xctest.activity-type.\(type)"),
            "startTime": .real(start),
        ]
        if let run { values["testCaseRun_fk"] = .integer(Int64(run)) }
        if let parent { values["parent_fk"] = .integer(Int64(parent)) }
        return XCResultDatabaseRow(values)
    }

    @Test func stepsFollowOrderInParentAndEndAtTheAssertionFailureWithTheirAttachments() throws {
        let snapshot = XCResultDatabaseSnapshot(tables: [
            "Activities": [
                row(3, run: 7, order: 2, title: "Assertion Failure at UITests.swift:52", type: "failure", start: 3),
                row(1, run: 7, order: 0, title: "Set Up", start: 1),
                row(2, run: 7, order: 1, title: "Tap \"Pay\"", type: "userCreated", start: 2),
                row(4, parent: 2, order: 0, title: "Wait for idle", start: 2.5),
                row(5, run: 7, order: 3, title: "Tear Down", start: 4),
                row(6, run: 8, order: 0, title: "Passing run's step"),
            ],
            "Attachments": [
                XCResultDatabaseRow([
                    "name": .text("Screen"), "activity_fk": .integer(2), "lifetime": .text("keepAlways"),
                    "timestamp": .real(2.6),
                ]),
                XCResultDatabaseRow([
                    "name": .text("UI snapshot"), "activity_fk": .integer(2), "lifetime": .text("keepNever"),
                ]),
            ],
        ])
        let timelines = XCResultDatabaseActivityReader.timelines(
            snapshot, testIDByRun: [7: "M.T/testPay", 8: "M.T/testOther"], failing: ["M.T/testPay"])
        #expect(Array(timelines.keys) == ["M.T/testPay"], "a passing test gets no timeline")
        let steps = try #require(timelines["M.T/testPay"])
        #expect(
            steps.map(\.title) == ["Set Up", "Tap \"Pay\"", "Wait for idle", "Assertion Failure at UITests.swift:52"])
        #expect(steps.map(\.depth) == [0, 0, 1, 0])
        #expect(steps.map(\.failed) == [false, false, false, true])
        #expect(steps[1].attachments == ["Screen"])
        #expect(steps[0].startedAt == Date(timeIntervalSinceReferenceDate: 1))
    }

    @Test func aRepeatedTestShowsTheRunThatFailedAndALoopOfParentsIsIgnored() throws {
        let snapshot = XCResultDatabaseSnapshot(tables: [
            "Activities": [
                row(1, run: 1, order: 0, title: "first run", type: "failure"),
                row(2, run: 2, order: 0, title: "retry that passed"),
                // A corrupt tree: 3 and 4 are each other's parent, reachable from no top-level step.
                row(3, run: 1, parent: 4, order: 1, title: "loop a"),
                row(4, parent: 3, order: 0, title: "loop b"),
            ]
        ])
        let steps = try #require(
            XCResultDatabaseActivityReader.timelines(
                snapshot, testIDByRun: [1: "M.T/t", 2: "M.T/t"], failing: ["M.T/t"])["M.T/t"])
        #expect(steps.first?.title == "first run" && steps.first?.failed == true)
        #expect(steps.count == 1, "the failing step ends the timeline: \(steps.map(\.title))")
    }

    @Test func aVeryDeepChainIsCutAtTheDepthBound() throws {
        let count = 5_000
        let rows =
            [row(1, run: 1, order: 0, title: "top")]
            + (2...count).map { row($0, parent: $0 - 1, order: 0, title: "level \($0)") }
        let steps = try #require(
            XCResultDatabaseActivityReader.timelines(
                XCResultDatabaseSnapshot(tables: ["Activities": rows]), testIDByRun: [1: "M.T/t"], failing: ["M.T/t"])[
                    "M.T/t"])
        #expect(steps.count == ActivityTimeline.limit)
        #expect(steps.last?.depth == XCResultDatabaseActivityReader.maxDepth)
    }
}
