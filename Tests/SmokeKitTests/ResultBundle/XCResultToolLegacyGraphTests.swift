import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The legacy `get --format json` object graph, hand-written in its `_type`/`_value` form, and the reader's
/// fallback to it when `xcresulttool` has no `test-results` commands.
@Suite struct XCResultToolLegacyGraphTests {
    static func string(_ value: String) -> String { #"{"_type": {"_name": "String"}, "_value": "\#(value)"}"# }

    static let record = """
        {"_type": {"_name": "ActionsInvocationRecord"}, "actions": {"_type": {"_name": "Array"}, "_values": [
          {"_type": {"_name": "ActionRecord"},
           "actionResult": {"_type": {"_name": "ActionResult"},
             "testsRef": {"_type": {"_name": "Reference"}, "id": \(string("0~tests"))},
             "issues": {"_type": {"_name": "ResultIssueSummaries"}, "testFailureSummaries": {"_type": {"_name": "Array"}, "_values": [
               {"_type": {"_name": "TestFailureIssueSummary"}, "message": \(string("XCTAssertTrue failed")),
                "testCaseName": \(string("CartTests.testTotal()")),
                "documentLocationInCreatingWorkspace": {"_type": {"_name": "DocumentLocation"},
                  "url": \(string("file:///Users/ci/Shop/CartTests.swift#CharacterRangeLen=0&EndingLineNumber=11&StartingLineNumber=11"))}}
             ]}}},
           "runDestination": {"_type": {"_name": "ActionRunDestinationRecord"}, "displayName": \(string("iPhone 14")),
             "targetDeviceRecord": {"_type": {"_name": "ActionDeviceRecord"}, "name": \(string("iPhone 14")),
               "identifier": \(string("5D002B57-0000-4000-8000-000000000001")), "modelName": \(string("iPhone 14")),
               "operatingSystemVersion": \(string("16.2")), "operatingSystemVersionWithBuildNumber": \(string("16.2 (20C52)")),
               "nativeArchitecture": \(string("x86_64")),
               "platformRecord": {"_type": {"_name": "ActionPlatformRecord"}, "userDescription": \(string("iOS Simulator"))}}}}
        ]}}
        """

    static func metadata(_ identifier: String, _ status: String, _ duration: String) -> String {
        """
        {"_type": {"_name": "ActionTestMetadata"}, "identifier": \(string(identifier)), "name": \(string(identifier.components(separatedBy: "/").last!)),
         "testStatus": \(string(status)), "duration": {"_type": {"_name": "Double"}, "_value": "\(duration)"}}
        """
    }

    static let summaries = """
        {"_type": {"_name": "ActionTestPlanRunSummaries"}, "summaries": {"_type": {"_name": "Array"}, "_values": [
          {"_type": {"_name": "ActionTestPlanRunSummary"}, "testableSummaries": {"_type": {"_name": "Array"}, "_values": [
            {"_type": {"_name": "ActionTestableSummary"}, "name": \(string("ShopTests")), "targetName": \(string("ShopTests")),
             "tests": {"_type": {"_name": "Array"}, "_values": [
               {"_type": {"_name": "ActionTestSummaryGroup"}, "name": \(string("All tests")), "subtests": {"_type": {"_name": "Array"}, "_values": [
                 {"_type": {"_name": "ActionTestSummaryGroup"}, "name": \(string("CartTests")), "subtests": {"_type": {"_name": "Array"}, "_values": [
                   \(metadata("CartTests/testTotal()", "Failure", "0.25")),
                   \(metadata("CartTests/testEmpty()", "Success", "0.5")),
                   \(metadata("CartTests/testLater()", "Skipped", "0"))
                 ]}}
               ]}}
             ]}}
          ]}}
        ]}}
        """

    @Test func testsAreReadWithFailuresJoinedFromTheRecord() throws {
        let invocation = XCResultToolLegacyGraph.invocation(
            from: try JSONSerialization.jsonObject(with: Data(Self.record.utf8)))
        #expect(invocation.testsReferenceIDs == ["0~tests"])
        #expect(invocation.device?.runtime == "iOS 16.2")
        #expect(invocation.device?.runtimeBuild == "20C52")
        let mapped = XCResultToolLegacyGraph.tests(
            from: try JSONSerialization.jsonObject(with: Data(Self.summaries.utf8)), invocation: invocation)
        #expect(
            mapped.tests.map(\.id) == [
                "ShopTests.CartTests/testTotal", "ShopTests.CartTests/testEmpty", "ShopTests.CartTests/testLater",
            ])
        #expect(mapped.tests.map(\.status) == [.failed, .passed, .skipped])
        #expect(
            mapped.tests[0].failures == [
                TestFailure(message: "XCTAssertTrue failed", file: "/Users/ci/Shop/CartTests.swift", line: 12)
            ])
        #expect(mapped.tests[1].durationSeconds == 0.5)
        #expect(mapped.unrecognized == 0)
    }

    @Test func readerFallsBackToTheGraphWhenTheToolHasNoTestResultsCommands() throws {
        let runner = XCResultToolFakeRunner()
        let bundle = "/tmp/Old.xcresult"
        runner.overrides["version"] = XCResultToolFakeRunner.output(
            "xcresulttool version 22608, format version 3.49 (current)")
        runner.overrides["get --help"] = XCResultToolFakeRunner.output(
            "OVERVIEW: Get Result Bundle Object\nOPTIONS: --path --id --format")
        runner.overrides["get --legacy --format json --path \(bundle)"] = XCResultToolFakeRunner.failure(
            "Error: Unknown option '--legacy'")
        runner.overrides["get --format json --path \(bundle)"] = XCResultToolFakeRunner.output(Self.record)
        runner.overrides["get --format json --path \(bundle) --id 0~tests"] = XCResultToolFakeRunner.output(
            Self.summaries)
        let contents = try XCResultToolReader(runner: runner).read(
            bundle: URL(fileURLWithPath: bundle), scratchDirectory: TestScratch.root)
        #expect(contents.tests.count == 3)
        #expect(contents.device?.name == "iPhone 14")
        #expect(!runner.calls.contains { $0.contains("test-results") })
    }

    @Test func theInvocationRecordGivesXcodesCountAndTheRunsTimes() throws {
        let record = """
            {"_type": {"_name": "ActionsInvocationRecord"},
             "metrics": {"_type": {"_name": "ResultMetrics"}, "testsCount": {"_type": {"_name": "Int"}, "_value": "4"},
                         "testsFailedCount": {"_type": {"_name": "Int"}, "_value": "1"}},
             "actions": {"_type": {"_name": "Array"}, "_values": [
               {"_type": {"_name": "ActionRecord"}, "startedTime": {"_type": {"_name": "Date"}, "_value": "2022-12-19T11:03:29.259+1000"},
                "endedTime": {"_type": {"_name": "Date"}, "_value": "2022-12-19T11:04:09.422+1000"}}]}}
            """
        let invocation = XCResultToolLegacyGraph.invocation(
            from: try JSONSerialization.jsonObject(with: Data(record.utf8)))
        #expect(invocation.counts?.tests == 4)
        #expect(invocation.counts?.failures == 1)
        let started = try #require(invocation.startedAt)
        #expect(abs(started.timeIntervalSince1970 - 1_671_411_809.259) < 0.001)
        #expect(invocation.finishedAt.map { abs($0.timeIntervalSince(started) - 40.163) < 0.001 } == true)
    }
}
