import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct BisectPlanTests {
    static func xctest(_ id: String) -> TestCase { TestCase(id: id, framework: .xctest) }
    static let executed = ["M.A/a1", "M.A/a2", "M.B/b1", "M.C/c1", "M.C/c2", "M.C/target"].map(xctest)

    @Test func suiteIsolationKeepsTheRunsProcessBoundaries() {
        let batches = BisectPlan.batches(
            executed: Self.executed, chosen: ["M.A/a1", "M.A/a2", "M.B/b1", "M.C/c1"], isolation: .suite)
        #expect(batches.map { $0.tests.map(\.id) } == [["M.A/a1", "M.A/a2"], ["M.B/b1"], ["M.C/c1", "M.C/target"]])
    }

    @Test func theTargetRunsInTheProcessItSharedWhenItsSuiteMatesAreChosen() {
        let batches = BisectPlan.batches(executed: Self.executed, chosen: ["M.C/c2"], isolation: .suite)
        #expect(batches.map { $0.tests.map(\.id) } == [["M.C/c2", "M.C/target"]])
    }

    @Test func aloneTheTargetRunsInAProcessOfItsOwn() {
        let batches = BisectPlan.batches(executed: Self.executed, chosen: [], isolation: .suite)
        #expect(batches.map { $0.tests.map(\.id) } == [["M.C/target"]])
    }

    @Test func testIsolationRunsEveryTestInItsOwnProcess() {
        let batches = BisectPlan.batches(executed: Self.executed, chosen: ["M.A/a1", "M.C/c2"], isolation: .test)
        #expect(batches.map { $0.tests.map(\.id) } == [["M.A/a1"], ["M.C/c2"], ["M.C/target"]])
    }

    @Test func frameworksNeverShareAProcess() {
        let executed = [Self.xctest("M.S/a"), TestCase(id: "M.S/b()", framework: .swiftTesting)]
        let batches = BisectPlan.batches(executed: executed, chosen: ["M.S/a"], isolation: .suite)
        #expect(batches.map(\.framework) == [.xctest, .swiftTesting])
    }

    @Test func theTargetIsFoundByItsWholeIdOrItsUniqueEnd() throws {
        let report = ReportFixture.report
        let last = try #require(report.tests.last)
        let byID = try BisectTarget.find(last.id, in: report, runName: "r")
        #expect(byID.test.id == last.id)
        #expect(byID.candidates == report.tests.dropLast().map(\.id))
        let byEnd = try BisectTarget.find("\(last.suite)/\(last.name)", in: report, runName: "r")
        #expect(byEnd == byID)
    }

    @Test func anUnknownTestIsAnInputErrorWithSuggestions() {
        #expect(throws: BisectError.self) {
            try BisectTarget.find("Nope/testNothing", in: ReportFixture.report, runName: "r")
        }
    }
}
