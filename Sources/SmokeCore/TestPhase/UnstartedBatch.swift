/// What a test process that ended before starting any of its tests proves: no evidence, no failure. Pure.
package enum UnstartedBatch {
    package enum Verdict: Equatable, Sendable {
        /// The process failed on its own (a non-zero exit, a signal) before the tests could report: they crashed.
        case crashed(TestFailure)
        /// It exited 0 having run none of them: an infrastructure error (exit 3), and no result for the tests.
        case runnerProblem(InfrastructureError)
    }

    /// `printedCrash`: the fatal error or crash report printed before any test started (a trapping class `setUp`).
    package static func verdict(
        termination: Termination, framework: TestFramework, tests: [TestCase], command: [String], outputTail: [String],
        printedCrash: TestFailure? = nil
    ) -> Verdict {
        guard termination == .exited(0) else {
            let ended = "the test process \(termination.ended) before this test reported a result"
            guard var printed = printedCrash else { return .crashed(TestFailure(message: ended)) }
            printed.message = "\(ended): \(printed.message)"
            return .crashed(printed)
        }
        let asked = "\(tests.count) \(framework.rawValue) \(tests.count == 1 ? "test" : "tests")"
        let message: String
        switch explanation(framework: framework, outputTail: outputTail) {
        case .answeredAsXCTest:
            message = """
                the test process exited with status 0 without starting any of the \(asked) it was asked to run: it \
                answered --testing-library swift-testing with XCTest's output, so its entry point (a Tests/LinuxMain.swift \
                calling XCTMain, or a main of its own) runs XCTest only. swift test runs no Swift Testing test in this \
                binary either: remove the Swift Testing tests or the custom entry point, then run again.
                """
        case .filterMatchedNothing(let said):
            message = """
                the test process exited with status 0 without starting any of the \(asked) it was asked to run: its \
                output says '\(said)', so the binary holds no test by those names. It changed since its tests were \
                listed, or lists them under other names: compare the tests below with the binary's --list-tests and \
                run again.
                """
        case nil:
            message = """
                the test process exited with status 0 without starting any of the \(asked) it was asked to run, and \
                its output does not say why: the test runner did not run them, so they have no result. Run the command \
                below by hand, check the package's test entry point (a Tests/LinuxMain.swift, a main of its own), then \
                run again.
                """
        }
        var details = ["command: \(command.joined(separator: " "))"]
        details.append(
            "asked to run: \(tests.prefix(5).map(\.id).joined(separator: ", "))\(tests.count > 5 ? ", …" : "")")
        details.append(outputTail.isEmpty ? "it printed nothing" : "its last lines of output:")
        details += outputTail
        return .runnerProblem(
            InfrastructureError(message: message, command: command, exitStatus: 0, details: details))
    }

    /// Fails the tests whose suite recorded one of `issues` with its first issue; the rest stay in `tests`. `unused`:
    /// the issues no test was failed with, each the run's own failure.
    package static func failBySuite(_ tests: inout [TestCase], issues: [SuiteIssue]) -> (
        failed: [TestResult], unused: [SuiteIssue]
    ) {
        var failed: [TestResult] = []
        var used = Set<Int>()
        tests.removeAll { test in
            guard let index = issues.firstIndex(where: { $0.contains(testID: test.id) }) else { return false }
            let issue = issues[index]
            used.insert(index)
            let evidence = Evidence(
                what: "its suite \(issue.suite ?? "") recorded an issue, so it did not run",
                source: issue.evidence.source,
                line: issue.evidence.line)
            var result = test.result(status: .failed, failure: issue.failure, evidence: evidence)
            result.failedByItsSuite = true
            failed.append(result)
            return true
        }
        return (failed, issues.indices.filter { !used.contains($0) }.map { issues[$0] })
    }

    enum Explanation: Equatable {
        /// A Swift Testing process printed XCTest's console: the entry point ignored `--testing-library`.
        case answeredAsXCTest
        /// The framework's own summary says it ran nothing (the line it printed, colour codes removed).
        case filterMatchedNothing(String)
    }

    /// What the process's own output says about why it ran nothing, if anything.
    static func explanation(framework: TestFramework, outputTail: [String]) -> Explanation? {
        let xctestSummary = outputTail.last { $0.contains("Executed 0 tests") }
        if framework == .swiftTesting,
            xctestSummary != nil || outputTail.contains(where: { $0.hasPrefix("Test Suite '") })
        {
            return .answeredAsXCTest
        }
        if let line = xctestSummary ?? outputTail.last(where: { $0.contains("Test run with 0 tests") }) {
            return .filterMatchedNothing(String(line.drop { !$0.isLetter }))
        }
        return nil
    }
}
