/// How a console input's tests say its run ended, to decide whether the input was cut (Documentation/Design.md
/// §7.1). A run ends in its own words: XCTest's `Executed N tests, with M failures`, Swift Testing's `Test run with
/// N tests`, xcodebuild's `** TEST SUCCEEDED **` banner (its parallel processes print no totals), `swift test
/// --parallel`'s last `[N/N] Testing …`. An input without them was cut (a killed CI step, a `head`, an excerpt),
/// unless a line says why the run ended early: a crash, a timeout, a stop, xcodebuild's verdict.
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

    /// Whether the input was cut: it ends inside a run, or holds tests of a kind whose totals or banner it lacks, and
    /// no line says why the run ended early (`saidWhy`). `countsSwiftTesting` is false when an event stream of the same
    /// run tells its Swift Testing tests; `interleaved`: frameworks whose totals are there, but whose is whose cannot be
    /// told (`FrameworkTotalsReader.interleavedFrameworks`).
    package func isCut(
        endsInsideARun: Bool, counts: [FrameworkCount], saidWhy: Bool, reportedEveryParallelTest: Bool,
        countsSwiftTesting: Bool, interleaved: Set<TestFramework> = []
    ) -> Bool {
        if saidWhy || endedEarly { return false }
        if endsInsideARun || (parallelResults && !reportedEveryParallelTest) { return true }
        if serialXCTests, !interleaved.contains(.xctest),
            !counts.contains(where: { $0.framework == TestFramework.xctest.rawValue })
        {
            return true
        }
        return countsSwiftTesting && swiftTestingTests && !interleaved.contains(.swiftTesting)
            && !counts.contains(where: { $0.framework == TestFramework.swiftTesting.rawValue })
    }
}

extension ResultCollector {
    /// Of the tests from the `first`th on, those left `unfinished` before the input's `lastLine` (their run ended where
    /// another began): how many, and the first such line; nil when none (or no evidence is kept).
    package func interruptedTests(from first: Int, before lastLine: Int) -> (count: Int, line: Int)? {
        var found: (count: Int, line: Int)?
        for index in first..<tests.count where tests.status(at: index) == .unfinished {
            guard let line = tests.extras(at: index)?.evidence?.line, line < lastLine else { continue }
            found = (count: (found?.count ?? 0) + 1, line: min(found?.line ?? line, line))
        }
        return found
    }

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
