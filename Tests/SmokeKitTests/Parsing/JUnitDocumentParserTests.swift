import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// JUnit XML as `parse` input: `swift test --xunit-output`'s two files and other tools' JUnit reports.
@Suite struct JUnitDocumentParserTests {
    typealias Support = ParsingTestSupport

    /// The shape Swift 6.3.1 on Linux writes for XCTest with `swift test --parallel --xunit-output x.xml` (without
    /// `--parallel` it writes no XCTest file): a blank line after the declaration, `classname="Module.Class"`, a bare
    /// method name, `message="failure"` whatever failed, and a skipped test written as one that passed.
    static let swiftPMXCTest = JUnitSamples.swiftPMXCTest

    /// The `-swift-testing` file beside it: `classname="Module.Suite.Nested"` (the module alone for a free function),
    /// the function's name (never its display name), `tests` leaving the skipped test out, times in exponent form.
    static let swiftPMSwiftTesting = JUnitSamples.swiftPMSwiftTesting

    @Test func swiftPMsXCTestFileNamesTestsAsTheListDoesAndFailsWithEvidence() throws {
        let document = try JUnitDocumentParser.parse(Data(Self.swiftPMXCTest.utf8), path: "x.xml", source: "x.xml")
        #expect(
            document.tests.map(\.id) == [
                "CartKitTests.CartTests/testTotalFails", "CartKitTests.CartTests/testSkipped",
                "CartKitTests.CartTests/testTotal",
            ])
        #expect(document.tests.map(\.suite) == ["CartTests", "CartTests", "CartTests"])
        #expect(document.tests.allSatisfy { $0.framework == .xctest })
        #expect(document.tests.map(\.status) == [.failed, .passed, .passed])
        #expect(document.tests[0].failures == [TestFailure(message: "failure")])
        #expect(
            document.tests[0].evidence
                == Evidence(what: "the JUnit file records a <failure>", source: "x.xml", line: 6))
        #expect(document.tests[2].durationSeconds == 0.199571896)
        var counts = FrameworkCount(framework: "xctest", tests: 3, failures: 1, from: "x.xml:4")
        counts.countsFailingTests = true
        #expect(document.counts == [counts])
    }

    /// A JUnit file has no clock of the run: its stated total time (the root's, else its suites' summed) is the
    /// run's duration.
    @Test(arguments: [
        ("<testsuites time=\"12.5\"><testsuite name=\"A\" time=\"3\">", 12.5),
        ("<testsuites><testsuite name=\"A\" time=\"3\">", 3.0),
    ])
    func theFilesOwnTotalTimeIsTheRunsDuration(_ head: String, _ seconds: Double) throws {
        let xml = "\(head)<testcase classname=\"M.C\" name=\"t\" time=\"0.1\"/></testsuite></testsuites>"
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(document.durationSeconds == seconds)
        let file = try Support.temporaryFile(Data(xml.utf8), name: "j.xml")
        #expect(try LogParser().parse(files: [file]).times.durationSeconds == seconds)
    }

    @Test func swiftPMsSwiftTestingFileNamesTestsAsTheEventStreamDoes() throws {
        let document = try JUnitDocumentParser.parse(
            Data(Self.swiftPMSwiftTesting.utf8), path: "x-swift-testing.xml", source: "x-swift-testing.xml")
        #expect(
            document.tests.map(\.id) == [
                "CartKitTests.CartSuite/disabledOne()", "CartKitTests.CartSuite/failsOnPurpose()",
                "CartKitTests.CartSuite/addsTwo()", "CartKitTests.Outer/Inner/deep()", "CartKitTests/freeFunction()",
            ])
        #expect(document.tests.map(\.suite) == ["CartSuite", "CartSuite", "CartSuite", "Outer/Inner", "CartKitTests"])
        #expect(document.tests.allSatisfy { $0.framework == .swiftTesting })
        #expect(document.tests.map(\.status) == [.skipped, .failed, .passed, .passed, .passed])
        #expect(document.tests[0].output == ["Skipped: not yet"])
        #expect(
            document.tests[1].failures.map(\.message) == [
                "Expectation failed: (add(1, 1) → 2) == 3 (error): one and one are not three"
            ])
        #expect(document.tests[1].evidence?.line == 8)
        #expect(document.tests[2].durationSeconds == 6.3374e-05)
        // `tests="4"` leaves the skipped one out; Swift Testing's own count (`Test run with 5 tests`) has it.
        #expect(
            document.counts == [
                FrameworkCount(framework: "swift-testing", tests: 5, failures: 1, from: "x-swift-testing.xml:3")
            ])
    }

    /// Other tools' JUnit: the status each outcome element gives, and the evidence it leaves.
    @Test(
        arguments: [
            (#"<failure message="XCTAssertTrue failed">Unit.swift:19</failure>"#, TestStatus.failed, "<failure>"),
            (#"<error message="Fatal error: Index out of range" type="crash"/>"#, .crashed, "<error>"),
            (#"<error message="Test runner exited with signal 11"/>"#, .crashed, "<error>"),
            (#"<error message="Caught error: TestError()" type="Uncategorized"/>"#, .failed, "<error>"),
            (#"<error message="Expected signal not received" type="AssertionError"/>"#, .failed, "<error>"),
            (#"<failure message="Test crashed">n/a</failure>"#, .crashed, "<failure>"),
            (#"<failure message="/ci/Tests/T.swift:0 - Test crashed with signal segv."/>"#, .crashed, "<failure>"),
            (#"<failure>Test crashed with signal segv.</failure>"#, .crashed, "<failure>"),
            (
                #"<failure message="/ci/Tests/T.swift:21 - Crash reporter was not installed at launch"/>"#, .failed,
                "<failure>"
            ),
            (#"<failure message="crashCount was 1, expected 0"/>"#, .failed, "<failure>"),
            (#"<failure message="XCTAssertFalse failed - test crashed flag set"/>"#, .failed, "<failure>"),
            (
                #"<failure message="XCTAssertEqual failed: (&quot;Exited with signal code 9&quot;) is not equal to (&quot;0&quot;)"/>"#,
                .failed, "<failure>"
            ),
            (#"<error message="The test runner crashed before establishing connection"/>"#, .crashed, "<error>"),
            (#"<error message="Process terminated by signal 11"/>"#, .crashed, "<error>"),
            (#"<failure message="Waited 60 s" type="timedOut"/>"#, .timedOut, "<failure>"),
            (#"<skipped message="Feature not yet implemented"/>"#, .skipped, nil),
            ("", .passed, nil),
        ] as [(String, TestStatus, String?)])
    func eachOutcomeElementGivesItsStatus(element: String, status: TestStatus, evidence: String?) throws {
        let xml = """
            <testsuites tests="1">
              <testsuite name="Unit" tests="1">
                <testcase classname="Unit" name="testExample()" time="0.1">
                  \(element)
                </testcase>
              </testsuite>
            </testsuites>
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        let test = try #require(document.tests.first)
        #expect(test.id == "Unit/testExample")
        #expect(test.status == status)
        #expect(
            test.evidence == evidence.map { Evidence(what: "the JUnit file records a \($0)", source: "j.xml", line: 4) }
        )
    }

    @Test func aFailuresTextFollowsItsMessage() throws {
        let xml = """
            <testsuite name="XcresultparserTests.xctest" tests="1" failures="1">
              <testcase name="testConverter()" classname="XcresultparserTests">
                <failure message="Uncategorized: testConverter()" type="Uncategorized">failed - Unable to convert</failure>
              </testcase>
            </testsuite>
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(
            document.tests.first?.failures.first?.message
                == "Uncategorized: testConverter()\nfailed - Unable to convert")
        #expect(document.counts == [FrameworkCount(framework: "junit", tests: 1, failures: 1, from: "j.xml:1")])
        // A JUnit file's own totals count every framework in it: nothing is left unverified.
        let reconciliation = try #require(Reconciliation.compare(document.counts, with: document.tests))
        #expect(reconciliation.agrees && reconciliation.unverified.isEmpty)
    }

    /// fastlane trainer writes each case of a parameterized Swift Testing test as a test case with the same
    /// `testname`, its `argument`, and a `repetition` even without retries: cases are not retries, and one failing
    /// case fails the test whatever the later cases did.
    @Test(
        arguments: [
            // Without retries: the first of three cases fails.
            ([("1", "fail", "Retry 2"), ("2", "pass", "Retry 2"), ("3", "pass", "Retry 2")], TestStatus.failed, false),
            // With retries, each case run twice: case 1 passes on its retry, case 2 fails both times, case 3 passes.
            (
                [
                    ("1", "fail", "Retry 1"), ("1", "pass", "Retry 2"), ("2", "fail", "Retry 1"),
                    ("2", "fail", "Retry 2"),
                    ("3", "pass", "Retry 1"), ("3", "pass", "Retry 2"),
                ], .failed, false
            ),
            // Every case passes, one only on its retry: passed, flaky.
            ([("1", "fail", "Retry 1"), ("1", "pass", "Retry 2"), ("2", "pass", "Retry 1")], .passed, true),
            // No arguments, the same repetition three times: three cases, not retries; the first one's failure stands.
            ([("", "fail", "Retry 2"), ("", "pass", "Retry 2"), ("", "pass", "Retry 2")], .failed, false),
        ] as [([(String, String, String)], TestStatus, Bool)])
    func casesOfAParameterizedTestAreNotRetriesAndAFailingCaseFailsIt(
        runs: [(String, String, String)], status: TestStatus, flaky: Bool
    ) throws {
        let cases = runs.map { argument, outcome, repetition in
            """
                <testcase name="validates(input:)" classname="ParserTests" time="0.25">
                  \(outcome == "fail" ? "<failure message=\"ParserTests.swift:9: Expectation failed: \(argument)\"/>" : "")
                  <properties>
                    <property name="testname" value="validates(input:)"/>
                    <property name="argument" value="\(argument)"/>
                    <property name="repetition" value="\(repetition)"/>
                  </properties>
                </testcase>
            """
        }
        let xml = "<testsuites><testsuite name=\"Parser\">\n\(cases.joined(separator: "\n"))\n</testsuite></testsuites>"
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        let test = try #require(document.tests.first)
        #expect(document.tests.count == 1)
        #expect(test.status == status && test.flaky == flaky, "\(test.status) flaky \(test.flaky)")
        // A run is a new case when its argument is new, or its repetition was seen already for that argument.
        var repetitions: [String: Set<String>] = [:]
        var caseCount = 0
        for (argument, _, repetition) in runs {
            if repetitions[argument]?.insert(repetition).inserted != true {
                caseCount += 1
                repetitions[argument] = [repetition]
            }
        }
        #expect(test.durationSeconds == 0.25 * Double(caseCount))
        if status == .failed {
            #expect(test.evidence?.line != nil)
            #expect(!test.failures.isEmpty)
        }
    }

    @Test func runsTheFileMarksAsRetriesAreAttemptsOfOneTest() throws {
        let xml = """
            <testsuites tests="2" failures="0">
              <testsuite name="Checkout" tests="2" failures="0">
                <testcase name="Pays by card" classname="CheckoutTests" time="1.5">
                  <failure message="CheckoutTests.swift:12: Expectation failed"/>
                  <properties><property name="repetition" value="Retry 1"/></properties>
                </testcase>
                <testcase name="Pays by card" classname="CheckoutTests" time="0.5">
                  <properties><property name="repetition" value="Retry 2"/></properties>
                </testcase>
                <testcase classname="CheckoutTests" name="refunds()" time="0.1"/>
                <testcase classname="CheckoutTests" name="refunds()" time="0.1"/>
              </testsuite>
            </testsuites>
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(
            document.tests.map(\.id) == [
                "CheckoutTests/Pays by card", "CheckoutTests/refunds()", "CheckoutTests/refunds()#2",
            ])
        let retried = document.tests[0]
        #expect(retried.status == .passed && retried.flaky)
        #expect(retried.attempts.map(\.status) == [.failed, .passed])
        #expect(retried.attempts.first?.evidence?.line == 4)
        #expect(document.tests.map(\.order) == [1, 2, 3])
    }

    @Test func smokerunsOwnRerunElementsAreEarlierAttempts() throws {
        let xml = """
            <testsuites tests="1" failures="0" errors="0" skipped="0">
              <testsuite name="CartTests" tests="1" failures="0" errors="0" skipped="0">
                <testcase classname="Shop.CartTests" name="testTotal" time="0.2">
                  <flakyFailure message="XCTAssertEqual failed" type="failure"/>
                </testcase>
              </testsuite>
            </testsuites>
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        let test = try #require(document.tests.first)
        #expect(test.status == .passed && test.flaky)
        // Every attempt, the final one last: the junit.xml smokerun writes keeps the earlier failure.
        #expect(test.attempts.map(\.status) == [.failed, .passed])
        #expect(test.attempts.first?.evidence?.what == "the JUnit file records a <flakyFailure>")
        #expect(JUnitReport.earlierFailingAttempts(test).map(\.status) == [.failed])
    }

    @Test(arguments: [
        (
            "<testsuites><testsuite name=\"A\"><testcase name=\"t\"></testsuite>",
            "is not well-formed XML (the XML parser stops at line 1)"
        ),
        ("<testsuites tests=\"0\"/>", "holds no test cases"),
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n",
            "ends inside its <testsuites> before any <testcase>: the tool writing it stopped"
        ),
    ])
    func aBrokenOrEmptyFileSaysSoAndNamesIt(xml: String, says: String) throws {
        let file = try Support.temporaryFile(Data(xml.utf8), name: "report.xml")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.localizedDescription.hasPrefix(file.path))
        #expect(error.localizedDescription.contains(says), "\(error.localizedDescription)")
        #expect(error.kind == .invalidInput)
    }

    /// `swift test` leaves its Swift Testing JUnit file unfinished when a test crashes the process: beside the run's
    /// console output it is left out, said, and the log's account of the run (the crash among it) stands.
    @Test func anUnfinishedFileBesideTheRunsLogIsLeftOutAndSaid() throws {
        let log = try Support.temporaryFile(
            Data(
                """
                ◇ Test run started.
                ◇ Test crashes() started.
                Tests/T.swift:3: Fatal error: boom

                """.utf8), name: "console.log")
        let stub = log.deletingLastPathComponent().appendingPathComponent("x-swift-testing.xml")
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n".utf8).write(to: stub)
        let parsed = try LogParser().parse(files: [log, stub])
        #expect(parsed.results.map(\.status) == [.crashed])
        #expect(parsed.formats == ["console"])
        #expect(parsed.problems.contains { $0.contains("x-swift-testing.xml: ends inside its <testsuites>") })
    }

    /// Two reports naming the same tests (one a device, or a re-run): each is an execution of its own, as their
    /// totals, summed, count them; one's failure is never written over by the other's pass.
    @Test func twoReportsOfTheSameTestsKeepEveryExecution() throws {
        func report(_ status: String) -> String {
            """
            <testsuites tests="2" failures="\(status.isEmpty ? 0 : 1)">
              <testsuite name="CartTests" tests="2" failures="\(status.isEmpty ? 0 : 1)">
                <testcase classname="App.CartTests" name="testAdd" time="0.1"/>
                <testcase classname="App.CartTests" name="testRemove" time="0.1">\(status)</testcase>
              </testsuite>
            </testsuites>
            """
        }
        let small = try Support.temporaryFile(Data(report("<failure message=\"layout broken\"/>").utf8), name: "s.xml")
        let large = small.deletingLastPathComponent().appendingPathComponent("l.xml")
        try Data(report("").utf8).write(to: large)
        let parsed = try LogParser().parse(files: [small, large])
        #expect(parsed.results.map(\.status) == [.passed, .failed, .passed, .passed])
        #expect(parsed.results.map(\.id).last == "App.CartTests/testRemove#2")
        #expect(parsed.reconciliation?.agrees == true, "\(String(describing: parsed.reconciliation))")
    }

    /// A suite's `timestamp` is when the recorded run started, whatever its form: a parsed run keeps its own times.
    @Test func aSuitesTimestampIsTheRunsStart() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let eight = Date(timeIntervalSince1970: 1_796_025_600) // 2026-11-30T08:00:00Z
        #expect(JUnitDocumentParser.timestamp("2026-11-30T08:00:00", timeZone: utc) == eight)
        #expect(JUnitDocumentParser.timestamp("2026-11-30T08:00:00Z") == eight)
        #expect(JUnitDocumentParser.timestamp("2026-11-30T09:00:00+01:00") == eight)
        #expect(JUnitDocumentParser.timestamp("2026-11-30T08:00:00.5Z") == eight.addingTimeInterval(0.5))
        #expect(JUnitDocumentParser.timestamp("yesterday") == nil)
        let xml = """
            <testsuites>
              <testsuite name="CartTests" tests="1" failures="0" time="2.5" timestamp="2026-11-30T08:00:00Z">
                <testcase classname="App.CartTests" name="testAdd" time="2.5"/>
              </testsuite>
            </testsuites>
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(document.startedAt == eight)
        #expect(document.durationSeconds == 2.5)
    }

    @Test func theXUnitPairReadTogetherIsOneRunWithBothFrameworksReconciled() throws {
        let xctest = try Support.temporaryFile(Data(Self.swiftPMXCTest.utf8), name: "x.xml")
        let swiftTesting = xctest.deletingLastPathComponent().appendingPathComponent("x-swift-testing.xml")
        try Data(Self.swiftPMSwiftTesting.utf8).write(to: swiftTesting)
        let parsed = try LogParser().parse(files: [xctest, swiftTesting])
        #expect(parsed.formats == ["junit", "junit"])
        #expect(parsed.results.count == 8)
        #expect(Set(parsed.results.map(\.framework)) == [.xctest, .swiftTesting])
        let reconciliation = try #require(parsed.reconciliation)
        #expect(reconciliation.agrees, "\(reconciliation.differences)")
    }

    // MARK: - Corpus

    /// The JUnit files of the corpus (SonarQube's `<testExecutions>` reports are refused, not read).
    static var corpusFiles: [String] {
        let folder = CorpusLocation.file("junit")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") && !$0.contains("sonar") }.sorted().map { "junit/\($0)" }
    }

    /// Files whose own `tests=` does not count their own test cases, and why.
    static let ownCountsThatDisagree: [String: String] = [
        "junit/fastlane__trainer__Test.test_result.xml": "states tests=\"0\" over seven test cases",
        "junit/fastlane__trainer__SwiftTesting.junit.xml":
            "each test written three times without a retry marker: six tests here, two by its count",
        "junit/test_center__junit.xml": "its <testsuites> says 2, its two suites hold four test cases",
        "junit/fastlane__trainer__Xcode16-Mixed-XCTest-SwiftTesting-WithRetries.junit.xml":
            "trainer counts 192; its test cases name 189 tests (the rest are marked retries)",
        "junit/fastlane__trainer__Xcode16-Mixed-XCTest-SwiftTesting-WithoutRetries.junit.xml":
            "trainer counts 192; its test cases name 189 tests (three are marked retries)",
    ]

    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus is not beside the package"))
    func everyCorpusJUnitFileParsesAndCountsWhatItSays() throws {
        try CorpusLocation.require()
        let files = Self.corpusFiles
        #expect(files.count >= 20, "only \(files.count) JUnit files in the corpus; is it complete?")
        var checked = 0
        for path in files {
            let parsed = try LogParser().parse(files: [CorpusLocation.file(path)])
            #expect(!parsed.results.isEmpty, "\(path)")
            #expect(parsed.formats == ["junit"], "\(path)")
            guard let own = parsed.frameworkCounts.first, Self.ownCountsThatDisagree[path] == nil else { continue }
            #expect(parsed.results.count == own.tests, "\(path): read \(parsed.results.count), it says \(own.tests)")
            checked += 1
        }
        #expect(checked >= 14, "only \(checked) corpus JUnit files were checked against their own counts")
    }

    /// Where a failure happened, as each tool writes it: the test case's `file`/`line` attributes, or a location in
    /// the message or text. The message stays as written.
    @Test(
        arguments: [
            (#"file="Tests/T.swift" line="12"><failure message="boom"/>"#, "Tests/T.swift", 12 as Int?),
            // A file without a line: the message's own place, a helper's (trunk's converter).
            (#"file="Tests/T.swift"><failure message="Support.swift:15: Issue recorded"/>"#, "Support.swift", 15),
            (#"file="Tests/T.swift"><failure message="boom"/>"#, "Tests/T.swift", nil),
            (#"><failure message="/src/T.swift:34 - XCTAssertTrue failed - no: nope"/>"#, "/src/T.swift", 34),
            (#"><failure message="T.swift:122: Caught error: E(message: &quot;x&quot;)"/>"#, "T.swift", 122),
            (
                #"><failure message="XCTAssertTrue failed -  (/Users/Jo Smith/App/U.swift:19)"/>"#,
                "/Users/Jo Smith/App/U.swift", 19
            ),
            (
                #"><failure message="XCTAssertTrue failed (/src/T.swift#CharacterRangeLen=0&amp;StartingLineNumber=35)"/>"#,
                "/src/T.swift", 36
            ),
            (
                #"><failure message="XCTAssertEqual failed: (&quot;3&quot;) is not equal to (&quot;0&quot;) - ">AtomicBoy.m:38</failure>"#,
                "AtomicBoy.m", 38
            ),
            (#"><failure message="failed">Tests/T.swift:9:5</failure>"#, "Tests/T.swift", 9),
            (#"><failure message="failed - no">/src/T.swift:36 failed - no</failure>"#, "/src/T.swift", 36),
            (#"><failure message="no (/src/T.swift#StartingLineNumber=9223372036854775807)"/>"#, "/src/T.swift", nil),
        ] as [(String, String, Int?)])
    func aFailuresLocationIsReadWhereItsToolPutsIt(testCaseTail: String, file: String, line: Int?) throws {
        let xml =
            #"<testsuite name="U" tests="1"><testcase classname="U" name="t" \#(testCaseTail)</testcase></testsuite>"#
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        let failure = try #require(document.tests.first?.failures.first)
        #expect(failure.file == file)
        #expect(failure.line == line)
    }

    /// Messages that only look like they hold a place keep none.
    @Test(arguments: [
        #"<failure message="XCTAssertEqual failed: (&quot;1.5&quot;) is not equal to (&quot;2&quot;)"/>"#,
        #"<failure message="Test crashed">n/a</failure>"#, #"<failure message="ratio 3:2 expected"/>"#,
        #"<failure message="api.example.com:443: connection refused"/>"#,
        // A stack trace's last frame is the runtime's outermost, not where the test failed.
        """
        <failure message="expected 1">java.lang.AssertionError: expected 1
        \tat app.CalcTest.adds(CalcTest.java:27)
        \tat org.apache.maven.surefire.booter.ForkedBooter.main(ForkedBooter.java:418)</failure>
        """,
    ])
    func aMessageWithoutAPlaceGivesNone(element: String) throws {
        let xml = #"<testsuite name="U" tests="1"><testcase classname="U" name="t">\#(element)</testcase></testsuite>"#
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        let failure = try #require(document.tests.first?.failures.first)
        #expect(failure.file == nil)
        #expect(failure.line == nil)
    }

    /// A time as writers in other locales put it, and ones that state no time: never `NaN` or `Infinity` in a report.
    @Test(
        arguments: [
            ("0.5", 0.5), ("0,5", 0.5), ("1.234,5", 1234.5), ("1,234.5", 1234.5), (" 2 ", 2), ("NaN", 0), ("inf", 0),
            ("-1", 0), ("soon", 0),
        ] as [(String, Double)])
    func aTestsTimeIsReadInEveryLocaleAndNeverNonFinite(time: String, seconds: Double) throws {
        let xml = #"<testsuite name="U" tests="1"><testcase classname="U" name="t" time="\#(time)"/></testsuite>"#
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(document.tests.first?.durationSeconds == seconds)
    }

    /// A test case that says it did not run, as tst, googletest and others write it, is skipped, not passed.
    @Test(arguments: [
        #"status="disabled"/>"#, #"status="notrun" result="suppressed"/>"#, #"result="skipped"/>"#,
        #"status="disabled"><skipped message="flag off"/></testcase>"#,
    ])
    func aTestCaseThatSaysItDidNotRunIsSkipped(tail: String) throws {
        let xml =
            #"<testsuite name="U" tests="2" disabled="1"><testcase classname="U" name="a"/><testcase classname="U" name="b" \#(tail)</testsuite>"#
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(document.tests.map(\.status) == [.passed, .skipped])
    }

    /// A JUnit file its writer stopped writing (killed, a full disk, a cut upload): the test cases it finished stand,
    /// one it ends inside is unfinished, and the run is incomplete, never refused.
    @Test(
        arguments: [
            ("", [TestStatus.failed, .passed], 0),
            (
                #"\#n    <testcase classname="U" name="c" time="0.1">\#n      <system-out>still runn"#,
                [.failed, .passed, .unfinished], 1
            ),
            (#"\#n    <testcase classname="U" name="c" ti"#, [.failed, .passed], 0),
            (
                #"\#n    <testcase classname="U" name="c"><failure message="U.swift:9: lost">at fra"#,
                [.failed, .passed, .failed], 0
            ),
            (
                #"\#n    <testcase classname="U" name="c"><skipped message="not on linux"/>"#,
                [.failed, .passed, .skipped], 0
            ),
        ] as [(String, [TestStatus], Int)])
    func aFileItsWriterStoppedKeepsItsFinishedTestsAndIsIncomplete(
        tail: String, statuses: [TestStatus], unfinished: Int
    )
        throws
    {
        let xml = """
            <testsuites tests="40" failures="1">
              <testsuite name="U" tests="40" failures="1">
                <testcase classname="U" name="a" time="0.1"><failure message="U.swift:3: broke"/></testcase>
                <testcase classname="U" name="b" time="0.1"/>\(tail)
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(document.tests.map(\.status) == statuses)
        #expect(document.endsAtLine != nil)
        let file = try Support.temporaryFile(Data(xml.utf8), name: "j.xml")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.incomplete?.source == "j.xml")
        #expect(parsed.incomplete?.unfinished == unfinished)
    }

    /// A file broken in its middle is still refused: closing what is open at its end does not mend it.
    @Test func aFileBrokenInItsMiddleIsStillRefused() throws {
        let xml = #"<testsuites><testsuite name="U"><testcase name="a"></testsuite><testcase name="b"/>"#
        #expect(throws: ParseError.self) {
            try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        }
    }

    /// The same report given twice, or a copy of it (a CI glob matching it twice), is one account of the run: read
    /// once, said; its tests are not doubled.
    @Test func aReportGivenTwiceIsReadOnceAndSaid() throws {
        let xml =
            #"<testsuite name="U" tests="2" failures="1"><testcase classname="U" name="a"><failure message="no"/></testcase><testcase classname="U" name="b"/></testsuite>"#
        let file = try Support.temporaryFile(Data(xml.utf8), name: "j.xml")
        let copy = file.deletingLastPathComponent().appendingPathComponent("copy.xml")
        try Data(xml.utf8).write(to: copy)
        let link = file.deletingLastPathComponent().appendingPathComponent("link.xml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        for files in [[file, file], [file, copy], [link, file]] {
            let parsed = try LogParser().parse(files: files)
            #expect(parsed.results.map(\.id) == ["U/a", "U/b"])
            #expect(parsed.inputs.count == 1)
            #expect(parsed.problems.count == 1)
            #expect(parsed.problems.first?.contains("read once") == true)
            #expect(parsed.reconciliation?.agrees == true)
        }
    }

    /// A writer that counts `<failure>`/`<error>` elements, not failing test cases (two in one case count two), and
    /// puts `file`/`line` on each element: the counts agree, each failure keeps its own place.
    @Test func aFileCountingFailureElementsAgreesAndEachElementKeepsItsPlace() throws {
        let xml = """
            <testsuites>
              <testsuite name="M" tests="2" failures="1" errors="2">
                <testcase name="a" classname="M"><error message="one" file="src/a.ts" line="101"/><error message="two" file="src/a.ts" line="102"/></testcase>
                <testcase name="b" classname="M"><failure message="three"/></testcase>
              </testsuite>
            </testsuites>
            """
        let document = try JUnitDocumentParser.parse(Data(xml.utf8), path: "j.xml", source: "j.xml")
        #expect(document.counts.map(\.failures) == [2])
        #expect(document.tests.first?.failures.map(\.line) == [101, 102])
        #expect(document.tests.first?.failures.map(\.file) == ["src/a.ts", "src/a.ts"])
    }
}
