import Foundation

/// One commit tried by the culprit search: what the named tests did there, and how many runs it took.
package struct CulpritStep: Sendable, Equatable, Codable {
    package enum Result: String, Sendable, Equatable, Codable {
        case passed
        case failed
        /// The package did not build at this commit: it says nothing about the tests (`git bisect skip`).
        case doesNotBuild
    }

    package var commit: String
    package var result: Result
    package var testRuns: Int
    /// The recorded run this step comes from, when it was not run by the search (the failing run itself).
    package var run: String?

    /// `e4f5a6b failed (3 runs)`: one step of the evidence.
    package var text: String {
        let what =
            switch result {
            case .passed: "passed"
            case .failed: "failed"
            case .doesNotBuild: "does not build"
            }
        let short = CulpritCommit.short(commit)
        if let run { return "\(short) \(what) in run \(run)" }
        return testRuns > 1 ? "\(short) \(what) (\(testRuns) runs)" : "\(short) \(what)"
    }
}
