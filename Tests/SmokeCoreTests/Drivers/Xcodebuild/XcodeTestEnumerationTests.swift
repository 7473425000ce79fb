import Foundation
import Testing

@testable import SmokeCore

/// `-enumerate-tests` JSON and the two test-id forms.
@Suite struct XcodeTestEnumerationTests {
    @Test func enabledTestsBecomeTestCasesOnceEach() throws {
        let json = #"""
            {"errors": [], "values": [{"testPlan": "App", "disabledTests": [{"identifier": "AppTests/AppTests/testOff"}],
              "enabledTests": [{"identifier": "AppTests/AppTests/testA"}, {"identifier": "AppSwiftTests/Suite/b()"},
                               {"identifier": "AppTests/AppTests/testA"}, {"identifier": "AppTests"}, {}]}]}
            """#
        #expect(
            try XcodeTestEnumeration.tests(fromJSON: Data(json.utf8)) == [
                TestCase(id: "AppTests.AppTests/testA", framework: .xctest),
                TestCase(id: "AppSwiftTests.Suite/b()", framework: .swiftTesting),
            ])
        #expect(throws: (any Error).self) { try XcodeTestEnumeration.tests(fromJSON: Data("not json".utf8)) }
    }

    @Test(arguments: [
        ("SmokeAppTests.SmokeAppTests/testA", "SmokeAppTests/SmokeAppTests/testA"),
        ("SmokeAppSwiftTests.TipTests/total()", "SmokeAppSwiftTests/TipTests/total()"),
    ])
    func idsConvertBothWays(id: String, xcode: String) throws {
        #expect(XcodeTestIdentifier.xcode(id) == xcode)
        #expect(try #require(XcodeTestIdentifier.testCase(fromXcode: xcode)).id == id)
    }

    @Test func selectorsCoverTargetsClassesAndMethods() {
        let test = TestCase(id: "SmokeAppTests.SmokeAppTests/testA", framework: .xctest)
        #expect(XcodeTestIdentifier.selector("SmokeAppTests", covers: test))
        #expect(XcodeTestIdentifier.selector("SmokeAppTests/SmokeAppTests", covers: test))
        #expect(XcodeTestIdentifier.selector("SmokeAppTests/SmokeAppTests/testA", covers: test))
        #expect(!XcodeTestIdentifier.selector("SmokeAppTests/SmokeAppTests/testAB", covers: test))
        #expect(!XcodeTestIdentifier.selector("SmokeApp", covers: test))
        let swift = TestCase(id: "S.Suite/total()", framework: .swiftTesting)
        #expect(XcodeTestIdentifier.selector("S/Suite/total", covers: swift))
    }
}
