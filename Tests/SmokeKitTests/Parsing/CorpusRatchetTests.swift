import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// Pins how much of each real log in the shared corpus is understood (read in place, never copied).
/// Lower a number when a rule improves; a higher one is a regression. Skips when the corpus is absent,
/// fails when it is absent under `CI=true` (see `CorpusLocation`).
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct CorpusRatchetTests {

    enum Expectation: Sendable, CustomStringConvertible {
        case parsed(tests: Int, unrecognized: Int)
        /// The log has no usable test output; the error message contains this text.
        case error(String)

        var description: String {
            switch self {
            case .parsed(let tests, let unrecognized): "\(tests) tests, \(unrecognized) unrecognised"
            case .error(let text): "error '\(text)'"
            }
        }
    }

    static let expectations: [(String, Expectation)] = [
        ("xcodebuild/fastlane__scan__boring.log", .parsed(tests: 3, unrecognized: 0)),
        // A log without results says what happened instead, when the log says it (xcbeautify's `❌` compiler error).
        (
            "xcodebuild/fastlane__scan__build_failure.log",
            .error("the build failed before any test ran: Demo/DemoApp.swift:17:9: cannot find 'nonExistentVariable'")
        ),
        (
            "xcodebuild/fastlane__scan__early_testing_failure.log",
            .error(
                """
                test run failed before any test reported a result: TestingTest.app (30033) encountered an error (Early \
                unexpected exit
                """)
        ),
        ("xcodebuild/fastlane__scan__non_parallel_testing_failure.log", .parsed(tests: 18, unrecognized: 0)),
        ("xcodebuild/fastlane__scan__parallel_testing_failure.log", .parsed(tests: 18, unrecognized: 0)),
        // The runner never started on its clone: the two tests come from xcodebuild's `Failing tests:` list.
        ("xcodebuild/fastlane__scan__parallel_testing_failure_2.log", .parsed(tests: 2, unrecognized: 0)),
        ("xcodebuild/fastlane__scan__xcode26_test_execute_failure.log", .parsed(tests: 2, unrecognized: 0)),
        ("xcodebuild/fastlane__scan__xcode26_testing_failure.log", .parsed(tests: 2, unrecognized: 0)),
        ("xcodebuild/marathon__crash_0.log", .parsed(tests: 2, unrecognized: 0)),
        ("xcodebuild/marathon__mixed_0.log", .parsed(tests: 5, unrecognized: 0)),
        ("xcodebuild/marathon__patrol_0.log", .parsed(tests: 26, unrecognized: 0)),
        ("xcodebuild/marathon__patrol_1.log", .parsed(tests: 1, unrecognized: 0)),
        ("xcodebuild/marathon__success_0.log", .parsed(tests: 1, unrecognized: 0)),
        ("xcodebuild/marathon__success_multiple_0.log", .parsed(tests: 2, unrecognized: 0)),
        ("xcodebuild/test_center__AtomicBoy_0_StandardOutputAndStandardError.txt", .parsed(tests: 3, unrecognized: 0)),
        ("xcodebuild/test_center__AtomicBoy_StandardOutputAndStandardError.txt", .parsed(tests: 3, unrecognized: 0)),
        // Colour codes without their ESC bytes and worker prefixes on every line: the runner's error is still read.
        (
            "xcodebuild/test_center__locked_device_log_ansi_worker_prefixed.txt",
            .error("before any test reported a result: BugreportUITests-Runner.app (2835) encountered an error (Early")
        ),
        ("xcodebuild/xcbeautify__MixedTestLog_6_0_macOS.txt", .parsed(tests: 6, unrecognized: 0)),
        ("xcodebuild/xcbeautify__MixedTestLog_xctest_swifttesting_2025.txt", .parsed(tests: 4, unrecognized: 0)),
        ("xcodebuild/xcbeautify__ParallelTestLog.txt", .parsed(tests: 21, unrecognized: 0)),
        ("xcodebuild/xcbeautify__TestLog.txt", .parsed(tests: 85, unrecognized: 0)),
        (
            "xcodebuild/xcbeautify__clean_build_xcode_15_1.txt",
            .error("contains no test output: xcodebuild ended with `** BUILD SUCCEEDED **`: a log without tests")
        ),
        // 113 XCTest + 351 Swift Testing, as the log counts
        ("xcodebuild/xcbeautify__swift_test_log_macOS.txt", .parsed(tests: 464, unrecognized: 0)),
        ("xcodebuild/xcbeautify__test_line_samples_from_unit_tests.txt", .parsed(tests: 23, unrecognized: 15)),
        ("xcodebuild/xcbeautify__xctest_crash_log_bazel.txt", .parsed(tests: 7, unrecognized: 4)),
        (
            "xcodebuild/xcpretty__raw_kiwi_compilation_fail.txt",
            .error(
                """
                the build failed before any test ran: \
                /Users/musalj/code/OSS/ObjectiveSugar/Classes/NSNumber+ObjectiveSugar.m:26:5: error: use of undeclared \
                identifier 'trololo'
                """)
        ),
        ("xcodebuild/xcpretty__raw_kiwi_fail.txt", .parsed(tests: 48, unrecognized: 0)),
        // Two `### SAMPLE_…` headers right after a failure line read as the rest of its message.
        ("xcodebuild/xcpretty__test_line_samples_constants.txt", .parsed(tests: 13, unrecognized: 26)),
        ("xcodebuild/issue_snippets/OCUnit2JUnit_36__perf_measured_xcode6.log", .parsed(tests: 1, unrecognized: 0)),
        (
            "xcodebuild/issue_snippets/WebDriverAgent_521__early_unexpected_exit_test_failed.log",
            .error("before any test reported a result: Test target WebDriverAgentRunner encountered an error (Early")
        ),
        (
            "xcodebuild/issue_snippets/mullvad_pr10274__exceeded_execution_time_allowance.log",
            .parsed(tests: 1, unrecognized: 0)
        ),
        ("xcodebuild/issue_snippets/muter_188__swift_test_macos_crash_signal4.log", .parsed(tests: 2, unrecognized: 0)),
        (
            "xcodebuild/issue_snippets/test_center_79__fastlane_prefixed_ui_timeouts.log",
            .parsed(tests: 0, unrecognized: 6)
        ),
        (
            "xcodebuild/issue_snippets/xcbeautify_486__objc_parallel_failed_on_my_mac.log",
            .parsed(tests: 1, unrecognized: 0)
        ),
        ("xcodebuild/issue_snippets/xcbeautify_4__appkit_parallel_my_mac.log", .parsed(tests: 4, unrecognized: 0)),
        (
            "xcodebuild/issue_snippets/xcbeautify_pr319__mixed_xctest_swifttesting_parallel_my_mac.log",
            .parsed(tests: 3, unrecognized: 0)
        ),
        ("linux-xctest/xcbeautify__MixedTestLog_6_0_Linux.txt", .parsed(tests: 6, unrecognized: 0)),
        (
            "linux-xctest/issue_snippets/swift-nio_83__linux_docker_compose_prefixed_failure.log",
            .parsed(tests: 1, unrecognized: 0)
        ),
        ("swift-testing/swift-testing-docs__console_examples.txt", .parsed(tests: 2, unrecognized: 1)),
        ("swift-testing/xcbeautify__CLITests_gha_log.txt", .parsed(tests: 3, unrecognized: 0)),
        ("swift-testing/xcbeautify__demo_swift_testing_log.txt", .parsed(tests: 3, unrecognized: 0)),
        ("swift-testing/xcbeautify__spi_swift_testing_full_log.txt", .parsed(tests: 4, unrecognized: 0)),
        ("swift-testing/xcbeautify__spi_swift_testing_short_log.txt", .parsed(tests: 4, unrecognized: 0)),
        // A listing, not a run: no `runEnded`, so it is read as far as it goes and the report says it ends early.
        ("swift-testing/eventstream__probe_list_tests.jsonl", .parsed(tests: 0, unrecognized: 0)),
        ("swift-testing/eventstream__probe_run_parameterized.jsonl", .parsed(tests: 2, unrecognized: 0)),
        // One `issueRecorded` record: its test failed, on that line's evidence; the run's end is missing.
        ("swift-testing/swift-evolution__ST0013_issueRecorded_event.jsonl", .parsed(tests: 1, unrecognized: 0)),
        ("misc/test_center__Session-AtomicBoyUITests.log", .parsed(tests: 2, unrecognized: 16)),
        ("xcresult/fastlane__trainer__Xcode16-Mixed-XCTest-SwiftTesting.json", .parsed(tests: 47, unrecognized: 0)),
        ("xcresult/marathon__xcresulttool_testplanrunsummary_1.json", .parsed(tests: 3, unrecognized: 0)),
        ("xcresult/marathon__xcresulttool_get_sample_1.json", .error("ActionsInvocationRecord, which lists no tests")),
        ("xcresult/marathon__xcresulttool_get_sample_2.json", .error("ActionsInvocationRecord, which lists no tests")),
    ]

    /// The log's own totals (`Scripts/corpus-check`): XCTest's `Executed N tests, with M failures` closing each
    /// top-level suite, summed over the log's runs, and Swift Testing's `Test run with N tests`. XCTest counts
    /// executions and failure messages, so a test run twice counts twice and each of its failures once.
    struct OwnTotals: Sendable, CustomStringConvertible {
        var xctestExecutions: Int
        var xctestFailures: Int
        var swiftTestingExecutions: Int

        var description: String {
            "XCTest \(xctestExecutions)/\(xctestFailures), Swift Testing \(swiftTestingExecutions)"
        }
    }

    static let ownTotals: [(String, OwnTotals)] = [
        (
            "xcodebuild/fastlane__scan__boring.log",
            OwnTotals(xctestExecutions: 3, xctestFailures: 0, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/fastlane__scan__non_parallel_testing_failure.log",
            OwnTotals(xctestExecutions: 18, xctestFailures: 1, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/marathon__crash_0.log",
            OwnTotals(xctestExecutions: 2, xctestFailures: 1, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/marathon__mixed_0.log",
            OwnTotals(xctestExecutions: 5, xctestFailures: 2, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/marathon__patrol_0.log",
            OwnTotals(xctestExecutions: 26, xctestFailures: 0, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/marathon__patrol_1.log",
            OwnTotals(xctestExecutions: 1, xctestFailures: 0, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/marathon__success_0.log",
            OwnTotals(xctestExecutions: 1, xctestFailures: 0, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/marathon__success_multiple_0.log",
            OwnTotals(xctestExecutions: 2, xctestFailures: 0, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/test_center__AtomicBoy_0_StandardOutputAndStandardError.txt",
            OwnTotals(xctestExecutions: 3, xctestFailures: 3, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/test_center__AtomicBoy_StandardOutputAndStandardError.txt",
            OwnTotals(xctestExecutions: 3, xctestFailures: 0, swiftTestingExecutions: 0)
        ),
        (
            "xcodebuild/xcbeautify__MixedTestLog_6_0_macOS.txt",
            OwnTotals(xctestExecutions: 4, xctestFailures: 1, swiftTestingExecutions: 2)
        ),
        (
            "xcodebuild/xcbeautify__MixedTestLog_xctest_swifttesting_2025.txt",
            OwnTotals(xctestExecutions: 2, xctestFailures: 0, swiftTestingExecutions: 2)
        ),
        (
            "xcodebuild/xcbeautify__swift_test_log_macOS.txt",
            OwnTotals(xctestExecutions: 113, xctestFailures: 0, swiftTestingExecutions: 351)
        ),
        (
            "xcodebuild/xcpretty__raw_kiwi_fail.txt",
            OwnTotals(xctestExecutions: 48, xctestFailures: 3, swiftTestingExecutions: 0)
        ),
        (
            "linux-xctest/xcbeautify__MixedTestLog_6_0_Linux.txt",
            OwnTotals(xctestExecutions: 4, xctestFailures: 1, swiftTestingExecutions: 2)
        ),
        (
            "swift-testing/xcbeautify__CLITests_gha_log.txt",
            OwnTotals(xctestExecutions: 0, xctestFailures: 0, swiftTestingExecutions: 3)
        ),
        (
            "swift-testing/xcbeautify__demo_swift_testing_log.txt",
            OwnTotals(xctestExecutions: 0, xctestFailures: 0, swiftTestingExecutions: 3)
        ),
        (
            "swift-testing/xcbeautify__spi_swift_testing_full_log.txt",
            OwnTotals(xctestExecutions: 0, xctestFailures: 0, swiftTestingExecutions: 4)
        ),
        (
            "swift-testing/xcbeautify__spi_swift_testing_short_log.txt",
            OwnTotals(xctestExecutions: 0, xctestFailures: 0, swiftTestingExecutions: 4)
        ),
    ]

    @Test(arguments: ownTotals)
    func countsEqualTheLogsOwnTotals(path: String, expected: OwnTotals) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(path)
        let results = try LogParser().parse(files: [file]).results
        let xctest = results.filter { $0.framework == .xctest }
        let swiftTesting = results.filter { $0.framework == .swiftTesting }
        #expect(xctest.reduce(0) { $0 + 1 + $1.attempts.count } == expected.xctestExecutions, "\(path)")
        #expect(
            xctest.reduce(0) { $0 + $1.failures.count + $1.attempts.reduce(0) { $0 + $1.failures.count } }
                == expected.xctestFailures, "\(path)")
        #expect(swiftTesting.reduce(0) { $0 + 1 + $1.attempts.count } == expected.swiftTestingExecutions, "\(path)")
    }

    @Test(arguments: expectations)
    func unrecognisedLinesStayPinned(path: String, expected: Expectation) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(path)
        do {
            let parsed = try LogParser().parse(files: [file])
            guard case .parsed(let tests, let unrecognized) = expected else {
                Issue.record("\(path): parsed \(parsed.results.count) tests, expected \(expected)")
                return
            }
            #expect(parsed.results.count == tests, "\(path)")
            #expect(parsed.unrecognizedLineCount == unrecognized, "\(path)")
        } catch {
            guard case .error(let text) = expected else {
                Issue.record("\(path): \(error.localizedDescription)")
                return
            }
            #expect(error.localizedDescription.contains(text), "\(path)")
        }
    }

    /// Corpus files whose own totals cannot agree with any per-test reading, and why.
    static let reconciliationAllowList: [String: String] = [
        "xcodebuild/xcbeautify__test_line_samples_from_unit_tests.txt":
            "single lines lifted from unit tests, not one run: its Executed lines belong to no test lines beside them",
        "xcodebuild/xcpretty__test_line_samples_constants.txt":
            "single sample lines from a formatter's test constants, not one run",
        "xcodebuild/issue_snippets/test_center_79__fastlane_prefixed_ui_timeouts.log":
            "an excerpt from an issue: the totals line of a 22-test run without the test lines",
        "xcodebuild/xcbeautify__TestLog.txt":
            "two restart lines a formatter's fixture added name tests its run never showed: each is that test's crash",
        "misc/test_center__Session-AtomicBoyUITests.log":
            "a runner session log excerpt: one test appears only as activity lines, and xcodebuild's debug lines repeat the suites",
    ]

    /// Every text input of the corpus: logs, console captures, event streams.
    static var logFiles: [String] {
        let folders = ["xcodebuild", "linux-xctest", "swift-testing", "misc"]
        var paths: [String] = []
        for folder in folders {
            let root = CorpusLocation.file(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in walker where !relative.hasPrefix("expected_") {
                guard relative.hasSuffix(".log") || relative.hasSuffix(".txt") || relative.hasSuffix(".jsonl") else {
                    continue
                }
                paths.append("\(folder)/\(relative)")
            }
        }
        return paths.sorted()
    }

    /// Every corpus file that carries its own totals reconciles with smokerun's counts, or is allow-listed above; a
    /// framework without totals is unverified, never counted as agreeing.
    @Test func everyFileWithItsOwnTotalsReconciles() throws {
        try CorpusLocation.require()
        var reconciled = 0
        for path in Self.logFiles {
            guard let parsed = try? LogParser().parse(files: [CorpusLocation.file(path)]),
                let reconciliation = parsed.reconciliation
            else { continue }
            if Self.reconciliationAllowList[path] != nil { continue }
            #expect(
                reconciliation.differences.isEmpty, "\(path): \(reconciliation.differences.joined(separator: "; "))")
            #expect(reconciliation.agrees == (reconciliation.unverified.isEmpty && reconciliation.differences.isEmpty))
            if reconciliation.agrees { reconciled += 1 }
        }
        #expect(reconciled >= 15, "only \(reconciled) corpus files carried totals; is the corpus complete?")
    }
}
