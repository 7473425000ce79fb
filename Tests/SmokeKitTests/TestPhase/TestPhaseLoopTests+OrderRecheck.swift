import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A test that fails after an earlier test of its process (static state) passes on a retry alone, where that test
/// never ran: before it is called flaky it runs once more after the tests that ran before it, in one new process.
extension TestPhaseLoopTests {
    static func failed(_ name: String) -> String {
        """
        /src/Tests/ShopTests/CartTests.swift:14: error: CartTests.\(name) : XCTAssertNil failed: "primed"
        Test Case 'CartTests.\(name)' failed (0.002 seconds)

        """
    }

    /// testB fails in the run after testA, then passes alone on its retry.
    static var failsAfterTestAPassesAlone: [ScriptedProcessRunner.Script] {
        [
            process(
                started("testA") + passed("testA") + started("testB") + failed("testB") + started("testC")
                    + passed("testC")),
            process(started("testB") + passed("testB")),
        ]
    }

    static func process(_ lines: String) -> ScriptedProcessRunner.Script {
        .init(steps: [.print(lines)], ending: .exit(lines.contains(" failed (") ? 1 : 0))
    }

    @Test func aTestFailingAfterAnEarlierTestAndPassingAloneStaysFailedWhenItFailsAfterItAgain() throws {
        let run = try run(
            Self.failsAfterTestAPassesAlone + [
                Self.process(
                    Self.started("testA") + Self.passed("testA") + Self.started("testB") + Self.failed("testB"))
            ], retries: 1)
        #expect(run.requested == [Self.ids, [Self.ids[1]], [Self.ids[0], Self.ids[1]]])
        let test = try run.test("testB")
        #expect(test.status == .failed && !test.flaky)
        #expect(test.attempts.map(\.status) == [.failed, .passed, .failed])
        #expect(test.orderDependence == OrderDependence(after: [Self.ids[0]]))
        // testA's run in the recheck is no attempt and no result: the tests stay three, testA passed once.
        #expect(run.result.tests.map(\.id) == Self.ids)
        #expect(try run.test("testA").attempts.isEmpty)
        #expect(run.result.earlierTestsRechecked.map(\.id) == [Self.ids[0]])
        #expect(RunReport.status(of: run.result.tests, errors: run.result.errors) == .failed)
    }

    @Test func aTestThatPassesAfterTheEarlierTestsToIsFlaky() throws {
        let run = try run(
            Self.failsAfterTestAPassesAlone + [
                Self.process(
                    Self.started("testA") + Self.passed("testA") + Self.started("testB") + Self.passed("testB"))
            ], retries: 1)
        #expect(run.requested.count == 3)
        let test = try run.test("testB")
        #expect(test.status == .passed && test.flaky && test.orderDependence == nil)
        #expect(test.attempts.map(\.status) == [.failed, .passed, .passed])
    }

    @Test func aTestThatFailedFirstInItsProcessKeepsItsRetryAlone() throws {
        let run = try run(
            [
                Self.process(
                    Self.started("testA") + Self.failed("testA") + Self.started("testB") + Self.passed("testB")
                        + Self.started("testC") + Self.passed("testC")),
                Self.process(Self.started("testA") + Self.passed("testA")),
            ], retries: 1)
        #expect(run.requested == [Self.ids, [Self.ids[0]]])
        let test = try run.test("testA")
        #expect(test.status == .passed && test.flaky && test.orderDependence == nil)
    }

    /// After a crash the rest run in a new process: what ran before a test there is what came before it in that one.
    @Test func theEarlierTestsAreThoseOfItsOwnProcess() throws {
        let run = try run(
            [
                .init(
                    steps: [.print(Self.started("testA") + Self.passed("testA") + Self.started("testB") + Self.crash)],
                    ending: .crash(SIGILL)),
                Self.process(Self.started("testC") + Self.failed("testC")),
                Self.process(Self.started("testB") + Self.passed("testB")),
                Self.process(Self.started("testC") + Self.passed("testC")),
            ], retries: 1)
        // testB crashed: retried alone only; testC failed first in its process: retried alone only.
        #expect(run.requested == [Self.ids, [Self.ids[2]], [Self.ids[1]], [Self.ids[2]]])
        #expect(try run.test("testB").flaky && run.test("testC").flaky)
    }
}
