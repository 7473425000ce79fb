/// The test processes of one bisect run: the chosen earlier tests and the test under study, in the
/// sequence of processes the original run used. Pure.
///
/// swift-corelibs-xctest runs the ids it is given in *discovery* order within one process, whatever
/// order they are listed in, so a process cannot be told to run A before B when B is discovered first.
/// The plan therefore never reorders within a process: it keeps the original run's process boundaries
/// (with `suite` isolation, consecutive tests of one suite and framework shared a process; with `test`,
/// each test had its own) and drops the tests not chosen. The test under study joins the last process
/// when it shared that process in the original run, so "same process" dependencies (static state) stay
/// reproducible, and cross-process ones (files left behind) do too.
package enum BisectPlan {
    /// - Parameters:
    ///   - executed: the run's tests in the order they ran, the test under study last.
    ///   - chosen: ids of the earlier tests to run this time.
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
