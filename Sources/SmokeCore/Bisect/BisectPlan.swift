/// The test processes of one bisect run: the chosen earlier tests and the test under study. Pure.
///
/// swift-corelibs-xctest runs the given ids in discovery order within a process, so the plan keeps the original
/// run's process boundaries and drops the tests not chosen; the test under study joins the last process when it
/// shared it originally, so static-state dependencies stay reproducible.
package enum BisectPlan {
    /// `executed` is the run's tests in the order they ran, the test under study last.
    package static func batches(executed: [TestCase], chosen: Set<String>, isolation: Isolation) -> [TestBatch] {
        guard let target = executed.last else { return [] }
        var batches: [TestBatch] = []
        // The process the previous executed test belonged to, as (framework, suite) under suite isolation.
        var previousKey: String?
        var previousBatchIsCurrent = false
        for test in executed {
            let key = isolation == .suite ? "\(test.framework.rawValue) \(test.suiteID)" : nil
            let sameProcess = key != nil && key == previousKey
            previousKey = key
            guard test == target || chosen.contains(test.id) else {
                if !sameProcess { previousBatchIsCurrent = false }
                continue
            }
            if sameProcess, previousBatchIsCurrent {
                batches[batches.count - 1].tests.append(test)
            } else {
                batches.append(TestBatch(framework: test.framework, tests: [test]))
                previousBatchIsCurrent = true
            }
        }
        return batches
    }
}
