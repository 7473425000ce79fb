import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// An issue that belongs to an expected failure (`XCTExpectFailure`, `withKnownIssue`) stays with its test, in every
/// input: never a failure of a passing test, never an error "outside any test".
@Suite struct KnownIssueTests {
    private func parse(_ text: String, name: String = "log.txt") throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8), name: name)])
    }

    @Test func anXCTestExpectedFailureLineIsAKnownIssueOfItsPassingTest() throws {
        let parsed = try parse(
            """
            Test Suite 'Selected tests' started at 2025-03-01 12:00:00.000
            Test Case '-[AppTests.LoginTests testKnown]' started.
            /src/AppTests/LoginTests.swift:20: -[AppTests.LoginTests testKnown] : Expected failure: Bug 42: rounding: XCTAssertEqual failed: ("1") is not equal to ("2")
            Test Case '-[AppTests.LoginTests testKnown]' passed (0.003 seconds).
            Test Case '-[AppTests.LoginTests testPlain]' started.
            Test Case '-[AppTests.LoginTests testPlain]' passed (0.001 seconds).
            Test Suite 'Selected tests' passed at 2025-03-01 12:00:00.010.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.004 (0.010) seconds
            """)
        let known = try #require(parsed.results.first)
        #expect(known.id == "AppTests.LoginTests/testKnown")
        #expect(known.status == .expectedFailure)
        #expect(known.failures.isEmpty)
        #expect(
            known.output.contains {
                $0.hasPrefix("Known issue: Bug 42: rounding: XCTAssertEqual failed")
                    && $0.contains("LoginTests.swift:20")
            })
        #expect(parsed.results.last?.status == .passed)
        #expect(parsed.unrecognizedLineCount == 0)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.reconciliation?.agrees == true)
    }

    @Test func anXCTestExpectedFailureWithAnErrorPrefixIsKnownToo() {
        let event = ParsingTestSupport.consoleEvent(
            "/src/T.swift:9: error: -[M.T testK] : Expected failure: flaky backend: XCTAssertTrue failed")
        guard case .issue(let ref, let failure, let isKnown) = event else {
            Issue.record("not an issue: \(String(describing: event))")
            return
        }
        #expect(ref?.name == "testK")
        #expect(isKnown)
        #expect(failure.message == "flaky backend: XCTAssertTrue failed")
        #expect(failure.line == 9)
    }

    @Test func aRealFailureBesideAKnownIssueStillFailsTheTest() throws {
        let parsed = try parse(
            """
            Test Case '-[AppTests.LoginTests testMixed]' started.
            /src/AppTests/LoginTests.swift:30: -[AppTests.LoginTests testMixed] : Expected failure: known: XCTAssertTrue failed
            /src/AppTests/LoginTests.swift:31: error: -[AppTests.LoginTests testMixed] : XCTAssertEqual failed: ("a") is not equal to ("b")
            Test Case '-[AppTests.LoginTests testMixed]' failed (0.002 seconds).
            """)
        let test = try #require(parsed.results.first)
        #expect(test.status == .failed)
        #expect(test.failures.map(\.message) == [#"XCTAssertEqual failed: ("a") is not equal to ("b")"#])
    }

    @Test func aSwiftTestingKnownIssueKeepsItsTestAnExpectedFailure() throws {
        let parsed = try parse(
            """
            ◇ Test run started.
            ◇ Test known() started.
            ━ Test known() recorded a known issue at LibTests.swift:9:43: Expectation failed: (add(1, 1) → 2) == 5
            ━ Test known() passed after 0.015 seconds with 1 known issue.
            ✔ Test run with 1 test passed after 0.016 seconds with 1 known issue.
            """)
        let test = try #require(parsed.results.first)
        #expect(test.status == .expectedFailure)
        #expect(test.failures.isEmpty)
        #expect(parsed.unrecognizedLineCount == 0)
        #expect(parsed.reconciliation?.agrees == true)
        #expect(RunReport.status(of: parsed.results, errors: []) == .passed)
    }

    @Test func anEventStreamKnownIssueIsNotAFailure() throws {
        let stream = [
            SwiftTestingRunPairTests.event("runStarted", at: 0.1),
            SwiftTestingRunPairTests.event("testStarted", "known", at: 0.2),
            SwiftTestingRunPairTests.event("issueRecorded", "known", at: 0.3, "Expectation failed", known: true),
            SwiftTestingRunPairTests.event(
                "testEnded", "known", at: 0.4, "Test known() passed after 0.2 seconds with 1 known issue.",
                symbol: "passWithKnownIssue"),
            SwiftTestingRunPairTests.event(
                "runEnded", at: 0.5, "Test run with 1 test passed after 0.4 seconds with 1 known issue.", symbol: "pass"
            ),
        ].joined(separator: "\n")
        let parsed = try parse(stream, name: "events.jsonl")
        let test = try #require(parsed.results.first)
        #expect(test.status == .expectedFailure)
        #expect(test.failures.isEmpty)
        #expect(test.output.contains { $0.hasPrefix("Known issue: Expectation failed") })
        #expect(parsed.problems.isEmpty)
    }

    @Test func anXcresulttoolKnownIssueMessageStaysWithItsTestAsOutput() throws {
        let json = """
            {"testNodes": [{"nodeType": "Test Plan", "name": "Shop", "result": "Failed", "children": [
              {"nodeType": "Unit test bundle", "name": "ShopTests", "result": "Failed", "children": [
                {"nodeType": "Test Suite", "name": "CartTests", "nodeIdentifier": "CartTests", "result": "Failed", "children": [
                  {"nodeType": "Test Case", "nodeIdentifier": "CartTests/testKnown()", "name": "testKnown()", "result": "Expected Failure",
                   "durationInSeconds": 0.2, "children": [
                    {"nodeType": "Failure Message", "name": "CartTests.swift:9: Bug 42: XCTAssertEqual failed", "result": "Expected Failure"}]},
                  {"nodeType": "Test Case", "nodeIdentifier": "CartTests/testBoth()", "name": "testBoth()", "result": "Failed",
                   "durationInSeconds": 0.1, "children": [
                    {"nodeType": "Failure Message", "name": "CartTests.swift:20: known one", "result": "Expected Failure"},
                    {"nodeType": "Failure Message", "name": "CartTests.swift:21: real one", "result": "Failed"}]}
                ]}]}]}]}
            """
        let mapped = XCResultToolTestMapping.map(
            try JSONDecoder().decode(XCResultToolTestsDocument.self, from: Data(json.utf8)))
        let known = try #require(mapped.tests.first)
        #expect(known.status == .expectedFailure)
        #expect(known.failures.isEmpty)
        #expect(known.output == ["Known issue: CartTests.swift:9: Bug 42: XCTAssertEqual failed"])
        let both = try #require(mapped.tests.last)
        #expect(both.status == .failed)
        #expect(both.failures == [TestFailure(message: "real one", file: "CartTests.swift", line: 21)])
        #expect(both.output == ["Known issue: CartTests.swift:20: known one"])
    }
}
