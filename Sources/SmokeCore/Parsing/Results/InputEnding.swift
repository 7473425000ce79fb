/// What a console input's tests say about how its run ended, for deciding whether the input was cut
/// (Documentation/Design.md §7.1). A run shows its end in its own words: an XCTest process closes its outermost suite
/// with `Executed N tests, with M failures`, a Swift Testing run with `Test run with N tests`, and xcodebuild — whose
/// parallel processes print no totals — with its `** TEST SUCCEEDED **` or `** TEST FAILED **` banner, and `swift test
/// --parallel`, whose processes print nothing unless their test failed, with its last progress line, `[N/N] Testing …`.
/// An input without them ends before its run did (a CI step killed, a `head`, an excerpt), unless a line says why the
/// run ended early: a crash, a timeout, a stop, xcodebuild's verdict.
package struct InputEnding: Sendable, Equatable {
    /// An XCTest test whose own process's lines tell it (`Test Case '…' passed (…)`), not only a parallel result line.
    package var serialXCTests = false
    /// A Swift Testing test read from console lines of its own run (`✔ Test f() passed after …`).
    package var swiftTestingTests = false
    /// A test only a parallel process's result line (`Test case '…' passed on 'Clone 1 of …' (…)`) or SwiftPM's progress
    /// line (`[3/40] Testing Module.Class/test`) tells.
    package var parallelResults = false
    /// A test that crashed, timed out or was interrupted: its evidence says why the run ended early.
    package var endedEarly = false

    package init() {}

    /// Whether the input was cut: it ends inside a run (`FrameworkTotalsReader.endsInsideARun`), or it holds tests of
    /// a kind whose totals or banner it lacks (`counts`: the frameworks' totals read from it), and no line says why the
    /// run ended early (`saidWhy`: a crash while no test ran, a stop, xcodebuild's banner or verdict).
    /// - Parameters:
    ///   - reportedEveryParallelTest: `swift test --parallel`'s last progress line is its `[N/N]`: the end of its
    ///     parallel results.
    ///   - countsSwiftTesting: false when an event stream of the same run tells its Swift Testing tests.
    package func isCut(
        endsInsideARun: Bool, counts: [FrameworkCount], saidWhy: Bool, reportedEveryParallelTest: Bool,
        countsSwiftTesting: Bool
    ) -> Bool {
        if saidWhy || endedEarly { return false }
        if endsInsideARun || (parallelResults && !reportedEveryParallelTest) { return true }
        if serialXCTests, !counts.contains(where: { $0.framework == TestFramework.xctest.rawValue }) { return true }
        return countsSwiftTesting && swiftTestingTests
            && !counts.contains(where: { $0.framework == TestFramework.swiftTesting.rawValue })
    }
}

extension ResultCollector {
    /// How the tests from the `first`th on (one input's) ended.
    package func ending(ofTestsFrom first: Int) -> InputEnding {
        var ending = InputEnding()
        for index in first..<tests.count {
            let flags = tests.flags(at: index)
            let parallel = flags.contains(.namedProcessLine) && !flags.contains(.ownProcessLine)
            if parallel {
                ending.parallelResults = true
            } else if tests.framework(at: index) == .xctest {
                ending.serialXCTests = true
            } else {
                ending.swiftTestingTests = true
            }
            switch tests.status(at: index) {
            case .crashed, .timedOut, .interrupted: ending.endedEarly = true
            case .passed, .failed, .skipped, .expectedFailure, .unfinished: break
            }
        }
        return ending
    }
}
