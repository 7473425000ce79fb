import Foundation

/// Reads a JUnit XML document for `smokerun parse`: `swift test --xunit-output`'s two files (XCTest's and Swift
/// Testing's `…-swift-testing.xml`) and other tools' JUnit reports (fastlane trainer, xcresultparser, xcbeautify,
/// test_center, smokerun's own).
///
/// `<failure>` and `<error>` are `failed`, or `crashed` when they say so; `<skipped>`, or a test case
/// saying it did not run (`status="disabled"`), is `skipped`. A test
/// case written again is another run of the same test only when the file says so (a `repetition` property,
/// Surefire's `<flakyFailure>`/`<rerunFailure>`), else a test of its own, `id#2`. Runs with different `argument`
/// properties, or repeating a seen `repetition`, are cases of a parameterized test: each case's retries fold first,
/// then the test fails when any case does. The file's own totals are its framework count.
package enum JUnitDocumentParser {
    package struct Document: Sendable {
        package var tests: [TestResult]
        /// The file's own totals, for reconciliation; empty when it states none.
        package var counts: [FrameworkCount]
        /// Elements inside test cases that were not understood.
        package var unrecognized: Int
        /// The run's duration: `<testsuites time>`, else the outermost suites' times summed when each states one.
        package var durationSeconds: Double? = nil
        /// The first `timestamp` of `<testsuites>` or a top-level `<testsuite>`: when the recorded run started.
        package var startedAt: Date? = nil
        /// The line where the file ends before its elements close (its writer stopped); nil when it is whole.
        package var endsAtLine: Int? = nil
    }

    /// `path` names the file in error messages, `source` in evidence.
    package static func parse(_ data: Data, path: String, source: String) throws(ParseError) -> Document {
        let reader: JUnitXMLReader
        switch JUnitXMLReader.read(data) {
        case .success(let read): reader = read
        case .failure(let error):
            if let root = error.openRoot { throw .unfinishedDocument(path: path, element: root) }
            throw .resultDocument(
                path: path,
                reason: """
                    is not well-formed XML (the XML parser stops at line \(error.line)). Pass the JUnit file whole, \
                    as its tool wrote it.
                    """)
        }
        // `swift test --xunit-output`'s Swift Testing file of a package without Swift Testing tests: a run of none,
        // read beside the XCTest file it comes with.
        let statesNoTests = (reader.rootTotals.map { [$0] } ?? reader.topSuiteTotals).allSatisfy { $0?.tests == 0 }
        guard !reader.cases.isEmpty || isSwiftPMFile(reader) && statesNoTests else {
            throw .resultDocument(
                path: path,
                reason: """
                    holds no test cases (no <testcase> element under its <\(reader.rootElement ?? "root")>). Pass the \
                    JUnit report of a run that ran tests, such as `swift test --xunit-output` writes.
                    """)
        }
        let swiftPM = isSwiftPMFile(reader)
        let fileFramework: TestFramework? =
            swiftPM
            ? (source.hasSuffix("-swift-testing.xml")
                || !reader.cases.isEmpty && reader.cases.allSatisfy { $0.name.hasSuffix(")") }
                ? .swiftTesting : .xctest)
            : nil
        var tests: [TestResult] = []
        /// Where each test (by suites, class and name) is in `tests`, and how many tests took each id.
        var positions: [String: Int] = [:]
        var idsTaken: [String: Int] = [:]
        /// Each test's cases (one unless its runs name different arguments), with their retries folded in.
        var cases: [[TestResult]] = []
        var caseIndex: [String: Int] = [:]
        var repetitions: [String: Set<String>] = [:]
        for testCase in reader.cases {
            // xcbeautify's `--report junit` files every Swift Testing test under `classname="SwiftTesting"`, by the
            // name its console line shows (a display name in quotes, which the console reader drops).
            let xcbeautifySwiftTesting = fileFramework == nil && testCase.classname == "SwiftTesting"
            let framework =
                xcbeautifySwiftTesting ? .swiftTesting : fileFramework ?? JUnitTestName.framework(ofName: testCase.name)
            let quoted = testCase.name.count > 2 && testCase.name.hasPrefix("\"") && testCase.name.hasSuffix("\"")
            let naming = JUnitTestName(
                classname: xcbeautifySwiftTesting ? "" : testCase.classname,
                name: xcbeautifySwiftTesting && quoted ? String(testCase.name.dropFirst().dropLast()) : testCase.name,
                enclosingSuite: testCase.suites.last ?? "", framework: framework)
            let key = (testCase.suites + [naming.id]).joined(separator: "\u{1F}")
            var result = makeResult(testCase, naming: naming, source: source)
            let argumentKey = key + "\u{1F}" + (testCase.argument ?? "")
            if let position = positions[key], let repetition = testCase.repetition {
                // A retry names a repetition its case has not had yet; the same one again is another case.
                if let index = caseIndex[argumentKey], repetitions[argumentKey, default: []].insert(repetition).inserted
                {
                    cases[position][index].addRun(result)
                } else {
                    caseIndex[argumentKey] = cases[position].count
                    repetitions[argumentKey] = [repetition]
                    cases[position].append(result)
                }
                continue
            }
            let taken = idsTaken[naming.id, default: 0]
            idsTaken[naming.id] = taken + 1
            if taken > 0 { result.id += "#\(taken + 1)" }
            positions[key] = tests.count
            caseIndex[argumentKey] = 0
            repetitions[argumentKey] = testCase.repetition.map { [$0] } ?? []
            result.order = tests.count + 1
            tests.append(result)
            cases.append([result])
        }
        for position in tests.indices {
            var combined = TestResult.combining(cases[position])
            combined.id = tests[position].id
            combined.order = tests[position].order
            tests[position] = combined
        }
        let counts = ownCount(reader, swiftTesting: swiftPM && fileFramework == .swiftTesting, source: source)
            .map { total in
                var count = FrameworkCount(
                    framework: fileFramework?.rawValue ?? "junit", tests: total.tests,
                    failures: total.failures, from: total.from)
                count.countsFailingTests = fileFramework == .xctest
                return count
            }
        let suiteTimes = reader.topSuiteTimes.compactMap { $0 }
        let duration =
            reader.rootTime
            ?? (suiteTimes.count == reader.topSuiteTimes.count && !suiteTimes.isEmpty
                ? suiteTimes.reduce(0, +) : nil)
        return Document(
            tests: tests, counts: counts.map { [$0] } ?? [], unrecognized: reader.unrecognized,
            durationSeconds: PlausibleTime.seconds(duration),
            startedAt: PlausibleTime.date(reader.timestamp.flatMap { timestamp($0) }), endsAtLine: reader.endsAtLine)
    }

    /// JUnit's `2026-11-30T08:00:00[.123][Z|±hh:mm]`, in `timeZone` when it states none (Ant and Surefire write the
    /// local time of the machine that ran it, as XCTest's suite stamps are).
    static func timestamp(_ text: String, timeZone: TimeZone = .current) -> Date? {
        var stamp = Array(text.utf8)
        while let last = stamp.last, last == UInt8(ascii: " ") { stamp.removeLast() }
        guard stamp.count >= 19, stamp[10] == UInt8(ascii: "T") else { return nil }
        stamp[10] = UInt8(ascii: " ")
        var zone = ""
        if stamp.last == UInt8(ascii: "Z") {
            stamp.removeLast()
            zone = " +0000"
        } else if stamp.count >= 25, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(stamp[stamp.count - 6]),
            stamp[stamp.count - 3] == UInt8(ascii: ":")
        {
            let offset = stamp.suffix(6)
            zone = " " + String(decoding: offset.prefix(3) + offset.suffix(2), as: UTF8.self)
            stamp.removeLast(6)
        }
        return SuiteTimestamp.date(String(decoding: stamp, as: UTF8.self) + zone, timeZone: timeZone)
    }

    /// `swift test --xunit-output`'s shape: one `<testsuite name="TestResults">` in `<testsuites>`.
    private static func isSwiftPMFile(_ reader: JUnitXMLReader) -> Bool {
        reader.rootElement == "testsuites" && reader.topSuiteNames == ["TestResults"]
            && reader.cases.allSatisfy { $0.suites == ["TestResults"] }
    }

    /// The file's own totals: its `<testsuites>`'s when it states `tests`, else its outermost `<testsuite>`s' summed;
    /// nil when none states them. Failures count failing test cases: `failures` and `errors` together. Swift Testing's
    /// own file leaves skipped tests out of `tests`; they are added back, as its `Test run with N tests` counts them.
    private static func ownCount(
        _ reader: JUnitXMLReader, swiftTesting: Bool, source: String
    ) -> (tests: Int, failures: Int, from: String)? {
        let stated: [JUnitXMLReader.Totals]
        if let root = reader.rootTotals {
            stated = [root]
        } else {
            guard !reader.topSuiteTotals.isEmpty, reader.topSuiteTotals.allSatisfy({ $0 != nil }) else { return nil }
            stated = reader.topSuiteTotals.compactMap { $0 }
        }
        let tests = stated.reduce(0) { $0 + $1.tests + (swiftTesting ? $1.skipped : 0) }
        var failures = stated.reduce(0) { $0 + $1.failures + $1.errors }
        // Some writers count `<failure>` and `<error>` elements, not failing test cases: two in one case count two.
        let elements = reader.cases.map { $0.outcomes.count { ["failure", "error"].contains($0.element) } }
        if failures == elements.reduce(0, +) { failures = elements.count { $0 > 0 } }
        let lines = stated.map { "\($0.line)" }.joined(separator: ", ")
        return (tests, failures, "\(source):\(lines)")
    }

    /// One test case's result: its status from its first outcome element that decides one, its failures and output.
    private static func makeResult(
        _ testCase: JUnitXMLReader.Case, naming: JUnitTestName, source: String
    ) -> TestResult {
        var result = TestResult(
            id: naming.id, name: naming.name, suite: naming.suite, framework: naming.framework,
            status: testCase.notRun ? .skipped : .passed,
            durationSeconds: max(testCase.time ?? 0, 0),
            output: Array(testCase.output.prefix(TestResult.outputLineLimit)))
        var earlierRuns: [TestAttempt] = []
        for outcome in testCase.outcomes {
            let location = JUnitFailureLocation.find(
                file: outcome.file ?? testCase.file,
                line: outcome.file == nil ? testCase.sourceLine : outcome.sourceLine,
                message: outcome.message, text: outcome.text)
            let failure = TestFailure(message: failureMessage(outcome), file: location?.file, line: location?.line)
            switch outcome.element {
            case "failure", "error":
                let status = outcome.failureStatus
                result.failures.append(failure)
                if !result.status.isFailure {
                    result.status = status
                    result.evidence = Evidence(
                        what: "the JUnit file records a <\(outcome.element)>", source: source, line: outcome.line)
                }
            case "skipped":
                if !result.status.isFailure {
                    result.status = .skipped
                    if let reason = outcome.message ?? (outcome.text.isEmpty ? nil : outcome.text) {
                        result.output.insert("Skipped: \(reason)", at: 0)
                    }
                }
            default:
                // Surefire's earlier runs of the test: `flakyFailure` before a pass, `rerunFailure` before a failure.
                let status = outcome.failureStatus
                var attempt = TestAttempt(
                    status: status, durationSeconds: 0, failures: [failure])
                attempt.evidence = Evidence(
                    what: "the JUnit file records a <\(outcome.element)>", source: source, line: outcome.line)
                earlierRuns.append(attempt)
            }
        }
        if testCase.endedByCut, result.status == .passed {
            result.status = .unfinished
            result.evidence = Evidence(
                what: "the JUnit file ends inside this <testcase>, before its result", source: source,
                line: testCase.line)
        }
        // Every attempt, the final one last, as smokerun's own retries and a bundle's repetitions record them.
        result.attempts = earlierRuns.isEmpty ? [] : earlierRuns + [result.asAttempt]
        result.flaky = !earlierRuns.isEmpty && result.status == .passed
        return result
    }

    /// The `message` attribute, with the element's text after it when that says more (a stack, a location).
    private static func failureMessage(_ outcome: JUnitXMLReader.Outcome) -> String {
        let text = outcome.text
        guard let message = outcome.message, !message.isEmpty else {
            return text.isEmpty ? "the JUnit file records a <\(outcome.element)> without a message" : text
        }
        return text.isEmpty || text == message ? message : "\(message)\n\(text)"
    }
}

extension TestResult {
    /// One test from its argument cases: failing when any case fails (the first failing case's status and evidence),
    /// with every case's failures, attempts and output, times summed; flaky when it passed only on a retry.
    fileprivate static func combining(_ cases: [TestResult]) -> TestResult {
        guard var combined = cases.first else { preconditionFailure("a test has at least one case") }
        for next in cases.dropFirst() {
            if next.status.isFailure, !combined.status.isFailure {
                combined.status = next.status
                combined.evidence = next.evidence
            } else if combined.status == .skipped, next.status != .skipped {
                combined.status = next.status
            }
            combined.failures += next.failures
            combined.attempts += next.attempts
            combined.output = Array((combined.output + next.output).prefix(outputLineLimit))
            combined.durationSeconds += next.durationSeconds
            combined.flaky = combined.flaky || next.flaky
        }
        combined.flaky = combined.flaky && combined.status == .passed
        return combined
    }

    /// This result as one attempt of the test.
    fileprivate var asAttempt: TestAttempt {
        var attempt = TestAttempt(status: status, durationSeconds: durationSeconds, failures: failures, output: output)
        attempt.evidence = evidence
        return attempt
    }

    /// Another run of this test (a retry the JUnit file marks): it becomes the result, this one an earlier attempt.
    fileprivate mutating func addRun(_ run: TestResult) {
        attempts = (attempts.isEmpty ? [asAttempt] : attempts) + (run.attempts.isEmpty ? [run.asAttempt] : run.attempts)
        status = run.status
        durationSeconds = run.durationSeconds
        failures = run.failures
        output = run.output
        evidence = run.evidence
        flaky = status == .passed && attempts.contains { $0.status.isFailure }
    }
}
