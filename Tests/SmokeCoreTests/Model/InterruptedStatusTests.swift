import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `interrupted` means smokerun was stopped while the test ran: not a failure, not a flake.
@Suite struct InterruptedStatusTests {
    @Test func interruptedIsCountedApartAndFailsNothing() {
        let test = TestResult(
            id: "T.A/test", name: "test", suite: "A", framework: .xctest, status: .interrupted, durationSeconds: 2)
        let totals = Totals([test])
        #expect(totals.interrupted == 1 && totals.failing == 0 && totals.tests == 1)
        #expect(!TestStatus.interrupted.isFailure)
        #expect(RunReport.status(of: [test], errors: []) == .passed)
    }

    @Test func totalsWrittenBeforeInterruptedExistedStillDecode() throws {
        let old =
            #"{"tests":1,"passed":1,"failed":0,"skipped":0,"expectedFailures":0,"crashed":0,"timedOut":0,"flaky":0}"#
        let totals = try JSONDecoder().decode(Totals.self, from: Data(old.utf8))
        #expect(totals.interrupted == 0 && totals.passed == 1)
    }

    @Test func junitShowsItAsSkippedWithTheReason() {
        var report = ReportFixture.report
        report.tests = [
            TestResult(
                id: "T.A/test", name: "test", suite: "A", framework: .xctest, status: .interrupted, durationSeconds: 2)
        ]
        report.totals = Totals(report.tests)
        let xml = JUnitReport.render(report)
        #expect(xml.contains(#"<skipped message="interrupted: smokerun was stopped while this test ran"/>"#))
        #expect(xml.contains(#"skipped="1""#))
        #expect(!xml.contains("<failure"))
    }
}
