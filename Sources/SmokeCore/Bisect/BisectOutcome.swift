/// What a bisect found out, and how many runs of the test it took.
package enum BisectOutcome: Sendable, Equatable {
    /// The test fails when these earlier tests (in run order) ran before it, and passes without any one of them.
    case failsAfter([String], runs: Int)
    /// The test fails with no earlier test at all: not an order problem.
    case failsAlone(runs: Int)
    /// The test passed after every earlier test, or a failure seen once did not come back.
    case didNotReproduce(runs: Int)
    /// The run limit was reached before the search finished; the candidates left are listed.
    case gaveUp(remaining: [String], runs: Int)
    /// SIGINT/SIGTERM stopped the search.
    case interrupted(remaining: [String], runs: Int)

    var runs: Int {
        switch self {
        case .failsAfter(_, let runs), .failsAlone(let runs), .didNotReproduce(let runs), .gaveUp(_, let runs),
            .interrupted(_, let runs):
            runs
        }
    }

    package func sentence(for test: String) -> String {
        let count = runs == 1 ? "1 run" : "\(runs) runs"
        switch self {
        case .failsAfter(let culprits, _):
            let names =
                culprits.count == 1
                ? culprits[0] : culprits.dropLast().joined(separator: ", ") + " and " + culprits.last!
            return "\(test) fails when run after \(names) (found in \(count))"
        case .failsAlone:
            return "\(test) fails alone, without any earlier test: not an order problem (\(count))"
        case .didNotReproduce:
            return
                """
                the failure of \(test) did not reproduce after the tests that ran before it (\(count)); it may be flaky
                """
        case .gaveUp(let remaining, _):
            return
                """
                gave up after \(count): \(test) fails after some of \(remaining.count) earlier tests \
                (\(Self.list(remaining)))
                """
        case .interrupted(let remaining, _):
            return
                """
                interrupted after \(count): \(ReportText.count(remaining.count, "earlier test")) still under suspicion \
                for \(test) (\(Self.list(remaining)))
                """
        }
    }

    /// The first five names, then "…".
    private static func list(_ names: [String]) -> String {
        names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    }
}
