import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

@Suite struct XcodeCloneLineTests {
    @Test(arguments: [
        (
            "Test case 'ExampleTests.testExample()' failed on 'Clone 1 of iPhone 17 Pro - Example (96789)' (0.474 seconds)",
            "ExampleTests.testExample()", 1
        ),
        (
            "Test case 'UITests.testLogin()' passed on 'Clone 12 of iPad Air 2 - UITests-Runner (97123)' (6.270 seconds)",
            "UITests.testLogin()", 12
        ),
        (
            "Test case 'Suite/function()' skipped on 'Clone 2 of iPhone 16 Pro - xctest (38347)' (0.001 seconds)",
            "Suite/function()", 2
        ),
        (
            "2026-11-22T04:00:41.3190000Z Test case 'A.testB()' passed on 'Clone 3 of iPhone SE - App (1)' (0.1 seconds)",
            "A.testB()", 3
        ),
    ])
    func aResultLineOnACloneNamesTheTestAndTheClone(line: String, name: String, clone: Int) throws {
        let found = try #require(XcodeCloneLine.parse(line))
        #expect(found.name == name)
        #expect(found.clone == clone)
    }

    @Test(arguments: [
        "Test case 'MyTests.testSomething()' passed on 'iPhone 15 Simulator' (0.050 seconds)",
        "Test suite 'ExampleTestTests' started on 'Clone 1 of iPhone 17 Pro - ExampleTest (96789)'",
        "Test Case '-[M.C testA]' passed (0.001 seconds).",
        "Test case 'X.testY()' passed on 'Clone of iPhone' (0.1 seconds)",
    ])
    func otherLinesAreNotCloneResults(line: String) {
        #expect(XcodeCloneLine.parse(line) == nil)
    }

    @Test func consoleNamesAndTestIDsMeetOnClassAndMethod() {
        #expect(XcodeCloneLine.matchKey(consoleName: "SmokeAppTests.testLaunch()") == "SmokeAppTests/testLaunch")
        #expect(XcodeCloneLine.matchKey(testID: "SmokeAppTests.SmokeAppTests/testLaunch") == "SmokeAppTests/testLaunch")
        #expect(
            XcodeCloneLine.matchKey(consoleName: "TipCalculatorTests/totalIncludesTip()")
                == "TipCalculatorTests/totalIncludesTip")
        #expect(
            XcodeCloneLine.matchKey(testID: "SmokeAppSwiftTests.TipCalculatorTests/totalIncludesTip()")
                == "TipCalculatorTests/totalIncludesTip")
    }
}

/// `-parallel-testing-worker-count 2` end to end over the fake xcodebuild: each test's worker is the
/// clone xcodebuild printed for it, its position its place among that clone's results.
@Suite struct XcodeCloneRecordingTests {
    @Test func eachTestRecordsTheCloneThatRanItAndItsPlaceThere() throws {
        let run = try XcodebuildDriverTests().run(scenario: "parallel", workers: 2)
        let tests = Dictionary(uniqueKeysWithValues: run.result.tests.map { ($0.name, $0) })
        #expect(run.result.tests.count == 6)
        for name in ["testLaunchShowsTipButton", "testSplitBillOnIPad", "totalIncludesTip()"] {
            #expect(tests[name]?.worker == 1)
        }
        for name in ["testTipIsRoundedToCents", "testTipScreenScreenshot", "roundingKnownIssue()"] {
            #expect(tests[name]?.worker == 2)
        }
        for worker in [1, 2] {
            let positions = run.result.tests.filter { $0.worker == worker }.compactMap(\.position).sorted()
            #expect(positions == [1, 2, 3])
        }
        // Within one invocation, the order the clone printed them.
        #expect((tests["testLaunchShowsTipButton"]?.position ?? 0) < (tests["testSplitBillOnIPad"]?.position ?? 0))
        #expect((tests["testTipIsRoundedToCents"]?.position ?? 0) < (tests["testTipScreenScreenshot"]?.position ?? 0))
        #expect(run.log.contains { $0.contains("-parallel-testing-worker-count 2") })
    }

    @Test func aSerialRunRecordsNoWorker() throws {
        let run = try XcodebuildDriverTests().run(scenario: "smoke")
        #expect(!run.result.tests.isEmpty)
        #expect(run.result.tests.allSatisfy { $0.worker == nil && $0.position == nil })
    }
}
