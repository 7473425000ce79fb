import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct JUnitReportTests {
    @Test func matchesGoldenFile() {
        assertSnapshot(JUnitReport.render(ReportFixture.report), named: "junit.xml")
    }

    @Test func countsAgreeWithReportTotals() throws {
        let report = ReportFixture.report
        let document = try XMLDocument(xmlString: JUnitReport.render(report))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        let testSuites = suites.filter {
            $0.attribute(forName: "name")?.stringValue != JUnitReport.infrastructureSuiteName
        }
        func sum(_ name: String, _ elements: [XMLElement]) -> Int {
            elements.reduce(0) { $0 + (Int($1.attribute(forName: name)?.stringValue ?? "") ?? -1_000) }
        }
        #expect(sum("tests", testSuites) == report.totals.tests)
        #expect(sum("failures", testSuites) == report.totals.failed)
        #expect(sum("errors", testSuites) == report.totals.crashed + report.totals.timedOut)
        #expect(sum("skipped", testSuites) == report.totals.skipped)
        // One <testcase> per test, never per attempt, and nothing else: errors are not tests.
        #expect(!report.errors.isEmpty)
        #expect(try document.nodes(forXPath: "//testsuite/testcase").count == report.totals.tests)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == report.totals.failed)
        #expect(
            try document.nodes(forXPath: "//testcase/error").count == report.totals.crashed + report.totals.timedOut)
        #expect(try document.nodes(forXPath: "//testcase/skipped").count == report.totals.skipped)
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "\(report.totals.tests)")
        #expect(root.attribute(forName: "errors")?.stringValue == "\(report.totals.crashed + report.totals.timedOut)")
        let infrastructure = try #require(
            suites.first { $0.attribute(forName: "name")?.stringValue == JUnitReport.infrastructureSuiteName })
        #expect(infrastructure.attribute(forName: "tests")?.stringValue == "0")
        #expect(infrastructure.attribute(forName: "errors")?.stringValue == "0")
        let listed = try infrastructure.nodes(forXPath: "system-err").first?.stringValue ?? ""
        for error in report.errors { #expect(listed.contains(error.message)) }
    }

    @Test func aRunWhereNoTestRanShowsItsErrorsAsErrorTestCases() throws {
        var report = ReportFixture.report
        report.tests = []
        report.totals = Totals([])
        let document = try XMLDocument(xmlString: JUnitReport.render(report))
        #expect(try document.nodes(forXPath: "//testsuite/testcase/error").count == report.errors.count)
        #expect(document.rootElement()?.attribute(forName: "errors")?.stringValue == "\(report.errors.count)")
    }

    /// A run that failed with no failing test — a crash outside any test, xcodebuild's `** TEST FAILED **` — shows
    /// its errors as `<error>` test cases, so a JUnit consumer (a CI test tab) never shows it green; the tests' own
    /// suites keep exactly the report's tests.
    @Test(arguments: [RunStatus.failed, .error])
    func aRunThatFailedWithoutAFailingTestShowsItsErrorsAsErrorTestCases(_ status: RunStatus) throws {
        var report = ReportFixture.report
        report.tests = report.tests.filter { !$0.status.isFailure && $0.attempts.isEmpty }
        report.totals = Totals(report.tests)
        report.errors = [
            InfrastructureError(
                message: "the test process crashed at console.log:12 (`Exited with signal code 11`) while no test ran")
        ]
        report.status = status
        let document = try XMLDocument(xmlString: JUnitReport.render(report))
        let errors = try document.nodes(forXPath: "//testsuite[@name='smokerun.infrastructure']/testcase/error")
        #expect(errors.count == 1)
        #expect(
            (errors.first as? XMLElement)?.attribute(forName: "message")?.stringValue?.contains("signal code 11")
                == true)
        #expect(document.rootElement()?.attribute(forName: "errors")?.stringValue == "1")
        let ownCases = try document.nodes(forXPath: "//testsuite[@name!='smokerun.infrastructure']/testcase")
        #expect(ownCases.count == report.tests.count)
        // A passing run keeps its errors (notes) in system-err: no test case that is not a test.
        report.status = .passed
        let passing = try XMLDocument(xmlString: JUnitReport.render(report))
        #expect(try passing.nodes(forXPath: "//testcase/error").isEmpty)
        #expect(passing.rootElement()?.attribute(forName: "errors")?.stringValue == "0")
    }

    /// A run that did not finish — its log ends before the run did, or smokerun was stopped — with no failing test
    /// is one `<error>` test case saying so, never green to a JUnit consumer; its tests stay as they are.
    @Test(arguments: [RunStatus.incomplete, .interrupted])
    func aRunThatDidNotFinishIsAnErrorTestCase(_ status: RunStatus) throws {
        var report = ReportFixture.report
        report.tests = report.tests.filter { $0.status == .passed && $0.attempts.isEmpty }
        report.totals = Totals(report.tests)
        // A note stays a line of system-err: only the run's unfinished end is a case.
        report.errors = [InfrastructureError(message: "a test process was left running; ended it", severity: .note)]
        report.status = status
        if status == .incomplete {
            report.incomplete = IncompleteInput(
                source: "build.log", lastLine: 9, lastLineText: "Test Case 'A.b' passed (0.001 seconds)",
                unfinished: 0)
        }
        let document = try XMLDocument(xmlString: JUnitReport.render(report))
        let errors = try document.nodes(forXPath: "//testsuite[@name='smokerun.infrastructure']/testcase/error")
        #expect(errors.count == 1)
        let message = (errors.first as? XMLElement)?.attribute(forName: "message")?.stringValue ?? ""
        #expect(message.contains(status == .incomplete ? "the run is incomplete" : "the run was interrupted"))
        if status == .incomplete { #expect(errors.first?.stringValue?.contains("build.log ends at line 9") == true) }
        #expect(document.rootElement()?.attribute(forName: "errors")?.stringValue == "1")
        let listed = try document.nodes(forXPath: "//testsuite[@name='smokerun.infrastructure']/system-err")
        #expect(listed.first?.stringValue?.contains("a test process was left running") == true)
        let ownCases = try document.nodes(forXPath: "//testsuite[@name!='smokerun.infrastructure']/testcase")
        #expect(ownCases.count == report.tests.count)
        // The same tests in a run that finished: no test case that is not a test.
        report.status = .passed
        report.incomplete = nil
        #expect(try XMLDocument(xmlString: JUnitReport.render(report)).nodes(forXPath: "//testcase/error").isEmpty)
    }

    @Test func flakyTestKeepsItsFailedAttemptAsFlakyFailure() throws {
        let document = try XMLDocument(xmlString: JUnitReport.render(ReportFixture.report))
        let flaky = try document.nodes(forXPath: "//testcase[@name='testSplit']/flakyFailure").compactMap {
            $0 as? XMLElement
        }
        #expect(flaky.count == 1)
        #expect(flaky.first?.attribute(forName: "message")?.stringValue == "split was 3.33, expected 3.34")
        #expect(try document.nodes(forXPath: "//testcase[@name='testSplit']/failure").isEmpty)
    }

    @Test func testFailingEveryAttemptCarriesRerunElementsForTheExtraAttempts() throws {
        let document = try XMLDocument(xmlString: JUnitReport.render(ReportFixture.report))
        #expect(try document.nodes(forXPath: "//testcase[@name='testFetch']/failure").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='testFetch']/rerunFailure").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='testPay']/error").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='testPay']/rerunError").count == 1)
    }

    /// The names of a test case's child elements in `report`'s junit.xml, by the test case's name.
    private static func childElements(of report: RunReport) throws -> (String) throws -> [String] {
        let document = try XMLDocument(xmlString: JUnitReport.render(report))
        return { name in
            let node = try #require(try document.nodes(forXPath: "//testcase[@name='\(name)']").first as? XMLElement)
            return (node.children ?? []).compactMap { ($0 as? XMLElement)?.name }
        }
    }

    @Test func runsInOtherConfigurationsAreNoReruns() throws {
        func attempt(_ status: TestStatus, _ configuration: String) -> TestAttempt {
            let failures = status == .failed ? [TestFailure(message: "\(configuration) total")] : []
            return TestAttempt(status: status, durationSeconds: 1, failures: failures, configuration: configuration)
        }
        let once = TestResult(
            id: "M.S/once", name: "once", suite: "S", framework: .xctest, status: .failed,
            failures: [TestFailure(message: "German total")],
            attempts: [attempt(.failed, "German"), attempt(.passed, "English")])
        let retried = TestResult(
            id: "M.S/retried", name: "retried", suite: "S", framework: .xctest, status: .failed,
            failures: [TestFailure(message: "German total")],
            attempts: [attempt(.passed, "English"), attempt(.failed, "German"), attempt(.failed, "German")])
        var report = ReportFixture.minimalReport
        report.tests = [once, retried]
        report.totals = Totals(report.tests)
        let children = try Self.childElements(of: report)
        // German failed once and English passed once: one failure, no rerun.
        #expect(try children("once") == ["failure"])
        #expect(once.tries == 1)
        // German's first run was retried: that one is a rerun, English's pass is no attempt before it.
        #expect(try children("retried") == ["failure", "rerunFailure"])
        #expect(retried.tries == 2)
        let html = HTMLReport.render(report, attachmentContent: ReportFixture.attachmentContent)
        #expect(html.contains("2 attempts") && !html.contains("3 attempts"))
    }

    @Test func childrenFollowTheSurefireSchemaOrder() throws {
        let crashed = TestResult(
            id: "M.S/crashes", name: "crashes", suite: "S", framework: .xctest, status: .crashed,
            failures: [TestFailure(message: "boom")], output: ["out"],
            attempts: [
                TestAttempt(status: .failed, durationSeconds: 1, failures: [TestFailure(message: "first")]),
                TestAttempt(status: .timedOut, durationSeconds: 1),
                TestAttempt(status: .crashed, durationSeconds: 1, failures: [TestFailure(message: "boom")]),
            ])
        let flaky = TestResult(
            id: "M.S/flaky", name: "flaky", suite: "S", framework: .xctest, status: .passed, flaky: true,
            attempts: [
                TestAttempt(status: .crashed, durationSeconds: 1), TestAttempt(status: .failed, durationSeconds: 1),
                TestAttempt(status: .passed, durationSeconds: 1),
            ])
        var report = ReportFixture.minimalReport
        report.tests = [crashed, flaky]
        report.totals = Totals(report.tests)
        let children = try Self.childElements(of: report)
        #expect(try children("crashes") == ["rerunFailure", "error", "rerunError", "system-out"])
        #expect(try children("flaky") == ["flakyFailure", "flakyError"])
    }

    @Test func failureKeepsFullMessageAndLocation() throws {
        let document = try XMLDocument(xmlString: JUnitReport.render(ReportFixture.report))
        let failure = try #require(
            try document.nodes(forXPath: "//testcase[@name='testRounding']/failure").first as? XMLElement)
        #expect(
            failure.attribute(forName: "message")?.stringValue
                == "XCTAssertEqual failed: (\"1.5\") is not equal to (\"2\") - a | b < c & \"d\"]]>")
        #expect(
            failure.stringValue?.contains(
                "/src/Tests/TipCalculatorTests/TipTests.swift:43: second failure\nwith two lines") == true)
    }

    @Test func expectedFailurePassesWithANote() throws {
        let document = try XMLDocument(xmlString: JUnitReport.render(ReportFixture.report))
        let testCase = try #require(try document.nodes(forXPath: "//testcase[@name='knownBug()']").first as? XMLElement)
        #expect(testCase.elements(forName: "failure").isEmpty && testCase.elements(forName: "error").isEmpty)
        #expect(testCase.elements(forName: "system-out").first?.stringValue?.contains("Expected failure") == true)
    }

    @Test(arguments: ["\u{0}", "\u{1B}[31m", "\u{7}", "\u{FFFE}", "\u{FFFF}", "\u{85}", "]]>", "\u{D}\u{A}", "😀"])
    func hostileTextStillGivesWellFormedXML(text: String) throws {
        let test = TestResult(
            id: "M.S\(text)/t\(text)", name: "t\(text)", suite: "S\(text)", framework: .xctest, status: .failed,
            failures: [TestFailure(message: "m\(text)", file: "f\(text)", line: 1)], output: ["o\(text)"])
        var report = ReportFixture.minimalReport
        report.tests = [test]
        report.totals = Totals([test])
        let document = try XMLDocument(xmlString: JUnitReport.render(report))
        #expect(try document.nodes(forXPath: "//testcase").count == 1)
    }

    @Test func legalCharactersPassThroughAndControlsBecomeVisible() {
        #expect(XMLText.escape("a\u{0}b\u{1B}c\td\n") == "a\u{2400}b\u{241B}c\td\n")
        #expect(XMLText.escapeAttribute("<\"'&\n>") == "&lt;&quot;&#39;&amp;&#10;&gt;")
    }
}

/// A passed test with nothing more to say is written without a `String` (most of a million-test report); it must
/// come out as the general writer spells it, and anything it cannot write as is goes the general way.
@Suite struct JUnitPlainTestCaseTests {
    private func testCaseLine(id: String, name: String, suite: String, seconds: Double, device: String? = nil) throws
        -> String
    {
        var test = TestResult(
            id: id, name: name, suite: suite, framework: .xctest, status: .passed, durationSeconds: seconds, order: 1)
        test.device = device
        var report = ReportFixture.report
        report.tests = [test]
        report.errors = []
        let xml = JUnitReport.render(report)
        return try #require(xml.split(separator: "\n").first { $0.contains("<testcase ") }.map(String.init))
    }

    @Test(arguments: [
        ("M.C/testA", "testA", "C", 0.051, #"    <testcase classname="M.C" name="testA" time="0.051">"#),
        ("M.C/testA", "testA", "C", 0.0, #"    <testcase classname="M.C" name="testA" time="0.000">"#),
        ("M.C/testA", "testA", "C", 1234.5, #"    <testcase classname="M.C" name="testA" time="1234.500">"#),
        ("M.C/testA", "testA", "C", 0.0005, #"    <testcase classname="M.C" name="testA" time="0.001">"#),
        ("M.C/testA", "testA", "C", 0.0015, #"    <testcase classname="M.C" name="testA" time="0.002">"#),
        ("Suite", "Suite", "Suite", 0.2, #"    <testcase classname="Suite" name="Suite" time="0.200">"#),
        ("M.C/a&b", "a&b", "C", 0.1, #"    <testcase classname="M.C" name="a&amp;b" time="0.100">"#),
        ("M.C/\"q\"", "\"q\"", "C", 0.1, #"    <testcase classname="M.C" name="&quot;q&quot;" time="0.100">"#),
        ("M.Ç/tést", "tést", "Ç", 0.1, #"    <testcase classname="M.Ç" name="tést" time="0.100">"#),
    ])
    func aPassedTestIsWrittenAsTheGeneralWriterSpellsIt(
        id: String, name: String, suite: String, seconds: Double, expected: String
    ) throws {
        #expect(try testCaseLine(id: id, name: name, suite: suite, seconds: seconds) == expected)
        #expect(String(format: "%.3f", seconds) == expected.split(separator: "\"")[5])
    }

    @Test func aTestOnADeviceKeepsItsDeviceInTheName() throws {
        let line = try testCaseLine(id: "M.C/testA", name: "testA", suite: "C", seconds: 0.1, device: "iPhone 15")
        #expect(line == #"    <testcase classname="M.C" name="testA [iPhone 15]" time="0.100">"#)
    }
}

/// Feeds junit.xml to real JUnit consumers (`xmllint`, Python's `junitparser`) through
/// `Scripts/validate-junit.sh`, which also checks the counts against report.json.
@Suite struct JUnitConsumerTests {
    static let script = JUnitConsumers.script
    static var consumersAvailable: Bool { JUnitConsumers.available }

    @Test(
        .enabled(if: consumersAvailable, "needs xmllint (libxml2-utils) and python3 with junitparser"),
        arguments: [ReportFixture.report, ReportFixture.minimalReport])
    func realConsumersReadTheSameCountsAsReportJSON(report: RunReport) throws {
        let folder = TestScratch.root.appendingPathComponent(
            "junit-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml")
        let json = folder.appendingPathComponent("report.json")
        try Data(JUnitReport.render(report).utf8).write(to: junit)
        try JSONReport.render(report).write(to: json)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.script.path, junit.path, json.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "validate-junit.sh failed:\n\(text)")
    }
}
