import Testing

@testable import SmokeCore

/// Which test xcodebuild's console shows running: a started test until its own result line.
@Suite struct XcodeRunningTestTests {
    @Test func aStartedTestRunsUntilItsResultLine() {
        let lines = [
            "Test Suite 'SmokeAppTests' started at 2026-11-22 04:00:44.906",
            "Test Case '-[SmokeAppTests.SmokeAppTests testLaunchShowsTipButton]' started.",
            "Test Case '-[SmokeAppTests.SmokeAppTests testLaunchShowsTipButton]' passed (0.412 seconds).",
            "Test Case '-[SmokeAppTests.SmokeAppTests testTipIsRoundedToCents]' started.",
            "some output the test printed",
        ]
        var running: String?
        var seen: [String?] = []
        for line in lines {
            running = XcodeRunningTest.after(line, running: running)
            seen.append(running)
        }
        #expect(
            seen == [
                nil, "SmokeAppTests/testLaunchShowsTipButton", nil, "SmokeAppTests/testTipIsRoundedToCents",
                "SmokeAppTests/testTipIsRoundedToCents",
            ])
        #expect(XcodeCloneLine.matchKey(testID: "SmokeAppTests.SmokeAppTests/testTipIsRoundedToCents") == seen.last)
    }
}
