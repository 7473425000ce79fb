import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// An issue Swift Testing records outside the tests (a task that outlived its test, a suite's scoping trait after its
/// tests ran) makes the process exit 1 while every test passed: the run fails on that issue, named with its message
/// and place, as `parse` of the same stream says; never an error about code outside the tests, never counted twice
/// when a retry repeats it.
@Suite struct TestPhaseIssueOutsideTestsTests {
    static let id = "ShopTests.Cart/adds()/Cart.swift:5:6"
    static let records = [
        #"{"kind":"runStarted","messages":[]}"#,
        #"{"kind":"testStarted","testID":"\#(id)","messages":[]}"#,
        #"{"kind":"testEnded","testID":"\#(id)","messages":[{"symbol":"pass","text":"Test adds() passed after 0.001 seconds."}]}"#,
        #"{"kind":"issueRecorded","issue":{"isKnown":false,"severity":"error","sourceLocation":{"fileID":"ShopTests/Cart.swift","line":8,"column":19}},"messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"late warning from a detached task"}]}"#,
        #"{"kind":"runEnded","messages":[]}"#,
    ]

    @Test func anIssueOutsideTheTestsFailsTheRunWithItsMessage() throws {
        let listed = [TestCase(id: "ShopTests.Cart/adds()", framework: .swiftTesting)]
        let plan = TestPhasePlan(selected: listed, batches: [TestBatch(framework: .swiftTesting, tests: listed)])
        let run = try TestPhaseLoopTests().run(
            [.init(steps: [.stream(Self.records)], ending: .exit(1))], plan: plan)

        #expect(run.result.tests.map(\.status) == [.passed])
        #expect(run.result.errors.isEmpty, "\(run.result.errors.map(\.message))")
        let issue = try #require(run.result.issuesOutsideTests.first)
        #expect(run.result.issuesOutsideTests.count == 1)
        #expect(issue.kind == .issueOutsideTests)
        #expect(issue.line == 4)
        #expect(issue.source.hasPrefix("events/") && issue.source.hasSuffix(".jsonl"), "\(issue.source)")
        #expect(issue.text.contains("late warning from a detached task"))
        #expect(issue.text.contains("Cart.swift:8"))
    }
}
