import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The run page as a phone shows it: an error run's error instead of empty tiles; zero tiles hidden below 600 px.
@Suite struct HTMLReportPhoneTests {
    @Test func aRunThatRanNoTestShowsItsErrorNotZeroTilesAndAnEmptyTable() throws {
        var report = ReportFixture.minimalReport
        report.status = .error
        report.tests = []
        report.errors = [
            InfrastructureError(
                message:
                    "the build failed before any test ran: /src/Sources/Shop/Cart.swift:12:21: error: cannot convert")
        ]
        let html = HTMLReport.render(report, attachmentContent: { _ in nil })
        #expect(!html.contains("class=\"count"), "no count tiles")
        #expect(!html.contains("id=\"test-table\""), "no empty test table")
        let error = try #require(html.range(of: "the build failed before any test ran"))
        let note = try #require(html.range(of: "No test ran."))
        #expect(note.lowerBound < error.lowerBound)
        // On a phone, zero tiles of a run with tests are hidden, so the counts fit one line.
        report.status = .passed
        report.errors = []
        report.tests = [TestResult(id: "M.S/t", name: "t", suite: "S", framework: .xctest, status: .passed)]
        let passed = HTMLReport.render(report, attachmentContent: { _ in nil })
        #expect(passed.contains("<div class=\"count zero\"><b>0</b>failed</div>"), "\(passed)")
        #expect(passed.contains(".count.zero{display:none}"))
    }
}
