import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `swift test --sanitize=…`: AddressSanitizer aborts the process (the running test crashed, with its report's
/// kind); ThreadSanitizer and LeakSanitizer let it go on and exit non-zero at the end (the run fails, the tests keep
/// what they said, and the report names the test it came in).
@Suite struct SanitizerReportTests {
    private func collect(_ lines: [String]) -> ResultCollector {
        ParsingTestSupport.collect(lines: lines, finishing: true)
    }

    @Test func aThreadSanitizerWarningFailsTheRunAndNamesTheTest() throws {
        let collector = collect([
            "Test Case 'RaceTests.testRace' started at 2026-11-29 23:17:15.725",
            "==================",
            "WARNING: ThreadSanitizer: data race (pid=22557)",
            "  Write of size 4 at 0x5556fb5a29c0 by thread T4:",
            "SUMMARY: ThreadSanitizer: data race /src/Sources/CBad/cbad.c:5:74 in worker",
            "Test Case 'RaceTests.testRace' passed (0.13 seconds)",
            "Executed 1 test, with 0 failures (0 unexpected) in 0.13 (0.13) seconds",
            "ThreadSanitizer: reported 1 warnings",
        ])
        #expect(collector.results.map(\.status) == [.passed])
        let report = try #require(collector.crashesOutsideTests.first)
        #expect(report.kind == .sanitizerReport && report.line == 3 && !report.isCrash)
        #expect(report.text == "ThreadSanitizer: data race while RaceTests/testRace ran")
        #expect(collector.crashesOutsideTests.count == 1)
    }

    /// One report is the evidence: a race reported again and again leaves crash lines their room. With several
    /// Swift Testing tests running at once, none is named.
    @Test func theFirstReportAloneIsKeptAndNamesATestOnlyWhenOneRan() throws {
        let race = "WARNING: ThreadSanitizer: data race (pid=1)"
        let repeated = collect(
            ["Test Case 'RaceTests.testRace' started at 2026-11-29 23:17:15.725"] + Array(repeating: race, count: 6)
                + ["Test Case 'RaceTests.testRace' passed (0.1 seconds)", "Fatal error: at exit"])
        #expect(repeated.crashesOutsideTests.map(\.kind) == [.sanitizerReport, .crashAfterTest])
        let concurrent = collect(["◇ Test racy() started.", "◇ Test innocent() started.", race])
        #expect(concurrent.crashesOutsideTests.first?.text == "ThreadSanitizer: data race")
    }

    /// A failing test explains no sanitizer report: it stays listed.
    @Test func aReportStaysBesideAFailingTest() {
        let report = RunFailureEvidence(
            kind: .sanitizerReport, source: "t.log", line: 3, text: "ThreadSanitizer: data race")
        let failing = TestResult(id: "M.C/t", name: "t", suite: "C", framework: .xctest, status: .failed)
        #expect(Reconciliation.compare([], with: [failing], runFailures: [report])?.runFailures == [report])
    }

    @Test func leaksFoundAtExitFailTheRun() throws {
        let collector = collect([
            "Test Case 'MemTests.testA' started at 2026-11-29 23:17:15.725",
            "Test Case 'MemTests.testA' passed (0.001 seconds)",
            "Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds",
            "",
            "=================================================================",
            "==2312==ERROR: LeakSanitizer: detected memory leaks",
            "SUMMARY: AddressSanitizer: 3206 byte(s) leaked in 46 allocation(s).",
        ])
        #expect(collector.results.map(\.status) == [.passed])
        let report = try #require(collector.crashesOutsideTests.first)
        #expect(report.kind == .sanitizerReport && report.text == "LeakSanitizer: detected memory leaks")
    }

    /// A log's tail may hold a report's last line alone: the sanitizer's verdict still fails the run.
    @Test func aReportsSummaryLineAloneFailsTheRun() throws {
        let collector = collect([
            "SUMMARY: AddressSanitizer: 368 byte(s) leaked in 6 allocation(s).",
            "✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.",
        ])
        #expect(
            collector.crashesOutsideTests.map(\.text) == ["AddressSanitizer: 368 byte(s) leaked in 6 allocation(s)."])
    }

    @Test func anAddressSanitizerAbortCrashesTheRunningTestWithItsKind() throws {
        for start in [
            "Test Case 'MemTests.testOverflow' started at 2026-11-29 23:17:15.725", "◇ Test stOverflow() started.",
        ] {
            let collector = collect([
                start,
                "==518==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x55d0c",
                "    #0 0x55d0c in cbad_uaf /src/Sources/CBad/cbad.c:13:10",
                "SUMMARY: AddressSanitizer: heap-use-after-free /src/Sources/CBad/cbad.c:13:10 in cbad_uaf",
                "==518==ABORTING",
            ])
            let crashed = try #require(collector.results.first)
            #expect(crashed.status == .crashed, "\(start)")
            #expect(crashed.failures.first?.message == "AddressSanitizer: heap-use-after-free")
            // Its `SUMMARY:` line is the same report, no second failure.
            #expect(collector.crashesOutsideTests.isEmpty, "\(collector.crashesOutsideTests)")
        }
    }
}
