extension Reconciliation {
    /// smokerun's results against every framework's own totals, counting the way each framework counts:
    /// - `xctest`: executions (each attempt, or the test once; skipped included) and failure messages of every attempt
    ///   (XCTest's `with M failures` counts assertions; a crash counts one), or failing executions against SwiftPM's
    ///   `--xunit-output` file, which counts those.
    /// - `swift-testing`: executions; its issue count (known issues excluded) is compared only as "some" against
    ///   "none", since one failing test may record several issues.
    /// - `xcresult` (a bundle's summary) and `junit` (a JUnit file's totals): test cases and failing ones.
    /// Sources of one framework are summed. A framework with results and no source is unverified, as is one whose tests
    /// only parallel processes' result lines tell of (those processes print no totals). More failures counted than
    /// shown are failures not shown. `documentsWithoutTotals`: documents read that carry no totals, named by the note;
    /// `interleavedInputs`: per framework, logs several of its processes wrote into at once, named by its note;
    /// `partlyClosedInputs`: per framework, logs in which one of its processes printed totals and another did not.
    package static func compare(
        _ sources: [FrameworkCount], with tests: [TestResult], runFailures: [RunFailureEvidence] = [],
        documentsWithoutTotals: [String] = [], interleavedInputs: [String: [String]] = [:],
        partlyClosedInputs: [String: [String]] = [:]
    ) -> Reconciliation? {
        guard !sources.isEmpty || !tests.isEmpty || !runFailures.isEmpty else { return nil }
        var unverified: [String] = []
        var withoutTotals: [String: Int] = [:]
        if !sources.contains(where: { $0.framework == "xcresult" || $0.framework == "junit" }) {
            for framework in TestFramework.allCases
            where !sources.contains(where: { $0.framework == framework.rawValue }) {
                var serial = false
                var parallel = 0
                for index in tests.indices where tests[index].framework == framework {
                    if tests[index].ranWhereNoTotalsCount {
                        parallel += max(tests[index].attempts.count, 1)
                    } else {
                        serial = true
                    }
                }
                if serial || parallel > 0 { unverified.append(framework.rawValue) }
                // Only parallel processes, which print no totals: the note says so rather than "left no totals".
                if !serial, parallel > 0 { withoutTotals[framework.rawValue] = parallel }
            }
        }
        var differences: [String] = []
        var failuresNotShown: [String] = []
        var testsNotShown: [String] = []
        var frameworks: [String] = []
        for source in sources where !frameworks.contains(source.framework) { frameworks.append(source.framework) }
        for framework in frameworks {
            let own = sources.filter { $0.framework == framework }
            let ownTests = own.reduce(0) { $0 + $1.tests }
            let ownFailures = own.reduce(0) { $0 + $1.failures }
            let from = own.map(\.from).joined(separator: ", ")
            let beganInside = own.lazy.compactMap(\.beganInsideRun).first
            switch framework {
            case TestFramework.xctest.rawValue:
                let countsFailingTests = own.allSatisfy(\.countsFailingTests)
                var executions = 0
                var failures = 0
                for index in tests.indices where tests[index].framework == .xctest {
                    if tests[index].ranWhereNoTotalsCount {
                        withoutTotals[framework, default: 0] += max(tests[index].attempts.count, 1)
                        continue
                    }
                    executions += max(tests[index].attempts.count, 1)
                    let test = tests[index]
                    if test.attempts.isEmpty {
                        failures += Self.xctestFailures(test.status, test.failures, failingTests: countsFailingTests)
                    } else {
                        for attempt in test.attempts {
                            failures += Self.xctestFailures(
                                attempt.status, attempt.failures, failingTests: countsFailingTests)
                        }
                    }
                }
                if executions != ownTests || failures != ownFailures {
                    differences.append(
                        """
                        XCTest counted \(ownTests) executions with \(ownFailures) failures (\(from)); smokerun counted \
                        \(executions) executions with \(failures) failures\
                        \(Self.beginsInside("XCTest's", at: beganInside, missing: executions < ownTests))
                        """
                    )
                }
                if ownTests > 0, executions == 0, withoutTotals[framework] == nil {
                    testsNotShown.append(
                        beganInside.map {
                            """
                            XCTest's own totals count \(ownTests) executions (\(from)), yet the input shows none of its \
                            tests, as it begins inside XCTest's run, at the end of a suite whose start it does not show \
                            (\($0))
                            """
                        }
                            ?? """
                            XCTest's own totals count \(ownTests) executions (\(from)), yet smokerun read none of its \
                            tests (their lines are in a form it does not read)
                            """
                    )
                }
                if ownFailures > failures {
                    failuresNotShown.append(
                        """
                        XCTest's own totals count \(ownFailures - failures) failures (\(from)) in tests the input does \
                        not show
                        """
                    )
                }
            case TestFramework.swiftTesting.rawValue:
                // A relaunched run's tests are the crash's to tell: no totals count them. A suite's issue is one the
                // totals count, outside any test, as is an issue no test owns.
                var executions = -own.reduce(0) { $0 + ($1.relaunchedTests ?? 0) }
                var failing =
                    runFailures.reduce(0) { $0 + ($1.isIssue ? 1 : 0) }
                    - own.reduce(0) { $0 + ($1.relaunchedFailing ?? 0) }
                for index in tests.indices where tests[index].framework == .swiftTesting {
                    if tests[index].ranWhereNoTotalsCount {
                        withoutTotals[framework, default: 0] += max(tests[index].attempts.count, 1)
                        continue
                    }
                    // A test its suite's issue failed did not run: the totals count the issue, not the test.
                    if !tests[index].failedByItsSuite { executions += max(tests[index].attempts.count, 1) }
                    let test = tests[index]
                    if Self.frameworkSawFailure(test.status, test.failures)
                        || test.attempts.contains(where: { Self.frameworkSawFailure($0.status, $0.failures) })
                    {
                        failing += 1
                    }
                }
                if executions != ownTests || (ownFailures == 0) != (failing == 0) {
                    differences.append(
                        """
                        Swift Testing counted \(ownTests) tests with \(ownFailures) issues (\(from)); smokerun counted \
                        \(executions) tests, \(failing) of them failing\
                        \(Self.beginsInside("Swift Testing's", at: beganInside, missing: executions < ownTests))
                        """
                    )
                }
                let relaunched = own.reduce(0) { $0 + ($1.relaunchedTests ?? 0) }
                if ownTests > 0, executions + relaunched == 0, withoutTotals[framework] == nil {
                    testsNotShown.append(
                        beganInside.map {
                            """
                            Swift Testing's own totals count \(ownTests) tests (\(from)), yet the input shows none of \
                            them, as it begins inside Swift Testing's run, at the end of a run whose start it does not \
                            show (\($0))
                            """
                        }
                            ?? """
                            Swift Testing's own totals count \(ownTests) tests (\(from)), yet smokerun read none of them \
                            (their lines are in a form it does not read)
                            """
                    )
                }
                // Issues per test are not counted: only "some" against "none" says a failure is missing.
                if ownFailures > 0, failing == 0 {
                    failuresNotShown.append(
                        """
                        Swift Testing's own totals count \(ownFailures) issues (\(from)) in tests the input does not \
                        show
                        """
                    )
                }
            default:
                if ownTests > 0, tests.isEmpty {
                    testsNotShown.append(
                        "\(framework) counted \(ownTests) tests (\(from)), yet smokerun read none of them")
                }
                let failing = tests.indices.reduce(0) { $0 + (tests[$1].status.isFailure ? 1 : 0) }
                if tests.count != ownTests || failing != ownFailures {
                    differences.append(
                        """
                        \(framework) counted \(ownTests) tests with \(ownFailures) failing (\(from)); smokerun counted \
                        \(tests.count) tests with \(failing) failing
                        """
                    )
                }
                if ownFailures > failing {
                    failuresNotShown.append(
                        """
                        \(framework) counted \(ownFailures - failing) failing tests (\(from)) that the input does not \
                        show
                        """
                    )
                }
            }
        }
        for framework in withoutTotals.keys.sorted() where !unverified.contains(framework) {
            unverified.append(framework)
        }
        var reconciliation = Reconciliation(
            sources: sources, differences: differences, unverified: unverified, failuresNotShown: failuresNotShown,
            withoutTotals: withoutTotals, runFailures: unexplained(runFailures, by: tests),
            testsNotShown: testsNotShown)
        if !unverified.isEmpty, !documentsWithoutTotals.isEmpty {
            reconciliation.documentsWithoutTotals = documentsWithoutTotals
        }
        let interleaved = interleavedInputs.filter { unverified.contains($0.key) }
        if !interleaved.isEmpty { reconciliation.interleavedInputs = interleaved }
        let partlyClosed = partlyClosedInputs.filter { unverified.contains($0.key) && interleaved[$0.key] == nil }
        if !partlyClosed.isEmpty { reconciliation.partlyClosedInputs = partlyClosed }
        return reconciliation
    }

    /// The run failures no test explains: xcodebuild's verdict when no test's final status is a failure; a crash
    /// outside any test when no test crashed (a parallel log's crash line comes before the relaunch that names its
    /// test); an issue outside tests (a suite's, or no test's) always (no test shows it).
    private static func unexplained(_ runFailures: [RunFailureEvidence], by tests: [TestResult]) -> [RunFailureEvidence]
    {
        guard !runFailures.isEmpty else { return [] }
        let anyFailed = tests.indices.contains { tests[$0].status.isFailure }
        let anyCrashed = tests.indices.contains { tests[$0].status == .crashed }
        // A sanitizer's report is explained by no test's failure: kept.
        return runFailures.filter {
            $0.isIssue || $0.kind == .sanitizerReport || ($0.isCrash ? !anyCrashed : !anyFailed)
        }
    }

    /// What XCTest counted of one execution: its failure messages, or whether it failed (`failingTests`, as SwiftPM's
    /// `--xunit-output` counts). smokerun's own account of a stop is none of them.
    private static func xctestFailures(_ status: TestStatus, _ failures: [TestFailure], failingTests: Bool) -> Int {
        failingTests ? (frameworkSawFailure(status, failures) ? 1 : 0) : failures.count { !$0.isSmokerunsStop }
    }

    /// Whether the framework itself counted the execution failing: not when smokerun stopped it and nothing else
    /// failed it (a server test that shuts down on SIGTERM prints its own pass, which its totals count).
    private static func frameworkSawFailure(_ status: TestStatus, _ failures: [TestFailure]) -> Bool {
        status.isFailure && (failures.isEmpty || !failures.allSatisfy(\.isSmokerunsStop))
    }

    /// `; the input begins inside <framework> run (…)…` when it does and tests are missing, else nothing.
    static func beginsInside(_ framework: String, at location: String?, missing: Bool) -> String {
        guard missing, let location else { return "" }
        return """
            ; the input begins inside \(framework) run, at the end of what it does not show starting (\(location)): \
            what ran before its first line is not in it, so give smokerun the whole log
            """
    }
}

extension RunReport {
    /// Lists a disagreement with the frameworks' totals in `errors` and returns the warnings to print, each naming both
    /// counts. A counting doubt never changes the status (`--strict` fails the command instead), but failures a
    /// framework counted that no test shows, and the input's own failure verdict (`runFailures`), fail a run that would
    /// pass, their line the evidence; tests counted of which smokerun read none (`testsNotShown`) leave it incomplete.
    /// Missing totals are noted, not errors.
    package mutating func listDisagreements() -> [String] {
        guard let reconciliation, !reconciliation.agrees else { return [] }
        let notes = reconciliation.unverifiedNotes.map { "smokerun: note: \($0)" }
        var warnings = reconciliation.differences.map { difference in
            errors.append(InfrastructureError(message: "reconciliation: \(difference)"))
            return "smokerun: warning: counts disagree: \(difference)"
        }
        for missing in reconciliation.failuresNotShown ?? [] {
            let message = "\(missing): the run cannot pass"
            errors.append(InfrastructureError(message: message))
            warnings.append("smokerun: error: \(message)")
            if status == .passed || status == .incomplete { status = .failed }
        }
        // Tests a framework counted and smokerun read none of: a pass would conclude from nothing.
        for missing in reconciliation.testsNotShown ?? [] {
            let message = "\(missing): nothing can be concluded"
            errors.append(InfrastructureError(message: message))
            warnings.append("smokerun: error: \(message)")
            if status == .passed { status = .incomplete }
        }
        // The input's own word that the run failed, which no test explains: its line is the evidence. Only a runner
        // that never started its tests, and nothing else, makes it an infrastructure error.
        let runFailures = reconciliation.runFailures ?? []
        for failure in runFailures {
            errors.append(InfrastructureError(message: failure.message, details: failure.reasons))
            warnings.append("smokerun: error: \(failure.message)")
            warnings += failure.reasons.map { "  \($0)" }
        }
        if !runFailures.isEmpty, status == .passed || status == .incomplete {
            status = runFailures.allSatisfy(\.saysTheRunnerFailed) ? .error : .failed
        }
        return warnings + notes
    }
}
