import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The culprit finder's answer in summary.md and index.html, once it recorded one.
@Suite struct CulpritSectionTests {
    static var report: RunReport {
        var report = ReportFixture.report
        report.culprit = CulpritFinding(
            tests: ["LedgerTests/testTotal"],
            answer: "first failing commit: e4f5a6b 'Round <totals>' (Ada) — found in 4 runs, 3 min", commit: "e4f5a6b",
            testRuns: 4, seconds: 170)
        return report
    }

    @Test func summaryAndReportPageSayTheAnswer() {
        let markdown = MarkdownReport.render(Self.report)
        #expect(
            markdown.contains("### Culprit\n\n`LedgerTests/testTotal`: first failing commit: e4f5a6b"), "\(markdown)")
        let html = HTMLReport.render(Self.report, attachmentContent: { _ in nil })
        #expect(html.contains("<h2>Culprit</h2>"))
        #expect(html.contains("'Round &lt;totals&gt;' (Ada)"), "\(html)")
    }

    @Test func withoutAnAnswerThereIsNoSection() {
        #expect(!MarkdownReport.render(ReportFixture.report).contains("Culprit"))
        #expect(!HTMLReport.render(ReportFixture.report, attachmentContent: { _ in nil }).contains("Culprit"))
    }
}
