import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The `get test-results tests` tree → smokerun results, over hand-written trees in the real format.
@Suite struct XCResultToolTestMappingTests {
    private func map(_ json: String) throws -> XCResultToolTestMapping.Mapped {
        XCResultToolTestMapping.map(try JSONDecoder().decode(XCResultToolTestsDocument.self, from: Data(json.utf8)))
    }

    /// One bundle `Shop` with one suite holding `cases`.
    private func tree(_ cases: String, bundle: String = "ShopTests", suite: String = "CartTests") -> String {
        """
        {"testNodes": [{"nodeType": "Test Plan", "name": "Shop", "result": "Failed", "children": [
          {"nodeType": "Unit test bundle", "name": "\(bundle)", "result": "Failed", "children": [
            {"nodeType": "Test Suite", "name": "\(suite)", "nodeIdentifier": "\(suite)", "result": "Failed", "children": [\(cases)]}
          ]}
        ]}]}
        """
    }

    @Test func retriedTestThatPassedLastIsPassedAndFlakyWithEveryAttempt() throws {
        let mapped = try map(
            tree(
                """
                {"nodeType": "Test Case", "name": "testTotal()", "nodeIdentifier": "CartTests/testTotal()", "result": "Passed",
                 "durationInSeconds": 0.5, "children": [
                  {"nodeType": "Repetition", "name": "Retry 1", "nodeIdentifier": "1", "result": "Failed", "durationInSeconds": 0.2, "children": [
                    {"nodeType": "Failure Message", "name": "CartTests.swift:12: XCTAssertEqual failed", "result": "Failed"}]},
                  {"nodeType": "Repetition", "name": "Retry 2", "nodeIdentifier": "2", "result": "Passed", "durationInSeconds": 0.3}
                ]}
                """))
        let test = try #require(mapped.tests.first)
        #expect(test.id == "ShopTests.CartTests/testTotal")
        #expect(test.status == .passed)
        #expect(test.flaky)
        #expect(test.failures.isEmpty)
        #expect(test.attempts.map(\.status) == [.failed, .passed])
        #expect(
            test.attempts[0].failures == [
                TestFailure(message: "XCTAssertEqual failed", file: "CartTests.swift", line: 12)
            ])
        #expect(test.durationSeconds == 0.5)
    }

    @Test func testThatFailedEveryRetryReportsItsLastFailure() throws {
        let mapped = try map(
            tree(
                """
                {"nodeType": "Test Case", "name": "testTotal()", "nodeIdentifier": "CartTests/testTotal()", "result": "Failed", "children": [
                  {"nodeType": "Repetition", "nodeIdentifier": "1", "result": "Failed", "children": [
                    {"nodeType": "Failure Message", "name": "CartTests.swift:12: first", "result": "Failed"}]},
                  {"nodeType": "Repetition", "nodeIdentifier": "2", "result": "Failed", "children": [
                    {"nodeType": "Failure Message", "name": "CartTests.swift:13: second", "result": "Failed"}]}
                ]}
                """))
        let test = try #require(mapped.tests.first)
        #expect(test.status == .failed)
        #expect(!test.flaky)
        #expect(test.failures == [TestFailure(message: "second", file: "CartTests.swift", line: 13)])
        #expect(test.attempts.count == 2)
    }

    @Test func aTestListedUnderEachConfigurationIsOneTestWithAnAttemptPerConfiguration() throws {
        func configuration(_ name: String, _ result: String, _ seconds: Double, failure: String?) -> String {
            let children =
                failure.map {
                    #"[{"nodeType": "Failure Message", "name": "CartTests.swift:9: \#($0)", "result": "Failed"}]"#
                } ?? "[]"
            return """
                {"nodeType": "Test Plan Configuration", "nodeIdentifier": "\(name)", "name": "\(name)", "result": "\(result)", "children": [
                  {"nodeType": "Unit test bundle", "name": "ShopTests", "children": [
                    {"nodeType": "Test Suite", "name": "CartTests", "children": [
                      {"nodeType": "Test Case", "nodeIdentifier": "CartTests/testTotal()", "name": "testTotal()", "result": "\(result)",
                       "durationInSeconds": \(seconds), "children": \(children)}]}]}]}
                """
        }
        let mapped = try map(
            """
            {"testNodes": [{"nodeType": "Test Plan", "name": "Shop", "children": [
              \(configuration("English", "Passed", 1.0, failure: nil)), \(configuration("German", "Failed", 3.0, failure: "too long"))]}]}
            """)
        #expect(mapped.tests.count == 1)
        let test = try #require(mapped.tests.first)
        #expect(test.id == "ShopTests.CartTests/testTotal")
        #expect(test.status == .failed)
        #expect(test.durationSeconds == 2.0)
        #expect(test.attempts.map(\.status) == [.passed, .failed])
        // One run in each configuration: neither is a retry of the other.
        #expect(test.attempts.map(\.configuration) == ["English", "German"])
        #expect(test.earlierAttempts.isEmpty && test.tries == 1)
        #expect(test.failures == [TestFailure(message: "too long", file: "CartTests.swift", line: 9)])
        #expect(test.output == ["Configuration English: passed", "Configuration German: failed"])
        #expect(mapped.unrecognizedNodeCount == 0)
    }

    @Test func parameterizedCasesStayInsideOneTest() throws {
        let mapped = try map(
            tree(
                """
                {"nodeType": "Test Case", "name": "Rounds prices", "nodeIdentifier": "PriceTests/rounds(_:)", "result": "Failed",
                 "tags": ["money"], "children": [
                  {"nodeType": "Arguments", "name": "1.005", "result": "Passed"},
                  {"nodeType": "Arguments", "name": "2.675", "result": "Failed", "children": [
                    {"nodeType": "Failure Message", "name": "PriceTests.swift:20: Expectation failed: 2.67 == 2.68", "result": "Failed"}]}
                ]}
                """, bundle: "ShopSwiftTests", suite: "PriceTests"))
        #expect(mapped.tests.count == 1)
        let test = try #require(mapped.tests.first)
        #expect(test.id == "ShopSwiftTests.PriceTests/rounds(_:)")
        #expect(test.framework == .swiftTesting)
        #expect(test.status == .failed)
        // Xcode's message, led by the case that failed, as the database reading leads it.
        #expect(
            test.failures == [
                TestFailure(message: "[2.675] Expectation failed: 2.67 == 2.68", file: "PriceTests.swift", line: 20)
            ])
        #expect(test.output == ["Case (1.005): passed", "Case (2.675): failed"])
    }

    @Test(arguments: [
        ("CartTests/testTotal()", "testTotal()", [String](), "ShopTests.CartTests/testTotal", TestFramework.xctest),
        ("CartTests/testTotal", "testTotal", [], "ShopTests.CartTests/testTotal", .xctest),
        ("CartSuite/addsItem()", "addsItem()", [], "ShopTests.CartSuite/addsItem()", .swiftTesting),
        ("CartSuite/testAdds()", "Adds an item", [], "ShopTests.CartSuite/testAdds()", .swiftTesting),
        ("CartSuite/testTagged()", "testTagged()", ["smoke"], "ShopTests.CartSuite/testTagged()", .swiftTesting),
        ("Outer/Inner/check(value:)", "check(value:)", [], "ShopTests.Outer/Inner/check(value:)", .swiftTesting),
    ])
    func identityFollowsListTestsSpelling(
        identifier: String, name: String, tags: [String], id: String, framework: TestFramework
    ) {
        let node = XCResultToolTestNode(nodeType: "Test Case", nodeIdentifier: identifier, name: name, tags: tags)
        let identity = XCResultToolTestMapping.identity(of: node, module: "ShopTests", suites: [])
        #expect(identity.id == id)
        #expect(identity.framework == framework)
    }

    @Test(arguments: [
        (
            "CartTests.swift:42: XCTAssertTrue failed",
            TestFailure(message: "XCTAssertTrue failed", file: "CartTests.swift", line: 42)
        ),
        ("Caught error: boom: again", TestFailure(message: "Caught error: boom: again")),
        ("Test 'x' skipped: later", TestFailure(message: "Test 'x' skipped: later")),
        ("Cart Tests.swift:4: spaced", TestFailure(message: "Cart Tests.swift:4: spaced")),
    ])
    func failureLocationIsReadFromTheMessage(text: String, expected: TestFailure) {
        #expect(XCResultToolTestMapping.failure(from: text) == expected)
    }

    @Test(arguments: [("6s", 6.0), ("0,011s", 0.011), ("1m 5s", 65.0), ("250ms", 0.25), ("1h 2m", 3720.0)])
    func formattedDurationsAreSeconds(text: String, seconds: Double) throws {
        let parsed = try #require(XCResultToolTestNode.parseDuration(text))
        #expect(abs(parsed - seconds) < 1e-9)
    }

    @Test func unknownNodeTypesAreCountedAndUnknownFieldsIgnored() throws {
        let mapped = try map(
            tree(
                """
                {"nodeType": "Test Case", "name": "testA()", "nodeIdentifier": "CartTests/testA()", "result": "Passed", "brandNew": 1,
                 "durationInSeconds": "not a number", "children": [{"nodeType": "Hologram", "name": "?"}]},
                {"nodeType": "Mystery Group", "children": [
                  {"nodeType": "Test Case", "name": "testB()", "nodeIdentifier": "CartTests/testB()", "result": "Sideways"}]}
                """))
        #expect(mapped.tests.map(\.id) == ["ShopTests.CartTests/testA", "ShopTests.CartTests/testB"])
        #expect(mapped.tests[0].durationSeconds == 0)
        #expect(mapped.unrecognizedNodeCount == 3) // Hologram, Mystery Group, result "Sideways"
    }

    @Test func attachmentDisplayNamesDropTheExportSuffix() {
        #expect(
            XCResultToolAttachmentManifest.displayName("Tip screen_0_6B1D3C2A-5E4F-4A3B-9C8D-7E6F5A4B3C2D.png")
                == "Tip screen.png")
        #expect(XCResultToolAttachmentManifest.displayName("log_file.txt") == "log_file.txt")
    }

    @Test(arguments: [
        (
            "xcresulttool version 23500, schema version: 0.1.0 (legacy commands format version: 3.53)",
            XCResultToolCapability?.some(.testResults)
        ),
        ("xcresulttool version 22608, format version 3.49 (current)", nil),
    ])
    func versionTextTellsTheCapabilityOnlyWhenItCan(text: String, expected: XCResultToolCapability?) {
        #expect(XCResultToolCapability.fromVersion(text) == expected)
    }

    /// Xcode's own `unknown` (it does not know how the test ended), or a result this smokerun does not know, is no
    /// pass: failed, saying why, as the bundle's database reading counts it.
    @Test func aResultXcodeCallsUnknownIsNoPass() throws {
        let mapped = try map(
            tree(
                """
                {"nodeType": "Test Case", "name": "testHangs()", "nodeIdentifier": "CartTests/testHangs()", "result": "unknown"}
                """))
        let test = try #require(mapped.tests.first)
        #expect(test.status == .failed)
        #expect(test.failures.first?.message.contains("Xcode's result for this test is 'unknown'") == true)
    }
}
