import Foundation

/// What the culprit search does with a flaky test: runs it `repeats` times per commit, or refuses it.
package enum CulpritFlakes {
    package enum Decision: Sendable, Equatable {
        /// Runs per commit: 1 when no named test is flaky.
        case repeats(Int)
        case refuse(test: String, reason: String)
    }

    /// `flakyRepeats` below 2 refuses a flaky test.
    package static func decide(tests: [String], stability: [TestStability], flakyRepeats: Int) -> Decision {
        let flaky = stability.filter { $0.isFlaky && tests.contains($0.test) }
        guard let first = flaky.first else { return .repeats(1) }
        if flakyRepeats >= 2 { return .repeats(flakyRepeats) }
        let reason =
            "flaky in \(first.flakyRuns) of \(ReportText.count(first.runs, "run")), culprit.flakyRepeats is \(flakyRepeats)"
        return .refuse(test: first.test, reason: reason)
    }
}
