/// What one framework said about the run in its own words (XCTest's `Executed N tests, with M failures`, Swift
/// Testing's `Test run with N tests`, a bundle's summary counts), read apart from the per-test parsing.
package struct FrameworkCount: Codable, Sendable, Equatable, Hashable {
    /// `xctest`, `swift-testing` or `xcresult`.
    package var framework: String
    /// Executions for XCTest, tests for Swift Testing, test cases for a bundle.
    package var tests: Int
    package var failures: Int
    /// Where the count was read: a file and line, or a bundle's summary.
    var from: String
    /// Swift Testing: tests (and failing ones) of runs xcodebuild's relaunch ended, which the totals of the run after
    /// the relaunch do not count; left out of the comparison. Nil when no run was relaunched.
    var relaunchedTests: Int?
    var relaunchedFailing: Int?
    /// XCTest's count of failing tests rather than of failure messages (SwiftPM's `--xunit-output` file).
    var countsFailingTests = false
    /// Where the input read shows the end of a run (or suite) whose start it does not show, `file:line`: it begins
    /// inside that run, so executions before its first line are not in it. Not recorded in report.json.
    var beganInsideRun: String?

    private enum CodingKeys: String, CodingKey {
        case framework, tests, failures, from, relaunchedTests, relaunchedFailing
    }

    package init(framework: String, tests: Int, failures: Int, from: String) {
        self.framework = framework
        self.tests = tests
        self.failures = failures
        self.from = from
    }
}

/// smokerun's totals against each framework's own (Documentation/Design.md §7): agrees only when every framework
/// with results left totals equal to smokerun's counts; one that left none is `unverified`, never agreeing.
package struct Reconciliation: Codable, Sendable, Equatable {
    var sources: [FrameworkCount]
    package var agrees: Bool
    /// One sentence per disagreement, naming both counts.
    var differences: [String]
    /// Frameworks with results whose own closing totals the input does not hold: their counts could not be checked.
    package var unverified: [String]
    /// One sentence per framework whose own totals count more failures than the tests in the input show (a log
    /// excerpt of the totals alone, failure lines lost): the run cannot pass. Nil when there are none.
    package var failuresNotShown: [String]?
    /// Per compared framework, executions in parallel processes that print no totals of their own (`swift test
    /// --parallel`'s `[3/40] Testing …`): left out of the comparison, unverified. Nil when none.
    package var executionsWithoutTotals: [String: Int]?
    /// Input lines saying the run failed where no shown test explains it (`** TEST FAILED **` with no failed test, a
    /// crash while no test ran and none crashed): the run cannot pass. Nil when none.
    package var runFailures: [RunFailureEvidence]?
    /// One sentence per framework whose own totals count tests of which smokerun read none (their lines in a form it
    /// does not read): nothing can be concluded, and the run never passes. Nil when there are none.
    package var testsNotShown: [String]?
    /// Documents read that carry no totals (a bundle without summary counts, an xcresulttool `tests` document, an event
    /// stream without `runEnded`): why a framework is unverified. Nil when none.
    package var documentsWithoutTotals: [String]?
    /// Per framework, logs into which several of its processes wrote at once (`xargs -P2`, `make -j2`): their totals
    /// are there, but whose is whose cannot be told, so the framework is unverified. Nil when none.
    package var interleavedInputs: [String: [String]]?
    /// Per framework, logs in which one of its processes closed with totals and another ended without (it crashed or
    /// was stopped): the framework is unverified though it printed totals. Nil when none.
    package var partlyClosedInputs: [String: [String]]?

    init(
        sources: [FrameworkCount], differences: [String], unverified: [String] = [], failuresNotShown: [String] = [],
        withoutTotals: [String: Int] = [:], runFailures: [RunFailureEvidence] = [], testsNotShown: [String] = []
    ) {
        self.sources = sources
        self.agrees = differences.isEmpty && unverified.isEmpty && runFailures.isEmpty
        self.differences = differences
        self.unverified = unverified
        self.failuresNotShown = failuresNotShown.isEmpty ? nil : failuresNotShown
        self.executionsWithoutTotals = withoutTotals.isEmpty ? nil : withoutTotals
        self.runFailures = runFailures.isEmpty ? nil : runFailures
        self.testsNotShown = testsNotShown.isEmpty ? nil : testsNotShown
    }

    /// Some framework's own totals differ from smokerun's counts, or the input's own verdict from its tests (what
    /// `--strict` fails on); an unverified framework alone disagrees with nothing.
    package var disagrees: Bool { !differences.isEmpty || failuresNotShown != nil || runFailures != nil }

    /// Reports written before `unverified` existed lack it.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sources = try container.decode([FrameworkCount].self, forKey: .sources)
        agrees = try container.decode(Bool.self, forKey: .agrees)
        differences = try container.decode([String].self, forKey: .differences)
        unverified = try container.decodeIfPresent([String].self, forKey: .unverified) ?? []
        failuresNotShown = try container.decodeIfPresent([String].self, forKey: .failuresNotShown)
        executionsWithoutTotals = try container.decodeIfPresent([String: Int].self, forKey: .executionsWithoutTotals)
        runFailures = try container.decodeIfPresent([RunFailureEvidence].self, forKey: .runFailures)
        testsNotShown = try container.decodeIfPresent([String].self, forKey: .testsNotShown)
        documentsWithoutTotals = try container.decodeIfPresent([String].self, forKey: .documentsWithoutTotals)
        interleavedInputs = try container.decodeIfPresent([String: [String]].self, forKey: .interleavedInputs)
        partlyClosedInputs = try container.decodeIfPresent([String: [String]].self, forKey: .partlyClosedInputs)
    }

    /// "Swift Testing left no closing totals (`Test run with N tests`): its 12 tests are unverified" per framework.
    package var unverifiedNotes: [String] {
        unverified.map { framework in
            let name = framework == TestFramework.swiftTesting.rawValue ? "Swift Testing" : "XCTest"
            if let executions = executionsWithoutTotals?[framework] {
                return """
                    \(name) ran \(executions) of its executions in parallel processes that print no totals of their \
                    own (`[3/40] Testing …`, `… passed on '…'`): those are unverified
                    """
            }
            if let inputs = interleavedInputs?[framework] {
                let runs = framework == TestFramework.xctest.rawValue ? "outermost suites" : "runs"
                return """
                    \(name)'s lines in \(inputs.joined(separator: ", ")) come from test processes that ran at once (two \
                    \(runs) open together): whose totals are whose cannot be told, so its counts are unverified
                    """
            }
            if let inputs = partlyClosedInputs?[framework] {
                let totals = name == "XCTest" ? "`Executed N tests`" : "`Test run with N tests`"
                return """
                    \(name)'s test processes in \(inputs.joined(separator: ", ")) did not all close with totals \
                    (\(totals)): one ended inside its run (it crashed or was stopped, or the input is cut there), so \
                    its counts are unverified
                    """
            }
            if let documents = documentsWithoutTotals {
                let own = documents.count == 1 ? "carries no totals of its own" : "carry no totals of their own"
                return "\(documents.joined(separator: ", ")) \(own): \(name)'s counts are unverified"
            }
            return switch framework {
            case TestFramework.xctest.rawValue:
                "XCTest left no closing totals (`Executed N tests, with M failures`): its counts are unverified"
            case TestFramework.swiftTesting.rawValue:
                "Swift Testing left no closing totals (`Test run with N tests`): its counts are unverified"
            default: "\(framework) left no totals: its counts are unverified"
            }
        }
    }
}
