import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A line of the log that says the run failed — xcodebuild's own verdict — stands when every test smokerun read
/// passed: reconciliation lists it, naming the line, and the run cannot pass. A log whose tests failed, or whose
/// verdict is a success, gains nothing.
@Suite struct ReconciliationVerdictTests {
    private typealias Support = ParsingTestSupport

    /// The report `parse` makes of `text + tail`, with the warnings its disagreements print.
    func parsedReport(_ text: String, then tail: String = "", name: String = "run.log") throws -> (
        RunReport, [String], ParsedLog
    ) {
        let file = try Support.temporaryFile(Data((text + tail).utf8), name: name)
        let parsed = try LogParser().parse(files: [file])
        let tests = parsed.results
        let now = Date(timeIntervalSince1970: 1_767_000_000)
        var report = RunReport(
            pipeline: "parse", runID: "r1", status: RunReport.status(of: tests, errors: []), startedAt: now,
            finishedAt: now, seed: nil, ordering: OrderingRecord(mode: .declared, isolation: .test, seed: nil),
            environment: [:], device: ResolvedDevice(platform: "host"), toolchain: nil, tests: tests)
        report.reconciliation = parsed.reconciliation
        let warnings = report.listDisagreements()
        return (report, warnings, parsed)
    }

    static let passingRun = """
        Test Suite 'All tests' started at 2026-01-02 10:00:00.000
        Test Suite 'CartTests' started at 2026-01-02 10:00:00.000
        Test Case '-[Shop.CartTests testAdd]' started.
        Test Case '-[Shop.CartTests testAdd]' passed (0.001 seconds).
        Test Suite 'CartTests' passed at 2026-01-02 10:00:00.002.
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds
        Test Suite 'All tests' passed at 2026-01-02 10:00:00.002.
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds

        """

    @Test(arguments: ["** TEST FAILED **", "** TEST EXECUTE FAILED **"])
    func aFailureBannerAfterPassingTestsFailsTheRun(_ banner: String) throws {
        let (report, warnings, _) = try parsedReport(Self.passingRun + "\(banner)\n")
        #expect(report.status == .failed)
        let error = try #require(report.errors.first)
        #expect(
            error.message
                == "xcodebuild's own verdict is `\(banner)` (run.log:9), yet no test the input shows failed: the run cannot pass"
        )
        #expect(warnings.contains("smokerun: error: \(error.message)"))
        #expect(report.reconciliation?.agrees == false)
        #expect(report.reconciliation?.disagrees == true)
    }

    /// Bazel ran these tests, then another test target failed to build (its compiler errors, then its summary):
    /// that target's tests never ran. A summary line that passed, or a test's own words, changes nothing.
    @Test(arguments: [
        ("//App:UITests                           FAILED TO BUILD", true),
        ("//App:Tests                             FAILED in 2.1s", true),
        ("//Modules/PaymentSheet:PaymentSheetSnapshotTests_iPhone15_iOS17_arm64_simulator FAILED in 12.3s", true),
        ("//App:Tests (darwin_arm64-fastbuild)    FAILED in 3 out of 3 in 2.1s", true),
        ("@@repo//App:Tests          (1/3 cached) FAILED in 1 out of 3", true),
        ("//App:Tests                                      FAILED", true), ("//App:Tests        NO STATUS", true),
        ("FAIL: //App:Tests (see /tmp/bazel/testlogs/App/Tests/test.log)", true),
        ("//App:Tests                             PASSED in 24.9s", false), ("// FAILED TO BUILD is a comment", false),
        ("//App:Tests                    (cached) PASSED in 0.4s", false),
        ("//App:Tests                             FLAKY, failed in 1 out of 2 in 3.0s", false),
    ])
    func bazelsSummaryOfATargetThatDidNotPassFailsTheRun(line: String, fails: Bool) throws {
        let compileError = "UITests/Pages.swift:64:5: error: expected declaration\n"
        let (report, _, _) = try parsedReport(Self.passingRun + compileError + line + "\n")
        #expect((report.status == .failed) == fails)
        guard fails else { return }
        #expect(
            report.errors.first?.message
                == """
                Bazel's test summary says `\(line.split(separator: " ").joined(separator: " "))` (run.log:10), yet no test the input shows failed: that target's \
                tests did not pass, so the run cannot pass
                """)
    }

    @Test func testingFailedGivesItsReasonsAsTheErrorsDetails() throws {
        let (report, warnings, _) = try parsedReport(
            Self.passingRun,
            then: """

                Testing failed:
                \tShop.app (30007) encountered an error (Early unexpected exit, operation never finished bootstrapping)
                \tTest runner exited before starting test execution.
                ** TEST FAILED **

                """)
        // The app under test crashing at launch says this too: a failure, not an infrastructure error.
        #expect(report.status == .failed)
        let error = try #require(report.errors.first)
        #expect(error.message.hasPrefix("xcodebuild's own verdict is `** TEST FAILED **` (run.log:13), yet no test"))
        #expect(
            error.details == [
                "Shop.app (30007) encountered an error (Early unexpected exit, operation never finished bootstrapping)",
                "Test runner exited before starting test execution.",
            ])
        #expect(warnings.contains("  Test runner exited before starting test execution."))
    }

    /// Each reason xcodebuild gives for a runner that never started its tests makes the run an infrastructure error;
    /// a runner that crashed while testing fails it.
    @Test(arguments: [
        (
            "Test target AppUITests encountered an error (Failed to background test runner. If you believe …)",
            RunStatus.error
        ),
        (
            "Test target AppUITests encountered an error (Timed out registering for testing event accessibility notifications.)",
            .error
        ),
        (
            "AppUITests-Runner encountered an error (Failed to install or launch the test runner. (Underlying Error: …))",
            .error
        ),
        ("Test target AppTests encountered an error (crashed)", .failed),
    ])
    func aRunnerThatNeverTestedIsAnErrorAndOneThatCrashedAFailure(reason: String, status: RunStatus) throws {
        let (report, _, _) = try parsedReport(Self.passingRun + "Testing failed:\n\t\(reason)\n** TEST FAILED **\n")
        #expect(report.status == status)
        #expect(report.errors.first?.details == [reason])
    }

    @Test func testingFailedWithoutABannerIsTheVerdict() throws {
        let (report, _, _) = try parsedReport(
            Self.passingRun + "Testing failed:\n\tTest target ShopTests encountered an error (crashed)\n")
        #expect(report.status == .failed)
        #expect(
            report.errors.first?.message
                == "xcodebuild's own verdict is `Testing failed:` (run.log:9), yet no test the input shows failed: the run cannot pass"
        )
        #expect(report.errors.first?.details == ["Test target ShopTests encountered an error (crashed)"])
    }

    @Test func aSecondRunsFailureBannerAfterTheFirstsSuccessFailsTheRun() throws {
        let (report, _, _) = try parsedReport(
            Self.passingRun,
            then: """
                ** TEST SUCCEEDED **
                Testing started
                2026-01-02 10:01:00.000 xcodebuild[1:2] boot
                ** TEST EXECUTE FAILED **

                """)
        #expect(report.status == .failed)
        #expect(report.errors.first?.message.contains("`** TEST EXECUTE FAILED **` (run.log:12)") == true)
    }

    @Test func aFailingTestExplainsTheBannerAndNothingIsAdded() throws {
        let failing = Self.passingRun.replacingOccurrences(
            of: "Test Case '-[Shop.CartTests testAdd]' passed (0.001 seconds).",
            with: """
                /src/CartTests.swift:3: error: -[Shop.CartTests testAdd] : XCTAssertTrue failed
                Test Case '-[Shop.CartTests testAdd]' failed (0.001 seconds).
                """
        ).replacingOccurrences(of: "with 0 failures", with: "with 1 failure")
        let (report, _, _) = try parsedReport(failing + "** TEST FAILED **\n")
        #expect(report.status == .failed)
        #expect(report.reconciliation?.runFailures == nil)
        #expect(report.errors.isEmpty)
    }

    @Test func aSuccessBannerAndBannersInATestsOutputSayNothing() throws {
        let (report, _, _) = try parsedReport(Self.passingRun + "** TEST SUCCEEDED **\n")
        #expect(report.status == .passed)
        #expect(report.reconciliation?.runFailures == nil)
        // Not a whole line: what a test printed about a banner.
        let (quoted, _, _) = try parsedReport(Self.passingRun + "note: ** TEST FAILED ** was expected\n")
        #expect(quoted.status == .passed)
    }

    @Test func reportsWrittenBeforeRunFailuresExistedStillDecode() throws {
        let json = #"{"sources":[],"agrees":true,"differences":[]}"#
        let decoded = try JSONDecoder().decode(Reconciliation.self, from: Data(json.utf8))
        #expect(decoded.runFailures == nil)
        #expect(decoded.agrees)
    }
}
