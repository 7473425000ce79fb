import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A bundle whose known issues hang only off their `ExpectedFailures` rows (the issue row names no test run): they
/// stay with the test that expected them, and none is an issue "outside any test".
@Suite struct XCResultKnownIssueTests {
    @Test func anIssueOwnedByAnExpectedFailureStaysWithItsTest() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Known.xcresult")
        let b = try XCResultFixtureBuilder(at: bundle)
        let plan = try b.insert("TestPlans", ["name": "Shop"])
        let invocation = try b.insert("Invocations", ["scheme": "Shop"])
        let action = try b.insert(
            "Actions", ["testPlan_fk": plan, "orderInInvocation": 0, "invocation_fk": invocation, "name": "Test"])
        let configuration = try b.insert("TestPlanConfigurations", ["testPlan_fk": plan, "name": "Default"])
        let planRun = try b.insert(
            "TestPlanRuns",
            ["testPlan_fk": plan, "action_fk": action, "orderInAction": 0, "configuration_fk": configuration])
        let testable = try b.insert("Testables", ["testPlan_fk": plan, "orderInTestPlan": 0, "name": "ShopTests"])
        let testableRun = try b.insert(
            "TestableRuns", ["testable_fk": testable, "testPlanRun_fk": planRun, "orderInTestPlanRun": 0])
        let suite = try b.insert(
            "TestSuites",
            [
                "identifier": "CartTests", "testable_fk": testable, "name": "CartTests",
                "identifierURL": "test://com.apple.xcode/Shop/ShopTests/CartTests",
            ])
        let suiteRun = try b.insert(
            "TestSuiteRuns", ["testableRun_fk": testableRun, "testSuite_fk": suite, "orderInParent": 0])
        let known = try b.insert(
            "TestCases",
            [
                "identifier": "CartTests/testKnown()", "name": "testKnown()", "testSuite_fk": suite,
                "identifierURL": "test://com.apple.xcode/Shop/ShopTests/CartTests/testKnown",
            ])
        let knownRun = try b.insert(
            "TestCaseRuns",
            [
                "result": "Expected Failure", "duration": 0.2, "testSuiteRun_fk": suiteRun, "orderInTestSuiteRun": 0,
                "testCase_fk": known,
            ])
        let issue = try b.insert(
            "TestIssues",
            [
                "compactDescription": "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")", "orderInOwner": 0,
                "issueType": "Assertion Failure",
            ])
        try b.insert(
            "ExpectedFailures",
            ["orderInOwner": 0, "failureReason": "Bug 42: rounding", "issue_fk": issue, "testCaseRun_fk": knownRun])
        // A suite-level known issue (in a class set-up) and one real suite-level issue, for contrast.
        let suiteKnown = try b.insert(
            "TestIssues",
            [
                "compactDescription": "set-up known to fail", "orderInOwner": 1, "testSuiteRun_fk": suiteRun,
                "issueType": "Assertion Failure",
            ])
        try b.insert(
            "ExpectedFailures",
            ["orderInOwner": 1, "failureReason": "Bug 7", "issue_fk": suiteKnown, "testSuiteRun_fk": suiteRun])
        try b.insert(
            "TestIssues",
            [
                "compactDescription": "tear-down failed", "orderInOwner": 2, "testSuiteRun_fk": suiteRun,
                "issueType": "Assertion Failure",
            ])
        let plain = try b.insert(
            "TestCases",
            [
                "identifier": "CartTests/testPlain()", "name": "testPlain()", "testSuite_fk": suite,
                "identifierURL": "test://com.apple.xcode/Shop/ShopTests/CartTests/testPlain",
            ])
        try b.insert(
            "TestCaseRuns",
            [
                "result": "Success", "duration": 0.1, "testSuiteRun_fk": suiteRun, "orderInTestSuiteRun": 1,
                "testCase_fk": plain,
            ])

        let scratch = folder.url.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let contents = try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: scratch)
        let test = try #require(contents.tests.first { $0.name == "testKnown" })
        #expect(test.status == .expectedFailure)
        #expect(test.failures.isEmpty)
        #expect(test.output.contains { $0.hasPrefix("Known issue: Bug 42: rounding") })
        #expect(contents.tests.first { $0.name == "testPlain" }?.status == .passed)
        // Only the real suite-level issue is listed; no known issue is an error outside any test.
        #expect(contents.issuesOutsideTests == ["Suite CartTests recorded an issue outside any test: tear-down failed"])
        #expect(contents.notes.isEmpty)
    }
}
