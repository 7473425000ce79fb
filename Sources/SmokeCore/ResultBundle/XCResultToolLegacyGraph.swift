import Foundation

/// Reads the legacy `xcresulttool get --legacy --format json` object graph (Xcode 15 and older), where every
/// value is wrapped as `{"_type": {"_name": …}, "_value": …}` and arrays as `{"_values": […]}`. Pure.
package enum XCResultToolLegacyGraph {
    /// What the top-level `ActionsInvocationRecord` says: where the tests are, and the destination.
    package struct Invocation: Sendable, Equatable {
        /// `testsRef` ids of the test actions: `get --legacy --id ID` returns their `ActionTestPlanRunSummaries`.
        package var testsReferenceIDs: [String] = []
        package var device: ResolvedDevice?
        /// Failure messages with locations, by `testCaseName` (`Class.method()`).
        var failuresByTestCaseName: [String: [TestFailure]] = [:]
        /// Xcode's own count, `metrics.testsCount` and `metrics.testsFailedCount`, when recorded.
        package var counts: (tests: Int, failures: Int)?
        /// The first action's start and the last action's end (`startedTime`, `endedTime`).
        package var startedAt: Date?
        package var finishedAt: Date?

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.testsReferenceIDs == rhs.testsReferenceIDs && lhs.device == rhs.device
                && lhs.failuresByTestCaseName == rhs.failuresByTestCaseName && lhs.counts?.tests == rhs.counts?.tests
                && lhs.counts?.failures == rhs.counts?.failures && lhs.startedAt == rhs.startedAt
                && lhs.finishedAt == rhs.finishedAt
        }
    }

    /// `2022-12-19T11:03:29.259+1000`: the graph's dates, with or without fractional seconds.
    static func date(from text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The type name of a graph document's root (`ActionsInvocationRecord`, `ActionTestPlanRunSummaries`), if any.
    static func rootType(of json: Any) -> String? {
        typeName(json)
    }

    package static func invocation(from json: Any) -> Invocation {
        var invocation = Invocation()
        let metrics = object(json, "metrics")
        if let tests = string(metrics, "testsCount").flatMap({ Int($0) }) {
            invocation.counts = (tests, string(metrics, "testsFailedCount").flatMap { Int($0) } ?? 0)
        }
        for action in values(json, "actions") {
            if let started = string(action, "startedTime").flatMap(date(from:)) {
                invocation.startedAt = min(invocation.startedAt ?? started, started)
            }
            if let ended = string(action, "endedTime").flatMap(date(from:)) {
                invocation.finishedAt = max(invocation.finishedAt ?? ended, ended)
            }
            if let id = string(object(object(action, "actionResult"), "testsRef"), "id") {
                invocation.testsReferenceIDs.append(id)
            }
            let destination = object(action, "runDestination")
            if invocation.device == nil, let record = object(destination, "targetDeviceRecord") {
                let platform = string(object(record, "platformRecord"), "userDescription") ?? "unknown"
                let os = platform.replacingOccurrences(of: " Simulator", with: "")
                let versionWithBuild = string(record, "operatingSystemVersionWithBuildNumber")
                invocation.device = ResolvedDevice(
                    platform: platform, name: string(record, "name") ?? string(destination, "displayName"),
                    udid: string(record, "identifier"),
                    runtime: string(record, "operatingSystemVersion").map { "\(os) \($0)" },
                    runtimeBuild: versionWithBuild.flatMap(build(in:)), deviceType: string(record, "modelName"),
                    architecture: string(record, "nativeArchitecture"))
            }
            for summary in values(object(object(action, "actionResult"), "issues"), "testFailureSummaries") {
                guard let name = string(summary, "testCaseName") else { continue }
                let url = string(object(summary, "documentLocationInCreatingWorkspace"), "url")
                let location = url.map(Self.location(in:))
                invocation.failuresByTestCaseName[name, default: []].append(
                    TestFailure(
                        message: string(summary, "message") ?? "failed", file: location?.file, line: location?.line))
            }
        }
        return invocation
    }

    /// Tests of an `ActionTestPlanRunSummaries` document, in order; failures joined from `invocation` by
    /// `Class.method()`; a test that appears in several runs (test-plan configurations, repetitions) has attempts.
    package static func tests(from json: Any, invocation: Invocation = Invocation()) -> (
        tests: [TestResult], unrecognized: Int
    ) {
        var runs: [[TestResult]] = []
        var indexByID: [String: Int] = [:]
        var unrecognized = 0
        for summary in values(json, "summaries") {
            for testable in values(summary, "testableSummaries") {
                let module = string(testable, "targetName") ?? string(testable, "name")
                var leaves: [Any] = []
                collectLeaves(values(testable, "tests"), into: &leaves, unrecognized: &unrecognized)
                for leaf in leaves {
                    let test = test(leaf, module: module, invocation: invocation, unrecognized: &unrecognized)
                    if let index = indexByID[test.id] {
                        runs[index].append(test)
                    } else {
                        indexByID[test.id] = runs.count
                        runs.append([test])
                    }
                }
            }
        }
        let tests = runs.enumerated().map { index, runs in
            var merged = AttemptMerger.merge(first: runs[0], retries: Array(runs.dropFirst()))
            merged.order = index + 1
            return merged
        }
        return (tests, unrecognized)
    }

    private static func collectLeaves(_ nodes: [Any], into leaves: inout [Any], unrecognized: inout Int) {
        for node in nodes {
            switch typeName(node) {
            case "ActionTestSummaryGroup":
                collectLeaves(values(node, "subtests"), into: &leaves, unrecognized: &unrecognized)
            case "ActionTestMetadata", "ActionTestSummary": leaves.append(node)
            default: unrecognized += 1
            }
        }
    }

    private static func test(_ leaf: Any, module: String?, invocation: Invocation, unrecognized: inout Int)
        -> TestResult
    {
        let identifier = string(leaf, "identifier") ?? string(leaf, "name") ?? "unnamed"
        let node = XCResultToolTestNode(nodeType: "Test Case", nodeIdentifier: identifier, name: string(leaf, "name"))
        let name = XCResultToolTestMapping.identity(of: node, module: module, suites: [])
        let status: TestStatus
        switch string(leaf, "testStatus") {
        case "Success": status = .passed
        case "Failure": status = .failed
        case "Skipped": status = .skipped
        case "Expected Failure": status = .expectedFailure
        default:
            unrecognized += 1
            status = .failed
        }
        // testFailureSummaries name tests `Class.method()`.
        let caseName = identifier.replacingOccurrences(of: "/", with: ".")
        var failures = invocation.failuresByTestCaseName[caseName] ?? []
        if status == .failed, failures.isEmpty {
            failures = [TestFailure(message: "Xcode reported this test as failed without a message.")]
        }
        if !status.isFailure { failures = [] }
        return TestResult(
            id: name.id, name: name.name, suite: name.suite, framework: name.framework, status: status,
            durationSeconds: PlausibleTime.seconds(double(leaf, "duration")) ?? 0, failures: failures)
    }

    /// `file:///path/File.swift#CharacterRangeLen=0&EndingLineNumber=41&StartingLineNumber=41` → path and 1-based line
    /// (the graph counts lines from 0).
    static func location(in url: String) -> (file: String?, line: Int?) {
        let parts = url.split(separator: "#", maxSplits: 1)
        let path = parts.first.map { String($0) }.map { $0.hasPrefix("file://") ? String($0.dropFirst(7)) : $0 }
        let line = parts.count == 2 ? JUnitFailureLocation.bundleLine(parts[1]) : nil
        return (path?.removingPercentEncoding ?? path, line)
    }

    /// "16.2 (20C52)" → "20C52".
    private static func build(in text: String) -> String? {
        guard let open = text.lastIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    // MARK: - Graph access

    static func object(_ value: Any?, _ key: String) -> Any? {
        (value as? [String: Any])?[key]
    }

    static func typeName(_ value: Any?) -> String? {
        (object(value, "_type") as? [String: Any])?["_name"] as? String
    }

    static func string(_ value: Any?, _ key: String) -> String? {
        let field = object(value, key)
        if let wrapped = object(field, "_value") { return wrapped as? String ?? "\(wrapped)" }
        return field as? String
    }

    static func double(_ value: Any?, _ key: String) -> Double? {
        string(value, key).flatMap(Double.init)
    }

    static func values(_ value: Any?, _ key: String) -> [Any] {
        object(object(value, key), "_values") as? [Any] ?? []
    }
}
