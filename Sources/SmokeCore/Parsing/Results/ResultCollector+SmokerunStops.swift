import Foundation

/// How the tests smokerun stopped (a timeout, a signal to smokerun) ended: by its own console.log line when parsed, by
/// the stop it made when it ran them.
extension ResultCollector {
    /// The running test's row, for restating it once its process is stopped (`restateStopped`).
    package var runningIndex: Int? { running.last }

    /// smokerun's console.log line that it stopped the running tests, or that their process ended: how they ended. A
    /// crash its output printed before stays that crash's.
    mutating func noteStopBySmokerun(_ status: TestStatus, _ reason: String) {
        guard !running.isEmpty else {
            // The test it names ended with a result of its own once stopped (a server test that shuts down on SIGTERM);
            // later tests of its process may have run since. The id run (`Module.Class/test`) may be more exact than
            // the log's (`Class/test`, no module).
            let named = reason.hasSuffix(" ran") ? reason.dropLast(4) : reason[...]
            let stopped = (0..<tests.count).reversed().first { index in
                let id = tests.id(at: index)
                // `Class/test` without its module; `test()` without its suite (a Swift Testing console).
                return named.hasSuffix(": \(id)") || named.hasSuffix(" \(id)") || named.hasSuffix(".\(id)")
                    || named.hasSuffix("/\(id)")
            }
            guard let stopped else { return }
            let proof = evidence("smokerun: \(reason)")
            restateStopped(at: stopped, as: status, failure: TestFailure(message: reason), evidence: proof)
            return
        }
        finishTimedOutRunningTests()
        // A process that exited 0 crashed only when it printed a crash; else it reported no result.
        let status = status == .unfinished && crash.fatal != nil ? .crashed : status
        let printed = status == .crashed && crash.fatal != nil
        finishRunningTest(
            as: status, failure: printed || status == .unfinished ? nil : TestFailure(message: reason),
            evidence: (status == .crashed ? crash.proof : nil) ?? evidence("smokerun: \(reason)"))
    }

    /// A test smokerun stopped that then ended with a result of its own: the stop is how it ended (its result came
    /// only because it was stopped). Returns its id when its status changed.
    @discardableResult
    package mutating func restateStopped(
        at index: Int, as status: TestStatus, failure: TestFailure, evidence: Evidence
    ) -> String? {
        guard index < tests.count, tests.flags(at: index).contains(.finished), tests.status(at: index) != status else {
            return nil
        }
        keep(failure, in: index, ended: true)
        tests.setStatus(status, at: index)
        setEvidence(evidence, at: index)
        tests.setFlaky(false, at: index)
        return tests.id(at: index)
    }
}
