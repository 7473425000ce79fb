import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// The made-up run the reader's tests read: an iPhone simulator run of two testables.
///
/// - AppTests (Swift Testing): `CartTests/Checkout/total()` in nested suites, passed;
///   `CartTests/discount(_:)` parameterized, case "10" passed and case "20" failed;
///   `CartTests/later()` skipped with a notice; the free function `freeFunction()`, passed.
/// - AppXCTests (XCTest): `LoginTests/testRetry` failed then passed on retry (flaky);
///   `LoginTests/testKnown` an expected failure; `LoginTests/testScreenshot` passed with three
///   attachments: a PNG (stored as `png` says: plain, or zstd-compressed as Xcode stores it), an
///   uncompressed text with a hostile name, and one whose payload is missing from `Data/`.
enum XCResultFixtures {
    /// Whether the `zstd` program is on PATH: only tests of real decompression need it.
    static let zstdInstalled = ExecutableLocator.find("zstd", path: ProcessInfo.processInfo.environment["PATH"]) != nil

    static let screenshot = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 300))
    static let hostileName = "../../x\u{0}evil.txt"
    static let hostileText = Data("hostile payload\n".utf8)

    /// A bundle as Xcode 15 and older wrote it: an `Info.plist`, no database.
    static func older(at bundle: URL) throws {
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: bundle.appendingPathComponent("Info.plist"))
    }

    @discardableResult
    static func standard(at bundle: URL, png: XCResultFixtureBuilder.PayloadForm = .plain) throws
        -> XCResultFixtureBuilder
    {
        let b = try XCResultFixtureBuilder(at: bundle)
        let platform = try b.insert(
            "Platforms", ["identifier": "com.apple.platform.iphonesimulator", "userDescription": "iOS Simulator"])
        let sdk = try b.insert(
            "SDKs",
            ["identifier": "iphonesimulator18.2", "operatingSystemVersion": "18.2", "name": "Simulator - iOS 18.2"])
        let device = try b.insert(
            "Devices",
            [
                "platform_fk": platform, "modelName": "iPhone SE (3rd generation)", "operatingSystemVersion": "18.2",
                "nativeArchitecture": "arm64", "identifier": "0A1B2C3D-0000-4000-8000-000000000001",
                "operatingSystemVersionWithBuildNumber": "18.2 (22C150)", "name": "iPhone SE (3rd generation)",
                "modelCode": "iPhone14,6",
            ])
        let destination = try b.insert(
            "RunDestinations",
            ["name": "iPhone SE (3rd generation)", "sdk_fk": sdk, "architecture": "arm64", "device_fk": device])
        let tools = try b.insert("DeveloperTools", ["xcodeVersion": "16.2", "xcodeBuildVersion": "16C5032a"])
        let invocation = try b.insert("Invocations", ["scheme": "App"])
        let plan = try b.insert("TestPlans", ["name": "App"])
        let configuration = try b.insert("TestPlanConfigurations", ["testPlan_fk": plan, "name": "Default"])
        let action = try b.insert(
            "Actions",
            [
                "testPlan_fk": plan, "orderInInvocation": 0, "developerTools_fk": tools, "invocation_fk": invocation,
                "runDestination_fk": destination, "name": "Test",
            ])
        let planRun = try b.insert(
            "TestPlanRuns",
            ["testPlan_fk": plan, "action_fk": action, "orderInAction": 0, "configuration_fk": configuration])

        // AppTests: Swift Testing.
        let swiftTestable = try b.insert(
            "Testables", ["testPlan_fk": plan, "orderInTestPlan": 0, "testKind": "app hosted", "name": "AppTests"])
        let swiftRun = try b.insert(
            "TestableRuns", ["testable_fk": swiftTestable, "testPlanRun_fk": planRun, "orderInTestPlanRun": 0])
        let url = "test://com.apple.xcode/App/AppTests"
        let cart = try b.insert(
            "TestSuites",
            [
                "identifier": "CartTests", "testable_fk": swiftTestable, "orderInParent": 0, "name": "CartTests",
                "identifierURL": "\(url)/CartTests",
            ])
        let checkout = try b.insert(
            "TestSuites",
            [
                "identifier": "CartTests/Checkout", "orderInParent": 0, "name": "Checkout", "parentSuite_fk": cart,
                "identifierURL": "\(url)/CartTests/Checkout",
            ])
        let topLevel = try b.insert(
            "TestSuites",
            [
                "identifier": "AppTests/$TopLevelTests", "testable_fk": swiftTestable, "orderInParent": 1,
                "name": "Top-level Tests", "identifierURL": "\(url)/$TopLevelTests",
            ])
        let cartRun = try b.insert(
            "TestSuiteRuns", ["duration": 1.0, "testableRun_fk": swiftRun, "testSuite_fk": cart, "orderInParent": 0])
        let checkoutRun = try b.insert(
            "TestSuiteRuns",
            ["duration": 0.5, "testSuite_fk": checkout, "parentSuiteRun_fk": cartRun, "orderInParent": 0])
        let topLevelRun = try b.insert(
            "TestSuiteRuns",
            ["duration": 0.1, "testableRun_fk": swiftRun, "testSuite_fk": topLevel, "orderInParent": 1])

        let total = try b.insert(
            "TestCases",
            [
                "summary": "Total adds up", "identifier": "CartTests/Checkout/total()", "orderInTestSuite": 0,
                "name": "total()", "testSuite_fk": checkout, "identifierURL": "\(url)/CartTests/Checkout/total()",
            ])
        try b.insert(
            "TestCaseRuns",
            [
                "result": "Success", "duration": 0.25, "testSuiteRun_fk": checkoutRun, "orderInTestSuiteRun": 0,
                "testCase_fk": total,
            ])

        let discount = try b.insert(
            "TestCases",
            [
                "summary": "Discounts", "identifier": "CartTests/discount(_:)", "orderInTestSuite": 1,
                "name": "discount(_:)", "testSuite_fk": cart, "identifierURL": "\(url)/CartTests/discount(_:)",
            ])
        let parameter = try b.insert(
            "Parameters", ["typeName": "Int", "testCase_fk": discount, "orderInTestCase": 0, "name": "percent"])
        for (offset, (value, passed)) in [("10", true), ("20", false)].enumerated() {
            let run = try b.insert(
                "TestCaseRuns",
                [
                    "result": passed ? "Success" : "Failure", "duration": 0.125, "testSuiteRun_fk": cartRun,
                    "orderInTestSuiteRun": 1 + offset, "testCase_fk": discount,
                ])
            let testValue = try b.insert(
                "TestValues", ["typeName": "Int", "description": value, "debugDescription": value])
            try b.insert(
                "Arguments",
                ["parameter_fk": parameter, "testCaseRun_fk": run, "orderInTestCaseRun": 0, "testValue_fk": testValue])
            if !passed {
                let location = try b.insert(
                    "SourceCodeLocations", ["filePath": "/src/AppTests/CartTests.swift", "lineNumber": 12])
                let context = try b.insert("SourceCodeContexts", ["location_fk": location])
                try b.insert(
                    "TestIssues",
                    [
                        "compactDescription": "Expectation failed: (price → 80) == 90", "orderInOwner": 0,
                        "testCaseRun_fk": run, "isTopLevelFailure": 1, "sourceCodeContext_fk": context,
                        "issueType": "Assertion Failure",
                    ])
            }
        }

        let later = try b.insert(
            "TestCases",
            [
                "identifier": "CartTests/later()", "orderInTestSuite": 2, "name": "later()", "testSuite_fk": cart,
                "identifierURL": "\(url)/CartTests/later()",
            ])
        let notice = try b.insert(
            "SkipNotices",
            [
                "fileName": "/src/AppTests/CartTests.swift", "lineNumber": 30,
                "message": "Test 'later()' skipped: not yet",
            ])
        try b.insert(
            "TestCaseRuns",
            [
                "result": "Skipped", "duration": 0.0, "testSuiteRun_fk": cartRun, "orderInTestSuiteRun": 3,
                "testCase_fk": later, "skipNotice_fk": notice,
            ])

        let free = try b.insert(
            "TestCases",
            [
                "identifier": "freeFunction()", "orderInTestSuite": 0, "name": "freeFunction()",
                "testSuite_fk": topLevel, "identifierURL": "\(url)/freeFunction()",
            ])
        try b.insert(
            "TestCaseRuns",
            [
                "result": "Success", "duration": 0.01, "testSuiteRun_fk": topLevelRun, "orderInTestSuiteRun": 0,
                "testCase_fk": free,
            ])

        // AppXCTests: XCTest.
        let xcTestable = try b.insert(
            "Testables", ["testPlan_fk": plan, "orderInTestPlan": 1, "testKind": "app hosted", "name": "AppXCTests"])
        let xcRun = try b.insert(
            "TestableRuns", ["testable_fk": xcTestable, "testPlanRun_fk": planRun, "orderInTestPlanRun": 1])
        let xcURL = "test://com.apple.xcode/App/AppXCTests/LoginTests"
        let login = try b.insert(
            "TestSuites",
            [
                "identifier": "LoginTests", "testable_fk": xcTestable, "orderInParent": 0, "name": "LoginTests",
                "identifierURL": xcURL,
            ])
        let loginRun = try b.insert(
            "TestSuiteRuns", ["duration": 3.0, "testableRun_fk": xcRun, "testSuite_fk": login, "orderInParent": 0])

        let retry = try b.insert(
            "TestCases",
            [
                "identifier": "LoginTests/testRetry()", "orderInTestSuite": 0, "name": "testRetry()",
                "testSuite_fk": login, "identifierURL": "\(xcURL)/testRetry",
            ])
        for repetition in 1...2 {
            let policy = try b.insert(
                "RepetitionPolicies",
                ["repetition": repetition, "repetitionModeString": "RunRetryOnFailure", "totalRepetitions": 2])
            let run = try b.insert(
                "TestCaseRuns",
                [
                    "result": repetition == 1 ? "Failure" : "Success", "duration": 0.5, "testSuiteRun_fk": loginRun,
                    "orderInTestSuiteRun": repetition - 1, "testCase_fk": retry, "repetitionPolicy_fk": policy,
                ])
            if repetition == 1 {
                try b.insert(
                    "TestIssues",
                    [
                        "compactDescription": "XCTAssertTrue failed - not logged in", "orderInOwner": 0,
                        "testCaseRun_fk": run, "issueType": "Assertion Failure",
                    ])
            }
        }

        let known = try b.insert(
            "TestCases",
            [
                "identifier": "LoginTests/testKnown()", "orderInTestSuite": 1, "name": "testKnown()",
                "testSuite_fk": login, "identifierURL": "\(xcURL)/testKnown",
            ])
        let knownRun = try b.insert(
            "TestCaseRuns",
            [
                "result": "Expected Failure", "duration": 0.2, "testSuiteRun_fk": loginRun, "orderInTestSuiteRun": 2,
                "testCase_fk": known,
            ])
        let knownIssue = try b.insert(
            "TestIssues",
            [
                "compactDescription": "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")", "orderInOwner": 0,
                "testCaseRun_fk": knownRun, "issueType": "Assertion Failure",
            ])
        try b.insert(
            "ExpectedFailures",
            [
                "orderInOwner": 0, "failureReason": "Bug 42: rounding", "issue_fk": knownIssue,
                "testCaseRun_fk": knownRun,
            ])

        let shot = try b.insert(
            "TestCases",
            [
                "identifier": "LoginTests/testScreenshot()", "orderInTestSuite": 2, "name": "testScreenshot()",
                "testSuite_fk": login, "identifierURL": "\(xcURL)/testScreenshot",
            ])
        let shotRun = try b.insert(
            "TestCaseRuns",
            [
                "result": "Success", "duration": 1.5, "testSuiteRun_fk": loginRun, "orderInTestSuiteRun": 3,
                "testCase_fk": shot,
            ])
        let outer = try b.insert("Activities", ["orderInParent": 0, "title": "Open login", "testCaseRun_fk": shotRun])
        let inner = try b.insert("Activities", ["orderInParent": 0, "title": "Take screenshot", "parent_fk": outer])
        try b.insert(
            "Attachments",
            [
                "timestamp": 1.0, "lifetime": "keepAlways", "name": "Login screen",
                "uniformTypeIdentifier": "public.png", "xcResultKitPayloadRefId": "0~png", "activity_fk": inner,
            ])
        try b.insert(
            "Attachments",
            [
                "timestamp": 2.0, "lifetime": "keepAlways", "name": hostileName,
                "uniformTypeIdentifier": "public.plain-text", "xcResultKitPayloadRefId": "0~text", "activity_fk": outer,
            ])
        try b.insert(
            "Attachments",
            [
                "timestamp": 3.0, "lifetime": "keepAlways", "name": "Gone", "uniformTypeIdentifier": "public.png",
                "xcResultKitPayloadRefId": "0~gone", "activity_fk": outer,
            ])
        try b.insert(
            "Attachments",
            [
                "timestamp": 4.0, "lifetime": "keepNever", "name": "kXCTAttachmentLegacySnapshot",
                "xcResultKitPayloadRefId": "0~gone", "activity_fk": outer,
            ])
        try b.payload("0~png", screenshot, form: png)
        try b.payload("0~text", hostileText, form: .plain)
        return b
    }
}
