import Testing

@testable import SmokeCore

@Suite struct TestOrderingTests {
    let tests: [TestCase] = [
        TestCase(id: "M.A/test1", framework: .xctest), TestCase(id: "M.A/test2", framework: .xctest),
        TestCase(id: "M.B/test1", framework: .xctest), TestCase(id: "M.C/test1", framework: .xctest),
        TestCase(id: "M.S/one()", framework: .swiftTesting), TestCase(id: "M.S/two()", framework: .swiftTesting),
    ]

    @Test func suiteIsolationGroupsBySuiteAndFramework() {
        let batches = TestOrdering.batches(tests, mode: .declared, isolation: .suite, seed: nil)
        #expect(
            batches.map { $0.tests.map(\.id) } == [
                ["M.A/test1", "M.A/test2"], ["M.B/test1"], ["M.C/test1"], ["M.S/one()", "M.S/two()"],
            ])
        #expect(batches.last?.framework == .swiftTesting)
    }

    @Test func testIsolationRunsEachTestAlone() {
        let batches = TestOrdering.batches(tests, mode: .declared, isolation: .test, seed: nil)
        #expect(batches.count == tests.count)
        #expect(batches.allSatisfy { $0.tests.count == 1 })
    }

    @Test func randomOrderIsReplayableFromTheSeed() {
        let first = TestOrdering.batches(tests, mode: .random, isolation: .test, seed: 99)
        let again = TestOrdering.batches(tests, mode: .random, isolation: .test, seed: 99)
        #expect(first == again)
        let orders = Set(
            (0..<20).map { seed in
                TestOrdering.batches(tests, mode: .random, isolation: .test, seed: UInt64(seed)).map { $0.tests[0].id }
            })
        #expect(orders.count > 5, "twenty seeds should give many different orders")
        #expect(Set(first.flatMap { $0.tests }) == Set(tests))
    }

    @Test func filterAndSkipAreRegexesOverIDs() {
        let selected = TestOrdering.select(tests, filter: ["M\\.A", "two"], skip: ["test2"])
        #expect(selected.map(\.id) == ["M.A/test1", "M.S/two()"])
    }
}
