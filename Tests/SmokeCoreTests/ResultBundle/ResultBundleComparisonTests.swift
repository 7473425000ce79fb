import Testing

@testable import SmokeCore

@Suite struct ResultBundleComparisonTests {
    private func contents(_ tests: [TestResult]) -> ResultBundleContents {
        var contents = ResultBundleContents()
        contents.tests = tests
        return contents
    }

    private func test(
        _ id: String, _ status: TestStatus = .passed, duration: Double = 1, failures: [String] = [], attempts: Int = 0
    ) -> TestResult {
        TestResult(
            id: id, name: id, suite: "S", framework: .xctest, status: status, durationSeconds: duration,
            failures: failures.map { TestFailure(message: $0) },
            attempts: Array(repeating: TestAttempt(status: status, durationSeconds: duration), count: attempts))
    }

    @Test func identicalReadingsHaveNoDifferences() {
        let tests = [test("A", .failed, failures: ["x", "y"]), test("B", attempts: 2)]
        #expect(
            ResultBundleComparison.differences(database: contents(tests), xcresulttool: contents(tests.reversed()))
                .isEmpty)
    }

    @Test func everyKindOfDifferenceIsOneLine() {
        let database = contents([
            test("A", .failed, failures: ["x"]), test("B", duration: 1.0), test("C", attempts: 2), test("D"),
        ])
        let tool = contents([
            test("A", .failed, failures: ["y"]), test("B", duration: 2.0), test("C", .failed, attempts: 3), test("E"),
        ])
        #expect(
            ResultBundleComparison.differences(database: database, xcresulttool: tool) == [
                "D: only in the database reading",
                "E: only in the xcresulttool reading",
                "A: failure messages [\"x\"] in the database, [\"y\"] from xcresulttool",
                "B: duration 1.0s in the database, 2.0s from xcresulttool",
                "C: status passed in the database, failed from xcresulttool",
                "C: 2 attempts in the database, 3 from xcresulttool",
            ])
    }

    @Test(arguments: [(1.0, 1.04, true), (0.001, 0.009, true), (1.0, 1.2, false), (0, 0.02, false)])
    func durationsAgreeWithinTheTolerance(first: Double, second: Double, agree: Bool) {
        #expect(ResultBundleComparison.durationsAgree(first, second) == agree)
    }
}
