import Foundation

/// Renders `junit.xml`: one `<testsuite>` per suite and one `<testcase>` per test, never per attempt. Retries follow
/// the Maven Surefire convention Jenkins and GitLab read (`flakyFailure`/`flakyError` when a retry passed,
/// `rerunFailure`/`rerunError` when none did). Infrastructure errors go to the `infrastructureSuiteName` suite: as
/// `<system-err>` lines when a failing test explains the run's status, else as `<error>` test cases, so a build
/// failure never reads as "0 tests, passed" and a failed run never as green. Notes (`isNote`) are only ever `note N:`
/// lines there: they change no status.
package struct JUnitReport: ReportWriter {
    package var format: ReportFormat { .junit }
    package static let fileName = "junit.xml"
    package var fileName: String { Self.fileName }
    package var cost: ReportCost { .perTest }

    package init() {}

    package func write(_ report: RunReport, context: ReportContext, to sink: inout ReportSink) {
        Self.write(report, sources: context.sources, to: &sink)
    }

    static let infrastructureSuiteName = "smokerun.infrastructure"

    /// - Parameter sources: makes `file` attributes relative to the project, as GitLab and Jenkins resolve them.
    static func render(_ report: RunReport, sources: SourceLinks = SourceLinks()) -> String {
        String(decoding: ReportSink.collect { Self.write(report, sources: sources, to: &$0) }, as: UTF8.self)
    }

    /// Streams the document: a suite's counts come first (its element's attributes), then its tests one by one.
    package static func write(_ report: RunReport, sources: SourceLinks = SourceLinks(), to sink: inout ReportSink) {
        let suites = groupIndicesBySuite(report.tests)
        let timestamp = schemaTimestamp(report.startedAt)
        let quarantined = Set(report.quarantine?.tests ?? [])
        let suiteCounts = suites.map { Counts(report.tests, indices: $0.indices, quarantined: quarantined) }
        var counts = suiteCounts.reduce(into: Counts()) { $0.add($1) }
        var infrastructure: String?
        // Consumers count failures and errors, never read system-err: a failed or unfinished run no test shows must be
        // counted, so its errors become test cases (else system-err lines); an unfinished run is a case of its own.
        let unshown = counts.failures + counts.errors == 0
        let asTestCases = report.tests.isEmpty || (report.status == .failed || report.status == .error) && unshown
        // A note never changes a status: never a test case, always a `note N:` line.
        let errors = report.errors.filter { !$0.isNote }
        let cases = (unshown ? unfinishedRunError(report).map { [$0] } ?? [] : []) + (asTestCases ? errors : [])
        let listed = (asTestCases ? [] : errors) + report.errors.filter(\.isNote)
        if !cases.isEmpty || !listed.isEmpty {
            infrastructure = infrastructureXML(cases: cases, listed: listed, timestamp: timestamp)
            counts.add(Counts(tests: cases.count, errors: cases.count))
        }
        sink.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.append("<testsuites name=\"\(attr(report.pipeline))\" \(counts.attributes) timestamp=\"\(timestamp)\">\n")
        for (suite, suiteCount) in zip(suites, suiteCounts) {
            sink.append(
                "  <testsuite name=\"\(attr(suite.name))\" \(suiteCount.attributes) timestamp=\"\(timestamp)\">\n")
            for index in suite.indices where !appendPlainTestCase(report.tests[index], to: &sink) {
                let test = report.tests[index]
                sink.append(testCaseXML(test, quarantine: report.quarantineEntry(for: test), sources: sources))
            }
            sink.append("  </testsuite>\n")
        }
        if let infrastructure { sink.append(infrastructure) }
        sink.append("</testsuites>\n")
    }

    /// A passed test with nothing more to say (most of a big run), written straight into the sink as `testCaseXML`
    /// would; false, with nothing written, for any other test or a name that needs escaping.
    private static func appendPlainTestCase(_ test: TestResult, to sink: inout ReportSink) -> Bool {
        guard test.status == .passed, test.failures.isEmpty, test.attempts.isEmpty, test.output.isEmpty,
            test.attachments.isEmpty, test.device == nil, test.displayName == nil
        else { return false }
        var id = test.id
        var suite = test.suite
        var name = test.name
        return id.withUTF8 { idBytes in
            suite.withUTF8 { suiteBytes in
                name.withUTF8 { nameBytes in
                    let className: UnsafeBufferPointer<UInt8>
                    if let slash = idBytes.lastIndex(of: UInt8(ascii: "/")) {
                        className = UnsafeBufferPointer(rebasing: idBytes[..<slash])
                    } else {
                        className = suiteBytes
                    }
                    guard className.allSatisfy(XMLText.isPlainInAttribute),
                        nameBytes.allSatisfy(XMLText.isPlainInAttribute)
                    else { return false }
                    sink.append("    <testcase classname=\"")
                    sink.append(bytes: UnsafeRawBufferPointer(className))
                    sink.append("\" name=\"")
                    sink.append(bytes: UnsafeRawBufferPointer(nameBytes))
                    sink.append("\" time=\"")
                    ReportText.appendSeconds(test.durationSeconds, to: &sink)
                    sink.append("\">\n    </testcase>\n")
                    return true
                }
            }
        }
    }

    /// Suites in the order their first test ran, as positions in `tests` (run order inside a suite).
    static func groupIndicesBySuite(_ tests: [TestResult]) -> [(name: String, indices: [Int])] {
        var names: [String] = []
        var bySuite: [String: Int] = [:]
        var groups: [[Int]] = []
        var current = -1
        // By index, never copying a result (see Documentation/Performance.md).
        for index in tests.indices {
            if current >= 0, tests[index].suite == names[current] {
                groups[current].append(index)
            } else if let group = bySuite[tests[index].suite] {
                current = group
                groups[group].append(index)
            } else {
                current = groups.count
                bySuite[tests[index].suite] = current
                names.append(tests[index].suite)
                groups.append([index])
            }
        }
        return zip(names, groups).map { ($0, $1) }
    }

    /// The Ant JUnit schema's timestamp form (no zone designator); smokerun's are always UTC.
    static func schemaTimestamp(_ date: Date) -> String {
        String(ReportText.timestamp(date).prefix(19)).replacingOccurrences(of: " ", with: "T")
    }

    /// `Module.Class` from `Module.Class/method`; the suite name when the id has no slash.
    static func className(_ test: TestResult) -> String {
        guard let slash = test.id.lastIndex(of: "/") else { return test.suite }
        return String(test.id[..<slash])
    }

    /// Children in the order the Surefire schema requires: properties (the display name, the quarantine),
    /// failure, rerunFailure*, flakyFailure*, skipped, error, rerunError*, flakyError*, system-out. `name` stays the
    /// id's last part, the key CI systems track a test by across runs. A failure `quarantine` covers is a
    /// `<skipped>` saying so, with the failure's text: a consumer neither fails the build on it nor loses it.
    private static func testCaseXML(_ test: TestResult, quarantine: QuarantineEntry?, sources: SourceLinks) -> String {
        let name = attr(test.name + DeviceGroups.suffix(test))
        var xml = "    <testcase classname=\"\(attr(className(test)))\" name=\"\(name)\""
        xml += " time=\"\(ReportText.seconds(test.durationSeconds))\"\(location(test, sources: sources))>\n"
        xml += properties(test, quarantine: quarantine)
        if let quarantine, test.status.isFailure {
            xml += quarantinedElement(test, quarantine)
            let output = systemOut(test)
            if !output.isEmpty { xml += "      <system-out>\(text(output))</system-out>\n" }
            return xml + "    </testcase>\n"
        }
        let earlier = earlierFailingAttempts(test)
        if test.status == .failed { xml += resultElement("failure", test) }
        xml += earlier.filter { $0.status == .failed }.map { retryElement(prefix: earlierPrefix(test), $0) }.joined()
        if test.status == .skipped {
            if let reason = ReportText.skipReason(test) {
                xml += "      <skipped message=\"\(attr(reason))\"/>\n"
            } else {
                xml += "      <skipped/>\n"
            }
        }
        if test.status == .interrupted {
            xml += "      <skipped message=\"interrupted: smokerun was stopped while this test ran\"/>\n"
        }
        if test.status == .unfinished {
            let why = test.evidence?.description ?? "the input ends while the test runs"
            xml += "      <skipped message=\"\(attr("unfinished, no result: \(why)"))\"/>\n"
        }
        if test.status == .crashed || test.status == .timedOut { xml += resultElement("error", test) }
        xml += earlier.filter { $0.status != .failed }.map { retryElement(prefix: earlierPrefix(test), $0) }.joined()
        let output = systemOut(test)
        if !output.isEmpty {
            xml += "      <system-out>\(text(output))</system-out>\n"
        }
        xml += "    </testcase>\n"
        return xml
    }

    /// ` file="…" line="…"` from the headline failure, else the first naming a file (GitLab and Jenkins link them);
    /// empty when unknown.
    private static func location(_ test: TestResult, sources: SourceLinks) -> String {
        guard
            let failure = test.headlineFailure?.file == nil
                ? test.failures.first(where: { $0.file != nil }) : test.headlineFailure,
            let file = failure.file
        else { return "" }
        return " file=\"\(attr(sources.relative(file) ?? file))\"" + (failure.line.map { " line=\"\($0)\"" } ?? "")
    }

    /// The failure's messages, then what proved the status (`Evidence: … (file:line)`).
    private static func resultElement(_ element: String, _ test: TestResult) -> String {
        let evidence = test.evidence.map { "\nEvidence: \($0.description)" } ?? ""
        let message = attr(summaryMessage(test.failures, status: test.status))
        let content = text(body(test.failures) + evidence)
        return "      <\(element) message=\"\(message)\" type=\"\(test.status.rawValue)\">\(content)</\(element)>\n"
    }

    /// The failing attempts before the last of their configuration (the last ones made the test's own status),
    /// when they are worth reporting: the test passed in the end (flaky) or never passed (reruns).
    static func earlierFailingAttempts(_ test: TestResult) -> [TestAttempt] {
        guard (test.status == .passed && test.flaky) || test.status.isFailure else { return [] }
        return test.earlierAttempts.filter { $0.status.isFailure }
    }

    private static func earlierPrefix(_ test: TestResult) -> String {
        test.status == .passed ? "flaky" : "rerun"
    }

    /// `<flakyFailure>`, `<rerunError>`, …: one earlier attempt with its messages and output.
    private static func retryElement(prefix: String, _ attempt: TestAttempt) -> String {
        let element = prefix + (attempt.status == .failed ? "Failure" : "Error")
        var xml = "      <\(element) message=\"\(attr(summaryMessage(attempt.failures, status: attempt.status)))\""
        xml += " type=\"\(attempt.status.rawValue)\">\n"
        xml += "        <stackTrace>\(text(body(attempt.failures)))</stackTrace>\n"
        if !attempt.output.isEmpty {
            xml += "        <system-out>\(text(attempt.output.joined(separator: "\n")))</system-out>\n"
        }
        xml += "      </\(element)>\n"
        return xml
    }

    /// What junit.xml says of a run that did not finish — its input ends early, or smokerun was stopped — so that
    /// passed tests before the end never read as a green run; nil for any other run.
    static func unfinishedRunError(_ report: RunReport) -> InfrastructureError? {
        switch report.status {
        case .incomplete:
            let why = report.incomplete.map(ReportText.incompleteNotice)
            return InfrastructureError(
                message: "the run is incomplete (\(ReportText.incompleteOutcome(report)))",
                details: why.map { [$0] } ?? [])
        case .interrupted:
            return InfrastructureError(message: "the run was interrupted: smokerun was stopped before it finished")
        default:
            return nil
        }
    }

    /// The infrastructure suite: `cases` as `<error>` test cases, then `listed` as lines of one `<system-err>`.
    private static func infrastructureXML(
        cases: [InfrastructureError], listed: [InfrastructureError], timestamp: String
    ) -> String {
        let counts = Counts(tests: cases.count, errors: cases.count)
        var xml = "  <testsuite name=\"\(infrastructureSuiteName)\" \(counts.attributes) timestamp=\"\(timestamp)\">\n"
        for (index, error) in cases.enumerated() {
            xml += "    <testcase classname=\"smokerun\" name=\"infrastructure error \(index + 1)\" time=\"0.000\">\n"
            xml += "      <error message=\"\(attr(error.message))\" type=\"infrastructure\">"
            xml += "\(text(detailLines(error).joined(separator: "\n")))</error>\n"
            xml += "    </testcase>\n"
        }
        let lines = [listed.filter { !$0.isNote }, listed.filter(\.isNote)].flatMap { group in
            group.enumerated().flatMap { index, error in
                let label = error.isNote ? "note" : "infrastructure error"
                return ["\(label) \(index + 1): \(error.message)"] + detailLines(error).map { "  " + $0 }
            }
        }
        if !lines.isEmpty { xml += "    <system-err>\(text(lines.joined(separator: "\n")))</system-err>\n" }
        xml += "  </testsuite>\n"
        return xml
    }

    private static func detailLines(_ error: InfrastructureError) -> [String] {
        var lines: [String] = []
        if let command = error.command { lines.append("command: " + command.joined(separator: " ")) }
        if let status = error.exitStatus { lines.append("exit status: \(status)") }
        return lines + error.details
    }

    /// The message attribute: the headline failure's full message, or what happened when none was recorded.
    static func summaryMessage(_ failures: [TestFailure], status: TestStatus) -> String {
        if let first = failures.headline(for: status)?.message { return first }
        return "Test \(ReportText.label(status)) without a recorded message"
    }

    static func body(_ failures: [TestFailure]) -> String {
        failures.map(ReportText.line).joined(separator: "\n")
    }

    /// The test's output, with a note for expected failures and attachment markers that the
    /// Jenkins and GitLab JUnit readers turn into links.
    private static func systemOut(_ test: TestResult) -> String {
        var lines: [String] = []
        if test.status == .expectedFailure {
            lines.append("Expected failure (known issue); counted as passing.")
            lines += test.failures.map { "  " + ReportText.line($0) }
        }
        lines += test.output
        lines += test.attachments.map { "[[ATTACHMENT|\($0.path)]]" }
        return lines.joined(separator: "\n")
    }

    static func attr(_ value: String) -> String { XMLText.escapeAttribute(value) }
    static func text(_ value: String) -> String { XMLText.escape(value) }
}

extension ReportFormat {
    package static let junit = ReportFormat(rawValue: "junit")
}
