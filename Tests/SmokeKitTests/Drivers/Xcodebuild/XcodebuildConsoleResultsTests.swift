import Testing

@testable import SmokeCore
@testable import SmokeKit

/// xcodebuild's own output, read line by line: the tests it shows, a test smokerun stopped left to the caller, and a
/// crash the output shows deciding a failure the bundle recorded.
@Suite struct XcodebuildConsoleResultsTests {
    static let lines = [
        "Test Case '-[SmokeAppTests.SmokeAppTests testLaunch]' started.",
        "Test Case '-[SmokeAppTests.SmokeAppTests testLaunch]' passed (0.412 seconds).",
        "Test Case '-[SmokeAppTests.SmokeAppTests testTip]' started.",
        "SmokeAppTests/SmokeAppTests.swift:27: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
        "Restarting after unexpected exit, crash, or test timeout in SmokeAppTests.testTip(); summary will include totals from previous launches.",
        "Test Case '-[SmokeAppTests.SmokeAppTests testHangs]' started.",
    ]

    func read(_ lines: [String], stopped: Bool) -> [TestResult] { readApart(lines, stopped: stopped).ended }

    func readApart(_ lines: [String], stopped: Bool) -> (ended: [TestResult], running: [TestResult]) {
        var console = XcodebuildConsoleResults(source: "output of xcodebuild invocation 1", projectRoot: "/src")
        for line in lines { console.read(line) }
        return console.finish(stopped: stopped)
    }

    @Test func aTestSmokerunStoppedIsLeftToTheCaller() {
        let ended = read(Self.lines, stopped: false)
        #expect(ended.map(\.status) == [.passed, .crashed, .unfinished])
        let stopped = read(Self.lines, stopped: true)
        #expect(stopped.map(\.id) == ["SmokeAppTests.SmokeAppTests/testLaunch", "SmokeAppTests.SmokeAppTests/testTip"])
        #expect(readApart(Self.lines, stopped: true).running.map(\.id) == ["SmokeAppTests.SmokeAppTests/testHangs"])
        #expect(readApart(Self.lines, stopped: false).running.isEmpty)
    }

    @Test func aCrashTheOutputShowsDecidesAFailureTheBundleRecorded() {
        let shown = read(Self.lines, stopped: true)
        var bundle = [
            TestResult(
                id: "SmokeAppTests.SmokeAppTests/testTip", name: "testTip", suite: "SmokeAppTests", framework: .xctest,
                status: .failed, failures: [TestFailure(message: "Crash: SmokeApp (9058) Fatal error")]),
            TestResult(
                id: "SmokeAppTests.SmokeAppTests/testLaunch", name: "testLaunch", suite: "SmokeAppTests",
                framework: .xctest, status: .failed),
        ]
        XcodebuildConsoleResults.refine(&bundle, by: shown)
        #expect(bundle.map(\.status) == [.crashed, .failed])
        #expect(bundle[0].evidence?.source == "output of xcodebuild invocation 1")
        #expect(bundle[0].failures.first?.message == "Crash: SmokeApp (9058) Fatal error")
    }
}
