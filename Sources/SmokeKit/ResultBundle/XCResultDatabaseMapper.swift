import Foundation
import SmokeCore

/// Maps a result bundle's database rows to smokerun's model. Pure.
/// A test's runs are grouped into attempts by test-plan run and `RepetitionPolicies.repetition` (retries); one
/// attempt's runs are a parameterized test's cases. Within a plan run the last attempt decides, across plan runs
/// the worst. Failed-then-passed is `passed` and `flaky`.
enum XCResultDatabaseMapper {
    static func map(_ snapshot: XCResultDatabaseSnapshot) -> XCResultDatabaseMapping {
        var mapping = XCResultDatabaseMapping()
        let tests = mapTests(snapshot, notes: &mapping.notes)
        mapping.tests = tests.results
        let timelines = XCResultDatabaseActivityReader.timelines(
            snapshot, testIDByRun: tests.testIDByRun, failing: Set(tests.results.filter(\.status.isFailure).map(\.id)))
        for index in mapping.tests.indices { mapping.tests[index].activities = timelines[mapping.tests[index].id] }
        mapping.attachments = XCResultDatabaseAttachmentLinker.attachments(
            snapshot, testIDByRun: tests.testIDByRun, configurationByRun: configurations(snapshot))
        mapping.failureTimes = failureTimes(snapshot, testIDByRun: tests.testIDByRun)
        mapping.device = XCResultDatabaseDeviceReader.device(snapshot)
        mapping.xcodeVersion = XCResultDatabaseDeviceReader.xcodeVersion(snapshot)
        mapping.issuesOutsideTests = suiteIssues(snapshot)
        return mapping
    }

    private struct AttemptKey: Hashable, Comparable {
        var planRun: Int
        var repetition: Int
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.planRun, lhs.repetition) < (rhs.planRun, rhs.repetition) }
    }

    private static func mapTests(
        _ snapshot: XCResultDatabaseSnapshot, notes: inout [String]
    ) -> (results: [TestResult], testIDByRun: [Int: String]) {
        let suites = XCResultDatabaseIndex(snapshot.rows("TestSuites"))
        let testables = XCResultDatabaseIndex(snapshot.rows("Testables"))
        let order = XCResultDatabaseRunOrder(snapshot)
        let reader = XCResultDatabaseRunReader(snapshot)
        let runsByCase = Dictionary(grouping: snapshot.rows("TestCaseRuns"), by: { $0.int("testCase_fk") ?? -1 })
        var unknownResults: Set<String> = []
        var placed: [(key: [Int], result: TestResult)] = []
        var testIDByRun: [Int: String] = [:]
        var seenIDs: Set<String> = []

        let cases = snapshot.rows("TestCases").sorted { ($0.int("rowid") ?? 0) < ($1.int("rowid") ?? 0) }
        for testCase in cases {
            guard let runs = runsByCase[testCase.int("rowid") ?? -1], !runs.isEmpty else { continue }
            var identity = XCResultDatabaseTestIdentity(testCase: testCase, suites: suites, testables: testables)
            // Two rows with one id (the same test in two testables of one name) stay two tests.
            if seenIDs.contains(identity.id) { identity.id += " #\(testCase.int("rowid") ?? 0)" }
            seenIDs.insert(identity.id)

            var groups: [AttemptKey: [(run: XCResultDatabaseRow, outcome: XCResultDatabaseRunReader.Outcome)]] = [:]
            for run in runs.sorted(by: { order.key(of: $0).lexicographicallyPrecedes(order.key(of: $1)) }) {
                let outcome = reader.outcome(of: run)
                if let unknown = outcome.unknownResult { unknownResults.insert(unknown) }
                groups[AttemptKey(planRun: order.planRun(of: run), repetition: outcome.repetition), default: []].append(
                    (run, outcome))
                if let runID = run.int("rowid") { testIDByRun[runID] = identity.id }
            }
            let attempts = groups.keys.sorted().map { key in
                (
                    key: key, attempt: attempt(from: groups[key]!, reader: reader),
                    isIteration: groups[key]!.contains { $0.outcome.isIteration }
                )
            }
            // As xcresulttool's `durationInSeconds`: the mean of the runs, not their sum.
            let seconds = runs.reduce(0) { $0 + max($1.double("duration") ?? 0, 0) } / Double(runs.count)
            let result = merge(
                attempts, identity: identity, durationSeconds: seconds, configurationNames: order.configurationNames)
            let key = runs.map(order.key(of:)).min(by: { $0.lexicographicallyPrecedes($1) }) ?? []
            placed.append((key, result))
        }
        for unknown in unknownResults.sorted() {
            notes.append(
                "Test runs with the result '\(unknown)', which smokerun does not know, were counted as failed.")
        }
        var results = placed.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.result)
        for index in results.indices { results[index].order = index + 1 }
        return (results, testIDByRun)
    }

    private static func attempt(
        from runs: [(run: XCResultDatabaseRow, outcome: XCResultDatabaseRunReader.Outcome)],
        reader: XCResultDatabaseRunReader
    ) -> TestAttempt {
        var output: [String] = []
        var failures: [TestFailure] = []
        for (run, outcome) in runs {
            let label = reader.argumentsLabel(of: run)
            if let label { output.append("Case (\(label)): \(outcome.status.rawValue)") }
            output += outcome.output
            // Which argument case failed, as xcresulttool's tree shows it.
            failures += outcome.failures.map { failure in
                var failure = failure
                if let label { failure.message = "[\(label)] " + failure.message }
                return failure
            }
        }
        return TestAttempt(
            status: TestStatus.worst(runs.map(\.outcome.status)),
            durationSeconds: runs.reduce(0) { $0 + $1.outcome.durationSeconds },
            failures: failures,
            output: Array(output.prefix(TestResult.outputLineLimit)))
    }

    private static func merge(
        _ attempts: [(key: AttemptKey, attempt: TestAttempt, isIteration: Bool)],
        identity: XCResultDatabaseTestIdentity,
        durationSeconds: Double, configurationNames: [Int: String]
    ) -> TestResult {
        let byPlanRun = Dictionary(grouping: attempts, by: \.key.planRun)
        let planRuns = byPlanRun.keys.sorted()
        // A retry's last attempt is the final word; of iterations, the worst one is.
        let finals = planRuns.map { planRun -> TestAttempt in
            let series = byPlanRun[planRun]!
            guard series.contains(where: \.isIteration) else { return series.last!.attempt }
            let worst = TestStatus.worst(series.map(\.attempt.status))
            return series.last { $0.attempt.status == worst }!.attempt
        }
        // A test run in several configurations says which one gave which result, by name.
        let named = planRuns.compactMap { configurationNames[$0] }
        let isNamed = planRuns.count > 1 && Set(named).count == planRuns.count
        let configurationLines = isNamed ? zip(named, finals).map { "Configuration \($0): \($1.status.rawValue)" } : []
        let status = finals.count == 1 ? finals[0].status : TestStatus.worst(finals.map(\.status))
        let flaky =
            status == .passed
            && byPlanRun.values.contains { planAttempts in
                !planAttempts.contains(where: \.isIteration) && planAttempts.last!.attempt.status == .passed
                    && planAttempts.dropLast().contains { $0.attempt.status.isFailure }
            }
        let deciding = finals.count == 1 ? finals : finals.filter { $0.status == status }
        return TestResult(
            id: identity.id, name: identity.name, suite: identity.suite, framework: identity.framework, status: status,
            durationSeconds: durationSeconds, flaky: flaky,
            failures: deciding.flatMap(\.failures),
            output: Array((configurationLines + deciding.flatMap(\.output)).prefix(TestResult.outputLineLimit)),
            attempts: attempts.count < 2
                ? []
                : attempts.map { run in
                    var attempt = run.attempt
                    if isNamed { attempt.configuration = configurationNames[run.key.planRun] }
                    return attempt
                })
    }

    private static func configurations(_ snapshot: XCResultDatabaseSnapshot) -> [Int: String] {
        let order = XCResultDatabaseRunOrder(snapshot)
        var names: [Int: String] = [:]
        for run in snapshot.rows("TestCaseRuns") {
            guard let id = run.int("rowid"), let name = order.configurationNames[order.planRun(of: run)] else {
                continue
            }
            names[id] = name
        }
        return names
    }

    /// Test id → the earliest `TestIssues.timestamp` of its runs (failures only, not known issues).
    private static func failureTimes(_ snapshot: XCResultDatabaseSnapshot, testIDByRun: [Int: String]) -> [String: Date]
    {
        var times: [String: Date] = [:]
        for issue in snapshot.rows("TestIssues") {
            guard let run = issue.int("testCaseRun_fk"), let id = testIDByRun[run],
                let date = PlausibleTime.date(sinceReferenceDate: issue.double("timestamp"))
            else { continue }
            times[id] = min(times[id] ?? date, date)
        }
        return times
    }

    /// Issues recorded on a suite run, outside any test: listed, since no test carries them. One an `ExpectedFailures`
    /// row points at is a known issue even when it names no test run, never an error.
    private static func suiteIssues(_ snapshot: XCResultDatabaseSnapshot) -> [String] {
        let suiteRuns = XCResultDatabaseIndex(snapshot.rows("TestSuiteRuns"))
        let suites = XCResultDatabaseIndex(snapshot.rows("TestSuites"))
        let expected = Set(snapshot.rows("ExpectedFailures").compactMap { $0.int("issue_fk") })
        let unexpected = snapshot.rows("TestIssues").filter {
            $0.int("testCaseRun_fk") == nil && !expected.contains($0.int("rowid") ?? -1)
        }
        return unexpected.map { issue in
            let suite =
                suites[suiteRuns[issue.int("testSuiteRun_fk")]?.int("testSuite_fk")]?.text("name") ?? "unknown suite"
            let message =
                issue.text("compactDescription") ?? issue.text("sanitizedDescription") ?? issue.text("issueType")
                ?? "issue recorded"
            return "Suite \(suite) recorded an issue outside any test: \(message)"
        }
    }
}
