import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// `smokerun parse` of saved xcresulttool JSON: format detection and the documents read whole.
@Suite struct ResultDocumentParserTests {
    typealias Support = ParsingTestSupport

    static let testsDocument = """
        {
          "devices" : [ { "deviceName" : "iPhone 15", "osVersion" : "17.5", "platform" : "iOS Simulator" } ],
          "testNodes" : [ { "name" : "Shop", "nodeType" : "Test Plan", "result" : "Failed", "children" : [
            { "name" : "ShopTests", "nodeType" : "Unit test bundle", "result" : "Failed", "children" : [
              { "name" : "CartTests", "nodeType" : "Test Suite", "result" : "Failed", "children" : [
                { "name" : "testTotal()", "nodeIdentifier" : "CartTests/testTotal()", "nodeType" : "Test Case",
                  "result" : "Failed", "durationInSeconds" : 0.25, "children" : [
                  { "name" : "CartTests.swift:12: XCTAssertEqual failed", "nodeType" : "Failure Message", "result" : "Failed" } ] },
                { "name" : "testEmpty()", "nodeIdentifier" : "CartTests/testEmpty()", "nodeType" : "Test Case", "result" : "Passed" },
                { "name" : "?", "nodeType" : "Hologram" }
              ] } ] } ] } ]
        }
        """

    @Test func testResultsDocumentIsDetectedAndMapped() throws {
        let file = try Support.temporaryFile(Data(Self.testsDocument.utf8), name: "tests.json")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.formats == ["xcresultTests"])
        #expect(parsed.results.map(\.id) == ["ShopTests.CartTests/testTotal", "ShopTests.CartTests/testEmpty"])
        #expect(parsed.results.map(\.status) == [.failed, .passed])
        #expect(
            parsed.results[0].failures == [
                TestFailure(message: "XCTAssertEqual failed", file: "CartTests.swift", line: 12)
            ])
        #expect(parsed.unrecognizedLineCount == 1)
        #expect(parsed.lineCount == Self.testsDocument.filter { $0 == "\n" }.count)
    }

    @Test func legacyRunSummariesDocumentIsDetectedAndMapped() throws {
        let file = try Support.temporaryFile(Data(XCResultToolLegacyGraphTests.summaries.utf8), name: "summaries.json")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.formats == ["xcresultLegacy"])
        #expect(parsed.results.map(\.status) == [.failed, .passed, .skipped])
    }

    @Test func legacyInvocationRecordAloneIsRejectedWithTheCommandToRun() throws {
        let file = try Support.temporaryFile(Data(XCResultToolLegacyGraphTests.record.utf8), name: "record.json")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.localizedDescription.contains("ActionsInvocationRecord"))
        #expect(error.localizedDescription.contains("--id"))
        #expect(error.kind == .invalidInput)
    }

    @Test func documentWithoutTestCasesIsAnError() throws {
        let file = try Support.temporaryFile(Data(#"{"devices": [], "testNodes": []}"#.utf8), name: "tests.json")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.localizedDescription.contains("no test cases"))
    }

    @Test func brokenDocumentNamesTheFile() throws {
        let file = try Support.temporaryFile(
            Data(#"{"testNodes": [ {"nodeType": "Test Case", "#.utf8), name: "cut.json")
        let error = try #require(throws: ParseError.self) { try LogParser().parse(files: [file]) }
        #expect(error.localizedDescription.hasPrefix(file.path))
    }

    @Test func savedDocumentAndConsoleLogParseTogether() throws {
        let document = try Support.temporaryFile(Data(Self.testsDocument.utf8), name: "tests.json")
        let log = try Support.temporaryFile(
            Data(
                """
                Test Case 'OtherTests.testA' started at 2026-01-02 10:00:00.000
                Test Case 'OtherTests.testA' passed (0.001 seconds)
                """.utf8))
        let parsed = try LogParser().parse(files: [log, document])
        #expect(parsed.formats == ["console", "xcresultTests"])
        #expect(parsed.results.map(\.order) == [1, 2, 3])
    }

    @Test func anEventStreamIsStillAnEventStream() {
        let line = #"{"kind":"runStarted","payload":{},"version":0}"# + "\n"
        let bytes = Array(line.utf8)
        #expect(bytes.withUnsafeBufferPointer { InputFormatRegistry.standard.detect($0).name } == "eventStream")
    }
}
