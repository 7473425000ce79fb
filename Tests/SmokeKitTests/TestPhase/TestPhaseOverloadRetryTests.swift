import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// Swift Testing overloads share a listed name (`m(_:)`), so their first run runs both; a failing overload's retry
/// runs it alone, by its own id, and its attempt is matched by that id, not by the order the overloads start in.
@Suite struct TestPhaseOverloadRetryTests {
    static let (int, string) = ("ShopTests.Cart/m(_:)/Cart.swift:5:6", "ShopTests.Cart/m(_:)/Cart.swift:6:6")

    static func run(_ id: String, failing: Bool) -> [String] {
        let (symbol, verb) = failing ? ("fail", "failed") : ("pass", "passed")
        var records = [#"{"kind":"testStarted","testID":"\#(id)","messages":[]}"#]
        if failing {
            records.append(
                #"{"kind":"issueRecorded","testID":"\#(id)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed"}]}"#
            )
        }
        records.append(
            #"{"kind":"testEnded","testID":"\#(id)","messages":[{"symbol":"\#(symbol)","text":"Test m(_:) \#(verb) after 0.001 seconds."}]}"#
        )
        return records
    }

    @Test func aFailingOverloadIsRetriedAloneByItsOwnID() throws {
        let listed = [TestCase(id: "ShopTests.Cart/m(_:)", framework: .swiftTesting)]
        let plan = TestPhasePlan(selected: listed, batches: [TestBatch(framework: .swiftTesting, tests: listed)])
        let runStarted = #"{"kind":"runStarted","messages":[]}"#
        let both = [runStarted] + Self.run(Self.int, failing: false) + Self.run(Self.string, failing: true)
        let run = try TestPhaseLoopTests().run(
            [
                .init(steps: [.stream(both)], ending: .exit(1)),
                .init(steps: [.stream([runStarted] + Self.run(Self.string, failing: false))], ending: .exit(0)),
                // It failed after the other overload: run again after it (`OrderRecheck`), both by their own ids.
                .init(
                    steps: [
                        .stream(
                            [runStarted] + Self.run(Self.int, failing: false) + Self.run(Self.string, failing: false))
                    ],
                    ending: .exit(0)),
            ], retries: 1, plan: plan)

        let filters = run.launches.map { launch in
            launch.arguments.indices.filter { launch.arguments[$0] == "--filter" }.map { launch.arguments[$0 + 1] }
        }
        #expect(
            filters.prefix(2) == [[#"^ShopTests\.Cart\/m\(_:\)"#], [#"^ShopTests\.Cart\/m\(_:\)\/Cart\.swift:6:6$"#]])
        #expect(filters.last?.joined().contains(#"Cart\.swift:5:6"#) == true)
        #expect(filters.last?.joined().contains(#"Cart\.swift:6:6"#) == true)
        #expect(run.result.tests.map(\.id) == ["ShopTests.Cart/m(_:)", "ShopTests.Cart/m(_:)#2"])
        #expect(run.result.tests.map(\.status) == [.passed, .passed])
        #expect(run.result.tests.map(\.flaky) == [false, true])
        #expect(run.result.tests.last?.attempts.map(\.status) == [.failed, .passed, .passed])
        #expect(run.result.errors.isEmpty, "\(run.result.errors)")
    }

    /// The overload that crashed its process leaves the other one unrun: it runs in a new process by its own id and
    /// takes the next name, never dropped.
    @Test func anOverloadAfterOneThatCrashedRunsInANewProcess() throws {
        var listed = TestCase(id: "ShopTests.Cart/m(_:)", framework: .swiftTesting)
        listed.overloadIDs = [Self.int, Self.string]
        let plan = TestPhasePlan(selected: [listed], batches: [TestBatch(framework: .swiftTesting, tests: [listed])])
        let runStarted = #"{"kind":"runStarted","messages":[]}"#
        let started = #"{"kind":"testStarted","testID":"\#(Self.int)","messages":[]}"#
        let run = try TestPhaseLoopTests().run(
            [
                .init(steps: [.stream([runStarted, started])], ending: .crash(SIGILL)),
                .init(steps: [.stream([runStarted] + Self.run(Self.string, failing: true))], ending: .exit(1)),
            ], plan: plan)

        let filters = run.launches.map { launch in
            launch.arguments.indices.filter { launch.arguments[$0] == "--filter" }.map { launch.arguments[$0 + 1] }
        }
        #expect(filters == [[#"^ShopTests\.Cart\/m\(_:\)"#], [#"^ShopTests\.Cart\/m\(_:\)\/Cart\.swift:6:6$"#]])
        #expect(run.result.tests.map(\.id) == ["ShopTests.Cart/m(_:)", "ShopTests.Cart/m(_:)#2"])
        #expect(run.result.tests.map(\.status) == [.crashed, .failed])
    }
}
