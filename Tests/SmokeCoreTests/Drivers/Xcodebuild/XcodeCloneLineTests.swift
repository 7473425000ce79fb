import Foundation
import Testing

@testable import SmokeCore

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
