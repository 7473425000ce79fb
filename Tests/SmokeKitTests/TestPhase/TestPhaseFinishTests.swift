import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// What the test phase says when it joins its workers' lanes.
@Suite struct TestPhaseFinishTests {
    let ids = ["ShopTests.CartTests/testA", "ShopTests.CartTests/testB", "ShopTests.CartTests/testC"]

    /// Processes restarted for a test until the bound, and none reported it (its results carried another name): the
    /// run never drops it without a word, and cannot pass.
    @Test func aTestNoProcessReportedFailsTheRunNamingIt() {
        let plan = TestPhasePlan(
            selected: ids.map { TestCase(id: $0, framework: .xctest) },
            batches: [TestBatch(framework: .xctest, tests: ids.map { TestCase(id: $0, framework: .xctest) })])
        var lane = TestPhase.Lane()
        lane.tests = ids.prefix(2).map {
            TestResult(id: $0, name: "t", suite: "CartTests", framework: .xctest, status: .passed)
        }
        var result = DriverResult(device: ResolvedDevice(platform: "host"))
        TestPhase(retries: 0, runSeconds: 1800).finish(plan, lanes: [lane], into: &result)
        let error = result.errors.first
        #expect(error?.message.hasPrefix("1 test never reported a result") == true, "\(result.errors)")
        #expect(error?.details == ["ShopTests.CartTests/testC"])
        #expect(RunReport.status(of: result.tests, errors: result.errors) == .error)
    }
}
