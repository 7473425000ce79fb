import SmokeCore

/// Where a test run sits in the bundle's run order: suite and test-case runs of one parent share one order
/// sequence, so the path of orders from the plan run down, compared lexicographically, is the execution order.
struct XCResultDatabaseRunOrder {
    private let suiteRuns: XCResultDatabaseIndex
    private let testableRuns: XCResultDatabaseIndex
    /// `TestPlanRuns.rowid` → ordinal by (`orderInAction`, rowid).
    private let planRunOrdinal: [Int: Int]
    let configurationNames: [Int: String]

    init(_ snapshot: XCResultDatabaseSnapshot) {
        suiteRuns = XCResultDatabaseIndex(snapshot.rows("TestSuiteRuns"))
        testableRuns = XCResultDatabaseIndex(snapshot.rows("TestableRuns"))
        let planRuns = snapshot.rows("TestPlanRuns").sorted {
            ($0.int("orderInAction") ?? 0, $0.int("rowid") ?? 0) < ($1.int("orderInAction") ?? 0, $1.int("rowid") ?? 0)
        }
        let configurations = XCResultDatabaseIndex(snapshot.rows("TestPlanConfigurations"))
        var ordinals: [Int: Int] = [:]
        var names: [Int: String] = [:]
        for (ordinal, run) in planRuns.enumerated() {
            if let id = run.int("rowid") { ordinals[id] = ordinal }
            names[ordinal] = configurations[run.int("configuration_fk")]?.text("name")
        }
        planRunOrdinal = ordinals
        configurationNames = names
    }

    /// The test-plan run (configuration) ordinal a test-case run belongs to; 0 when unknown.
    func planRun(of run: XCResultDatabaseRow) -> Int {
        let root = suiteRuns.chain(from: run.int("testSuiteRun_fk"), via: "parentSuiteRun_fk").last
        let testableRun = testableRuns[root?.int("testableRun_fk")]
        return testableRun?.int("testPlanRun_fk").flatMap { planRunOrdinal[$0] } ?? 0
    }

    func key(of run: XCResultDatabaseRow) -> [Int] {
        let chain = suiteRuns.chain(from: run.int("testSuiteRun_fk"), via: "parentSuiteRun_fk")
        let testableRun = testableRuns[chain.last?.int("testableRun_fk")]
        return [planRun(of: run), testableRun?.int("orderInTestPlanRun") ?? 0]
            + chain.reversed().map { $0.int("orderInParent") ?? 0 }
            + [run.int("orderInTestSuiteRun") ?? 0, run.int("rowid") ?? 0]
    }
}
