import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A Swift Testing process whose event stream stayed empty (a full disk, a folder it could not write) while its
/// console showed every test end: the console is the record, never "crashed" or "the runner did not run them".
@Suite struct EmptyEventStreamTests {
    @Test func theConsoleStandsInForAStreamThatStayedEmpty() throws {
        let listed = ["ShopTests.Cart/ok()", "ShopTests.Cart/bad()"].map { TestCase(id: $0, framework: .swiftTesting) }
        let plan = TestPhasePlan(selected: listed, batches: [TestBatch(framework: .swiftTesting, tests: listed)])
        let console = """
            ◇ Test run started.
            ↳ Testing Library Version: 6.3.1
            ◇ Suite Cart started.
            ◇ Test ok() started.
            ✔ Test ok() passed after 0.001 seconds.
            ◇ Test bad() started.
            ✘ Test bad() recorded an issue at Cart.swift:5:6: Expectation failed: 1 == 2
            ✘ Test bad() failed after 0.001 seconds with 1 issue.
            ✘ Suite Cart failed after 0.002 seconds with 1 issue.
            ✘ Test run with 2 tests in 1 suite failed after 0.002 seconds with 1 issue.

            """
        let run = try TestPhaseLoopTests().run([.init(steps: [.print(console)], ending: .exit(1))], plan: plan)
        #expect(run.result.tests.map(\.id) == listed.map(\.id))
        #expect(run.result.tests.map(\.status) == [.passed, .failed])
        #expect(run.result.tests.last?.failures.first?.message == "Expectation failed: 1 == 2")
        let warning = try #require(run.result.errors.first { $0.message.contains("stayed empty") })
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("the Swift Testing event stream events/process-1.jsonl stayed empty"))
    }
}
