import SmokeCore

/// Reads one `TestCaseRuns` row into the status, failures and output of that run. Pure.
struct XCResultDatabaseRunReader {
    private let contexts: XCResultDatabaseIndex
    private let locations: XCResultDatabaseIndex
    private let skipNotices: XCResultDatabaseIndex
    private let values: XCResultDatabaseIndex
    private let parameters: XCResultDatabaseIndex
    private let repetitions: XCResultDatabaseIndex
    private let issues: XCResultDatabaseIndex
    private let issuesByRun: [Int: [XCResultDatabaseRow]]
    private let expectedByRun: [Int: [XCResultDatabaseRow]]
    private let argumentsByRun: [Int: [XCResultDatabaseRow]]
    /// Issues that are the subject of an `ExpectedFailures` row: known issues, not failures.
    private let expectedIssueIDs: Set<Int>

    struct Outcome {
        var status: TestStatus
        var durationSeconds: Double
        var failures: [TestFailure]
        var output: [String]
        /// `RepetitionPolicies.repetition`: 1 for the first run, 2 for the first retry, …
        var repetition: Int
        /// Iterations (`-test-iterations`), not retries: every one counts, so the worst decides instead of the last.
        var isIteration: Bool
        /// A result string this reader does not know (read as failed).
        var unknownResult: String?
    }

    init(_ snapshot: XCResultDatabaseSnapshot) {
        contexts = XCResultDatabaseIndex(snapshot.rows("SourceCodeContexts"))
        locations = XCResultDatabaseIndex(snapshot.rows("SourceCodeLocations"))
        skipNotices = XCResultDatabaseIndex(snapshot.rows("SkipNotices"))
        values = XCResultDatabaseIndex(snapshot.rows("TestValues"))
        parameters = XCResultDatabaseIndex(snapshot.rows("Parameters"))
        repetitions = XCResultDatabaseIndex(snapshot.rows("RepetitionPolicies"))
        issues = XCResultDatabaseIndex(snapshot.rows("TestIssues"))
        let byRun: ([XCResultDatabaseRow], String) -> [Int: [XCResultDatabaseRow]] = { rows, order in
            Dictionary(grouping: rows.filter { $0.int("testCaseRun_fk") != nil }, by: { $0.int("testCaseRun_fk")! })
                .mapValues {
                    $0.sorted {
                        ($0.int(order) ?? 0, $0.int("rowid") ?? 0) < ($1.int(order) ?? 0, $1.int("rowid") ?? 0)
                    }
                }
        }
        issuesByRun = byRun(snapshot.rows("TestIssues"), "orderInOwner")
        expectedByRun = byRun(snapshot.rows("ExpectedFailures"), "orderInOwner")
        argumentsByRun = byRun(snapshot.rows("Arguments"), "orderInTestCaseRun")
        expectedIssueIDs = Set(snapshot.rows("ExpectedFailures").compactMap { $0.int("issue_fk") })
    }

    func outcome(of run: XCResultDatabaseRow) -> Outcome {
        let runID = run.int("rowid") ?? -1
        let resultText = run.text("result")
        var status = Self.status(resultText)
        var failures: [TestFailure] = []
        var output: [String] = []
        for issue in issuesByRun[runID] ?? [] where !expectedIssueIDs.contains(issue.int("rowid") ?? -1) {
            let failure = self.failure(from: issue)
            if issue.text("issueType")?.lowercased().contains("warning") == true {
                output.append("Warning: \(failure.message)" + (failure.location.map { " (\($0))" } ?? ""))
            } else {
                failures.append(failure)
            }
        }
        let expected = expectedByRun[runID] ?? []
        for known in expected {
            let issue = issues[known.int("issue_fk")].map(failure(from:))
            let message = known.text("failureReason") ?? issue?.message ?? "expected failure"
            output.append("Known issue: \(message)" + (issue?.location.map { " (\($0)" + ")" } ?? ""))
        }
        if status == .passed, !expected.isEmpty, failures.isEmpty { status = .expectedFailure }
        if let notice = skipNotices[run.int("skipNotice_fk")] {
            output.append("Skipped: " + (notice.text("message") ?? "no reason given"))
        }
        return Outcome(
            status: status, durationSeconds: PlausibleTime.seconds(run.double("duration")) ?? 0, failures: failures,
            output: output,
            repetition: repetitions[run.int("repetitionPolicy_fk")]?.int("repetition") ?? 1,
            isIteration: repetitions[run.int("repetitionPolicy_fk")]?.text("repetitionModeString").map {
                !$0.contains("Retry")
            } ?? false,
            unknownResult: status == .failed && !Self.failureWords.contains(resultText ?? "")
                ? (resultText ?? "NULL") : nil)
    }

    /// The arguments of one parameterized test case (`"premium_feature"`, `1, 2`), or nil. A launch test's UI
    /// configuration reads as Xcode shows it, `Light Appearance, Portrait`.
    func argumentsLabel(of run: XCResultDatabaseRow) -> String? {
        let arguments = argumentsByRun[run.int("rowid") ?? -1] ?? []
        let labelled = arguments.compactMap { argument -> (label: String?, value: String)? in
            guard
                let value = values[argument.int("testValue_fk")].flatMap({
                    $0.text("description") ?? $0.text("debugDescription")
                })
            else {
                return nil
            }
            return (parameters[argument.int("parameter_fk")]?.text("label"), value)
        }
        return labelled.isEmpty ? nil : XCUIConfigurationName.label(labelled)
    }

    private static let failureWords: Set<String> = ["Failure", "Failed"]

    /// Anything but `Success`, `Skipped` or `Expected Failure` counts as a failure.
    static func status(_ result: String?) -> TestStatus {
        switch result?.lowercased().filter({ $0 != " " && $0 != "_" }) {
        case "success", "passed": .passed
        case "skipped": .skipped
        case "expectedfailure": .expectedFailure
        default: .failed
        }
    }

    private func failure(from issue: XCResultDatabaseRow) -> TestFailure {
        let message =
            issue.text("compactDescription") ?? issue.text("sanitizedDescription")
            ?? issue.text("detailedDescription") ?? issue.text("issueType") ?? "issue recorded"
        let location = locations[contexts[issue.int("sourceCodeContext_fk")]?.int("location_fk")]
        return TestFailure(
            message: XCResultFailureText.message(message), file: location?.text("filePath"),
            line: location?.int("lineNumber"))
    }
}
