import Foundation

/// One `Test Case` node → a `TestResult`: its failures, output, attempts per configuration or device, and status.
extension XCResultToolTestMapping {
    static func testResult(_ node: XCResultToolTestNode, module: String?, suites: [String], unrecognized: inout Int)
        -> TestResult
    {
        let name = identity(of: node, module: module, suites: suites)
        var details = Details(isXCTest: name.framework == .xctest)
        collect(node.children, into: &details, group: "", unrecognized: &unrecognized)
        let status = self.status(
            node.result,
            hasFailures: !details.failures.isEmpty || details.attempts.contains { $0.attempt.status.isFailure },
            unrecognized: &unrecognized)
        // The last attempt of each configuration/device is its final word, as in the database reading.
        var groups: [String] = []
        for attempt in details.attempts where !groups.contains(attempt.group) { groups.append(attempt.group) }
        let finals = groups.compactMap { group in details.attempts.last { $0.group == group } }
        // A test's messages are its own, or else its last run's (a retried test reports its final attempt);
        // across configurations, those of the finals that decided its status.
        var failures: [TestFailure]
        if finals.count > 1 {
            let worst = TestStatus.worst(finals.map(\.attempt.status))
            failures = finals.filter { $0.attempt.status == worst }.flatMap(\.messages)
        } else {
            failures =
                details.attempts.count > 1 || details.failures.isEmpty
                ? (details.attempts.last?.messages ?? details.failures) : details.failures
        }
        var output = details.output
        let named = finals.count > 1 && groups.allSatisfy { !$0.isEmpty }
        if named {
            output = zip(groups, finals).map { "Configuration \($0): \($1.attempt.status.rawValue)" } + output
        }
        if !status.isFailure {
            let prefix = status == .skipped ? "Skipped: " : status == .expectedFailure ? "Known issue: " : "Issue: "
            output = failures.map { prefix + ($0.location.map { "\($0): " } ?? "") + $0.message } + output
            failures = []
        } else if failures.isEmpty, let result = node.result, !Self.knownResults.contains(result) {
            failures = [
                TestFailure(
                    message: """
                        Xcode's result for this test is '\(result)', which smokerun does not know: counted as failed, \
                        as nothing shows it passed
                        """)
            ]
        } else if failures.isEmpty {
            failures = [TestFailure(message: node.details ?? "Xcode reported this test as failed without a message.")]
        }
        let attempts: [TestAttempt] =
            details.attempts.count < 2
            ? []
            : details.attempts.map { run in
                var attempt = run.attempt
                if named { attempt.configuration = run.group }
                return attempt
            }
        let flaky =
            status == .passed
            && groups.contains { group in
                let series = details.attempts.filter { $0.group == group }
                return series.last?.attempt.status == .passed
                    && series.dropLast().contains { $0.attempt.status.isFailure }
            }
        return TestResult(
            id: name.id, name: name.name, suite: name.suite, framework: name.framework, status: status,
            durationSeconds: node.seconds ?? Self.meanDuration(attempts), flaky: flaky,
            failures: Array(failures.prefix(ResultCollector.failureLimit)),
            output: Array(output.prefix(TestResult.outputLineLimit)),
            attempts: attempts)
    }

    /// xcresulttool's `durationInSeconds` for a test run several times is the mean of its runs (the database
    /// reading computes the same): the fallback when a node gives no duration of its own.
    private static func meanDuration(_ attempts: [TestAttempt]) -> Double {
        attempts.isEmpty ? 0 : attempts.reduce(0) { $0 + $1.durationSeconds } / Double(attempts.count)
    }

    /// What a test case's children say.
    private struct Details {
        /// An XCTest method takes no arguments: its `Arguments` are UI configurations (`1, 1`).
        var isXCTest = false
        /// The argument case being read (`"premium_feature"`): its failure messages start `[label] `, as the
        /// database reading's do, so a reader can tell which case failed.
        var argument: String?
        var failures: [TestFailure] = []
        var output: [String] = []
        /// Runs by configuration/device (`group`) and identifier, in first-seen order (argument sets merged).
        var attempts: [(group: String, key: String, attempt: TestAttempt, messages: [TestFailure])] = []
    }

    private static func collect(
        _ children: [XCResultToolTestNode], into details: inout Details, group: String, unrecognized: inout Int
    ) {
        for child in children {
            switch child.nodeType ?? "" {
            case "Failure Message":
                var failure = failure(from: child.name ?? child.details ?? "")
                if let argument = details.argument { failure.message = "[\(argument)] " + failure.message }
                if child.result == "Expected Failure" {
                    // A known issue (`XCTExpectFailure`, `withKnownIssue`) stays with its test, never as a failure.
                    details.output.append(
                        "Known issue: " + (failure.location.map { "\($0): " } ?? "") + failure.message)
                } else {
                    details.failures.append(failure)
                }
            case "Repetition", "Test Case Run":
                addAttempt(child, group: group, to: &details, unrecognized: &unrecognized)
            case let type where runGroupTypes.contains(type):
                let name = child.name ?? child.nodeIdentifier ?? "?"
                let inner = group.isEmpty ? name : "\(group) / \(name)"
                // A configuration that ran once holds its failures directly: it is one attempt itself.
                if child.children.contains(where: {
                    ["Repetition", "Test Case Run", "Arguments"].contains($0.nodeType ?? "")
                        || runGroupTypes.contains($0.nodeType ?? "")
                }) {
                    collect(child.children, into: &details, group: inner, unrecognized: &unrecognized)
                } else {
                    addAttempt(child, group: inner, to: &details, unrecognized: &unrecognized)
                }
            case "Arguments":
                var label = child.name ?? "?"
                if details.isXCTest, let named = XCUIConfigurationName.name(xctestArguments: label) { label = named }
                if let result = child.result {
                    let status = status(result, hasFailures: false, unrecognized: &unrecognized)
                    details.output.append("Case (\(label)): \(status.rawValue)")
                }
                let outer = details.argument
                details.argument = label
                if child.children.contains(where: { ["Repetition", "Test Case Run"].contains($0.nodeType ?? "") }) {
                    collect(child.children, into: &details, group: group, unrecognized: &unrecognized)
                } else {
                    // A case run once: the cases of one group together are its one attempt, as in the database.
                    var once = child
                    once.nodeIdentifier = nil
                    once.name = ""
                    addAttempt(once, group: group, to: &details, unrecognized: &unrecognized)
                }
                details.argument = outer
            case let type where ignoredDetailTypes.contains(type):
                collect(child.children, into: &details, group: group, unrecognized: &unrecognized)
            default:
                unrecognized += 1
            }
        }
    }

    /// One run (a repetition, a test-case run, a configuration run once) as an attempt; the runs of
    /// one repetition under several argument sets merge into one attempt.
    private static func addAttempt(
        _ node: XCResultToolTestNode, group: String, to details: inout Details, unrecognized: inout Int
    ) {
        var inner = Details(isXCTest: details.isXCTest, argument: details.argument)
        collect(node.children, into: &inner, group: group, unrecognized: &unrecognized)
        let status = status(node.result, hasFailures: !inner.failures.isEmpty, unrecognized: &unrecognized)
        let key = node.nodeIdentifier ?? node.name ?? "\(details.attempts.count)"
        let attempt = TestAttempt(
            status: status, durationSeconds: node.seconds ?? 0, failures: status.isFailure ? inner.failures : [])
        if let index = details.attempts.firstIndex(where: { $0.group == group && $0.key == key }) {
            details.attempts[index].attempt = merged(details.attempts[index].attempt, attempt)
            details.attempts[index].messages += inner.failures
        } else {
            details.attempts.append((group, key, attempt, inner.failures))
        }
    }

    /// Two argument sets' runs of the same repetition: one attempt, failing when either failed.
    private static func merged(_ first: TestAttempt, _ second: TestAttempt) -> TestAttempt {
        TestAttempt(
            status: TestStatus.worst([first.status, second.status]),
            durationSeconds: first.durationSeconds + second.durationSeconds, failures: first.failures + second.failures)
    }

    /// The results `status` knows; any other (Xcode's own `unknown`, a newer one) is no pass.
    static let knownResults: Set<String> = ["Passed", "Failed", "Skipped", "Expected Failure"]

    static func status(_ result: String?, hasFailures: Bool, unrecognized: inout Int) -> TestStatus {
        switch result {
        case "Passed": return .passed
        case "Failed": return .failed
        case "Skipped": return .skipped
        case "Expected Failure": return .expectedFailure
        case nil: return hasFailures ? .failed : .passed
        default:
            // As the bundle's database reading counts it: nothing shows a pass (`unknown`: Xcode does not know).
            unrecognized += 1
            return .failed
        }
    }

    /// `File.swift:42: message` → message with file and line; anything else is the whole message.
    static func failure(from text: String) -> TestFailure {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, let line = Int(parts[1]), line > 0, !parts[0].isEmpty, !parts[0].contains(" "),
            parts[0].contains(".")
        {
            return TestFailure(message: XCResultFailureText.message(parts[2]), file: String(parts[0]), line: line)
        }
        return TestFailure(message: XCResultFailureText.message(text))
    }
}
