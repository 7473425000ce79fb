import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// A made-up run in two test-plan configurations, written both as a bundle database and as the
/// `xcresulttool get test-results tests` JSON Xcode gives for such a run, so the two readings can be
/// compared. Nothing is copied from real bundles; the shapes are Xcode 16's.
///
/// - ShopTests (Swift Testing): `PriceTests/rounds(_:)`, parameterized with `1.005` and `2.675`, retried
///   on failure. In "English" both cases pass (0.1 s, 0.2 s). In "German" `2.675` fails twice:
///   repetition 1 runs 0.1 s + 0.3 s, repetition 2 0.2 s + 0.4 s. Six runs, mean 1.3 / 6 s.
/// - ShopUITests (XCTest): `LaunchTests/testLaunch` in two UI configurations (light/portrait 2 s,
///   dark/landscape right 4 s), in "English" only: mean 3 s.
/// - The action ran from 700000000 to 700000100 (seconds since 2001), Xcode's summary table says
///   2 tests, 1 failed.
enum XCResultConfigurationFixture {
    static let roundsDuration = 1.3 / 6
    static let failure = "Expectation failed: 2.67 == 2.68"
    static let started = Date(timeIntervalSinceReferenceDate: 700_000_000)
    static let finished = Date(timeIntervalSinceReferenceDate: 700_000_100)

    @discardableResult
    static func bundle(at url: URL) throws -> XCResultFixtureBuilder {
        let b = try XCResultFixtureBuilder(at: url)
        let platform = try b.insert(
            "Platforms", ["identifier": "com.apple.platform.iphonesimulator", "userDescription": "iOS Simulator"])
        let device = try b.insert(
            "Devices",
            [
                "platform_fk": platform, "modelName": "iPhone 16", "operatingSystemVersion": "18.2",
                "identifier": "5C0E0000-0000-4000-8000-00000000AB12", "name": "iPhone 16",
            ])
        let destination = try b.insert(
            "RunDestinations", ["name": "iPhone 16", "architecture": "arm64", "device_fk": device])
        let invocation = try b.insert("Invocations", ["scheme": "Shop", "timestamp": 699_999_990.0])
        let plan = try b.insert("TestPlans", ["name": "Shop"])
        let english = try b.insert(
            "TestPlanConfigurations", ["testPlan_fk": plan, "name": "English", "language": "en"])
        let german = try b.insert("TestPlanConfigurations", ["testPlan_fk": plan, "name": "German", "language": "de"])
        let action = try b.insert(
            "Actions",
            [
                "testPlan_fk": plan, "orderInInvocation": 0, "invocation_fk": invocation,
                "runDestination_fk": destination,
                "name": "Test", "started": 700_000_000.0, "finished": 700_000_100.0,
            ])
        let unitTestable = try b.insert("Testables", ["testPlan_fk": plan, "orderInTestPlan": 0, "name": "ShopTests"])
        let uiTestable = try b.insert("Testables", ["testPlan_fk": plan, "orderInTestPlan": 1, "name": "ShopUITests"])
        let prices = try b.insert(
            "TestSuites",
            [
                "identifier": "PriceTests", "testable_fk": unitTestable, "name": "PriceTests",
                "identifierURL": "test://com.apple.xcode/Shop/ShopTests/PriceTests",
            ])
        let launch = try b.insert(
            "TestSuites",
            [
                "identifier": "LaunchTests", "testable_fk": uiTestable, "name": "LaunchTests",
                "identifierURL": "test://com.apple.xcode/Shop/ShopUITests/LaunchTests",
            ])
        let rounds = try b.insert(
            "TestCases",
            [
                "identifier": "PriceTests/rounds(_:)", "name": "rounds(_:)", "testSuite_fk": prices,
                "identifierURL": "test://com.apple.xcode/Shop/ShopTests/PriceTests/rounds(_:)",
            ])
        let amount = try b.insert(
            "Parameters", ["typeName": "Double", "testCase_fk": rounds, "orderInTestCase": 0, "name": "amount"])
        let testLaunch = try b.insert(
            "TestCases",
            [
                "identifier": "LaunchTests/testLaunch", "name": "testLaunch()", "testSuite_fk": launch,
                "identifierURL": "test://com.apple.xcode/Shop/ShopUITests/LaunchTests/testLaunch",
            ])
        let appearance = try b.insert(
            "Parameters", ["label": "XCUIAppearanceMode", "testCase_fk": testLaunch, "orderInTestCase": 0])
        let orientation = try b.insert(
            "Parameters", ["label": "XCUIDeviceOrientation", "testCase_fk": testLaunch, "orderInTestCase": 1])

        // (configuration, [(repetition, [(value, passed, seconds)])])
        let plans: [(Int, [(Int, [(String, Bool, Double)])])] = [
            (english, [(1, [("1.005", true, 0.1), ("2.675", true, 0.2)])]),
            (
                german,
                [
                    (1, [("1.005", true, 0.1), ("2.675", false, 0.3)]),
                    (2, [("1.005", true, 0.2), ("2.675", false, 0.4)]),
                ]
            ),
        ]
        for (order, (configuration, repetitions)) in plans.enumerated() {
            let planRun = try b.insert(
                "TestPlanRuns",
                ["testPlan_fk": plan, "action_fk": action, "orderInAction": order, "configuration_fk": configuration])
            let unitRun = try b.insert(
                "TestableRuns", ["testable_fk": unitTestable, "testPlanRun_fk": planRun, "orderInTestPlanRun": 0])
            let suiteRun = try b.insert(
                "TestSuiteRuns", ["testableRun_fk": unitRun, "testSuite_fk": prices, "orderInParent": 0])
            var position = 0
            for (repetition, cases) in repetitions {
                for (value, passed, seconds) in cases {
                    let policy = try b.insert(
                        "RepetitionPolicies",
                        ["repetition": repetition, "repetitionModeString": "RunRetryOnFailure", "totalRepetitions": 3])
                    let run = try b.insert(
                        "TestCaseRuns",
                        [
                            "result": passed ? "Success" : "Failure", "duration": seconds, "testSuiteRun_fk": suiteRun,
                            "orderInTestSuiteRun": position, "testCase_fk": rounds, "repetitionPolicy_fk": policy,
                        ])
                    position += 1
                    let testValue = try b.insert("TestValues", ["typeName": "Double", "description": value])
                    try b.insert(
                        "Arguments",
                        [
                            "parameter_fk": amount, "testCaseRun_fk": run, "orderInTestCaseRun": 0,
                            "testValue_fk": testValue,
                        ])
                    if !passed {
                        let location = try b.insert(
                            "SourceCodeLocations", ["filePath": "PriceTests.swift", "lineNumber": 20])
                        let context = try b.insert("SourceCodeContexts", ["location_fk": location])
                        try b.insert(
                            "TestIssues",
                            [
                                "compactDescription": failure, "orderInOwner": 0, "testCaseRun_fk": run,
                                "sourceCodeContext_fk": context, "issueType": "Assertion Failure",
                            ])
                    }
                }
            }
            guard configuration == english else { continue }
            let uiRun = try b.insert(
                "TestableRuns", ["testable_fk": uiTestable, "testPlanRun_fk": planRun, "orderInTestPlanRun": 1])
            let launchRun = try b.insert(
                "TestSuiteRuns", ["testableRun_fk": uiRun, "testSuite_fk": launch, "orderInParent": 0])
            // Stored orientation first: the label still reads appearance first, as Xcode shows it.
            for (index, (mode, turn, seconds)) in [("1", "1", 2.0), ("2", "4", 4.0)].enumerated() {
                let run = try b.insert(
                    "TestCaseRuns",
                    [
                        "result": "Success", "duration": seconds, "testSuiteRun_fk": launchRun,
                        "orderInTestSuiteRun": index, "testCase_fk": testLaunch,
                    ])
                let turnValue = try b.insert("TestValues", ["description": turn])
                let modeValue = try b.insert("TestValues", ["description": mode])
                try b.insert(
                    "Arguments",
                    [
                        "parameter_fk": orientation, "testCaseRun_fk": run, "orderInTestCaseRun": 0,
                        "testValue_fk": turnValue,
                    ])
                try b.insert(
                    "Arguments",
                    [
                        "parameter_fk": appearance, "testCaseRun_fk": run, "orderInTestCaseRun": 1,
                        "testValue_fk": modeValue,
                    ])
            }
        }
        // Xcode's own results: the overall row (no configuration, no destination) and per configuration.
        for (testCase, result) in [(rounds, "Failure"), (testLaunch, "Success")] {
            try b.insert("TestCaseResultsByDestinationAndConfiguration", ["result": result, "testCase_fk": testCase])
            try b.insert(
                "TestCaseResultsByDestinationAndConfiguration",
                ["result": result, "destination_fk": destination, "testCase_fk": testCase])
        }
        try b.insert(
            "TestCaseResultsByDestinationAndConfiguration",
            ["configuration_fk": english, "result": "Success", "destination_fk": destination, "testCase_fk": rounds])
        try b.insert(
            "TestCaseResultsByDestinationAndConfiguration",
            ["configuration_fk": german, "result": "Failure", "destination_fk": destination, "testCase_fk": rounds])
        return b
    }

    /// What `xcresulttool get test-results tests` gives for the same run (configurations as
    /// `Test Plan Configuration` nodes, UI configurations as `Arguments` named orientation first).
    static let testsJSON = """
        {"devices": [{"deviceId": "5C0E0000-0000-4000-8000-00000000AB12", "deviceName": "iPhone 16", "modelName": "iPhone 16",
                      "platform": "iOS Simulator", "osVersion": "18.2"}],
         "testPlanConfigurations": [{"configurationId": "1", "configurationName": "English"}, {"configurationId": "2", "configurationName": "German"}],
         "testNodes": [{"nodeType": "Test Plan", "name": "Shop", "children": [
          {"nodeType": "Unit test bundle", "name": "ShopTests", "children": [
            {"nodeType": "Test Suite", "name": "PriceTests", "children": [
              {"nodeType": "Test Case", "nodeIdentifier": "PriceTests/rounds(_:)", "name": "rounds(_:)", "result": "Failed",
               "durationInSeconds": \(roundsDuration), "children": [
                {"nodeType": "Test Plan Configuration", "nodeIdentifier": "1", "name": "English", "result": "Passed", "children": [
                  {"nodeType": "Arguments", "name": "1.005", "result": "Passed"},
                  {"nodeType": "Arguments", "name": "2.675", "result": "Passed"}]},
                {"nodeType": "Test Plan Configuration", "nodeIdentifier": "2", "name": "German", "result": "Failed", "children": [
                  {"nodeType": "Arguments", "name": "1.005", "result": "Passed", "children": [
                    {"nodeType": "Repetition", "nodeIdentifier": "1", "name": "Retry 1", "result": "Passed", "durationInSeconds": 0.1},
                    {"nodeType": "Repetition", "nodeIdentifier": "2", "name": "Retry 2", "result": "Passed", "durationInSeconds": 0.2}]},
                  {"nodeType": "Arguments", "name": "2.675", "result": "Failed", "children": [
                    {"nodeType": "Repetition", "nodeIdentifier": "1", "name": "Retry 1", "result": "Failed", "durationInSeconds": 0.3, "children": [
                      {"nodeType": "Failure Message", "name": "PriceTests.swift:20: \(failure)", "result": "Failed"}]},
                    {"nodeType": "Repetition", "nodeIdentifier": "2", "name": "Retry 2", "result": "Failed", "durationInSeconds": 0.4, "children": [
                      {"nodeType": "Failure Message", "name": "PriceTests.swift:20: \(failure)", "result": "Failed"}]}]}]}]}]}]},
          {"nodeType": "UI test bundle", "name": "ShopUITests", "children": [
            {"nodeType": "Test Suite", "name": "LaunchTests", "children": [
              {"nodeType": "Test Case", "nodeIdentifier": "LaunchTests/testLaunch", "name": "testLaunch", "result": "Passed",
               "durationInSeconds": 3.0, "children": [
                {"nodeType": "Arguments", "name": "1, 1", "result": "Passed"},
                {"nodeType": "Arguments", "name": "4, 2", "result": "Passed"}]}]}]}]}]}
        """
}
