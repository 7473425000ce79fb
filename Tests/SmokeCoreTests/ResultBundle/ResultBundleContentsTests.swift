import Testing

@testable import SmokeCore

/// What a result bundle's readers conclude from the tests they read, whichever reader read them.
@Suite struct ResultBundleContentsTests {
    /// Xcode's execution-time allowance, or Swift Testing's `.timeLimit`, stopped the test: the bundle records it
    /// as failed, with that message; smokerun's status for it is `timedOut`, as the console's reading says.
    @Test(arguments: [
        "Test exceeded execution time allowance of 5 minutes. The test may have hung; check Xcode's test report.",
        "Time limit was exceeded: 60.000 seconds",
    ])
    func aTestStoppedAtItsTimeLimitTimedOut(message: String) {
        var contents = ResultBundleContents()
        contents.tests = [
            TestResult(id: "App.A/testHang", name: "testHang", suite: "A", framework: .xctest, status: .failed),
            TestResult(id: "App.A/testAssert", name: "testAssert", suite: "A", framework: .xctest, status: .failed),
        ]
        contents.tests[0].failures = [TestFailure(message: message)]
        contents.tests[1].failures = [TestFailure(message: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")")]
        contents.recordEvidence(bundle: "1.xcresult")
        #expect(contents.tests.map(\.status) == [.timedOut, .failed])
        let evidence = contents.tests[0].evidence?.what ?? ""
        #expect(evidence.hasPrefix("the result bundle records it stopped at its time limit: `"), "\(evidence)")
        #expect(contents.tests[1].evidence?.what == "the result bundle records it as `failed`")
    }
}
