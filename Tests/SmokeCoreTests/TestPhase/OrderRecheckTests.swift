import Testing

@testable import SmokeCore

/// A test that failed after other tests of its process and passed alone is run again after them before it is called
/// flaky; failing there, it stays failing and says what it failed after.
@Suite struct OrderRecheckTests {
    static let earlier = [TestCase(id: "Ord.EchoSuite/one()", framework: .swiftTesting)]
    static let test = TestCase(id: "Ord.EchoSuite/two()", framework: .swiftTesting)

    static func result(_ status: TestStatus, failedByItsSuite: Bool = false) -> TestResult {
        var result = TestResult(
            id: test.id, name: "two()", suite: "EchoSuite", framework: .swiftTesting, status: status,
            failures: status == .passed ? [] : [TestFailure(message: "the flag is set", file: "E.swift", line: 14)])
        result.evidence = status == .passed ? nil : Evidence(what: "issue")
        result.failedByItsSuite = failedByItsSuite
        return result
    }

    @Test func aTestThatFailedAfterOthersAndPassedAloneRunsAgainAfterThemInTheirOrder() {
        let batch = OrderRecheck.batch(
            for: Self.result(.failed), test: Self.test, earlier: Self.earlier, retries: [Self.result(.passed)])
        #expect(batch == TestBatch(framework: .swiftTesting, tests: Self.earlier + [Self.test]))
    }

    @Test(arguments: [
        (TestStatus.failed, [TestCase](), TestStatus.passed, false), // first in its process
        (.crashed, earlier, .passed, false), // a crash keeps its retry alone
        (.timedOut, earlier, .passed, false),
        (.failed, earlier, .failed, false), // failed alone too: broken, not order-dependent
        (.failed, earlier, .passed, true), // its suite failed it before it ran
    ])
    func theRetryAloneDecidesWhen(
        first: TestStatus, earlier: [TestCase], retry: TestStatus, failedByItsSuite: Bool
    ) {
        let first = Self.result(first, failedByItsSuite: failedByItsSuite)
        #expect(OrderRecheck.batch(for: first, test: Self.test, earlier: earlier, retries: [Self.result(retry)]) == nil)
    }

    @Test func failingAgainAfterThemKeepsItFailingNotFlakyAndSaysWhatItFailedAfter() {
        let merged = OrderRecheck.merge(
            first: Self.result(.failed), retries: [Self.result(.passed)], recheck: Self.result(.failed),
            after: Self.earlier)
        #expect(merged.status == .failed && !merged.flaky)
        #expect(merged.attempts.map(\.status) == [.failed, .passed, .failed])
        #expect(merged.orderDependence == OrderDependence(after: ["Ord.EchoSuite/one()"]))
        #expect(merged.failures.first?.message == "the flag is set")
    }

    @Test func passingAfterThemTooIsFlaky() {
        let merged = OrderRecheck.merge(
            first: Self.result(.failed), retries: [Self.result(.passed)], recheck: Self.result(.passed),
            after: Self.earlier)
        #expect(merged.status == .passed && merged.flaky && merged.orderDependence == nil)
        #expect(merged.attempts.map(\.status) == [.failed, .passed, .passed])
    }

    @Test func aRecheckThatNeverReachedTheTestLeavesTheRetriesToDecide() {
        let merged = OrderRecheck.merge(
            first: Self.result(.failed), retries: [Self.result(.passed)], recheck: nil, after: Self.earlier)
        #expect(merged.status == .passed && merged.flaky && merged.orderDependence == nil)
        #expect(merged.attempts.map(\.status) == [.failed, .passed])
    }

    @Test func theWordingNamesTheCountAndTheBisectCommandQuotedForAShell() {
        let order = OrderDependence(after: ["Ord.EchoSuite/one()"])
        let text = order.text(testID: "Ord.EchoSuite/two()", runID: "20261122T040000Z-3f9a") { "`\($0)`" }
        #expect(
            text == """
                passes alone but fails after the 1 test that ran before it in its process (run again after them, it \
                failed again): order-dependent, not flaky; `smokerun bisect 20261122T040000Z-3f9a \
                'Ord.EchoSuite/two()'` names the test it depends on
                """)
    }
}
