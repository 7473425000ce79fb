import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The culprit finder's answer in summary.md and index.html, once it recorded one; before it, the suspects the
/// run's message named.
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

    @Test func summaryAndReportPageListTheSuspectsTheMessageNamed() {
        var report = ReportFixture.report
        let range = CulpritRange(
            good: String(repeating: "a", count: 40), goodRun: "20261122T000000Z-aaaa",
            bad: String(repeating: "e", count: 40), badRun: report.runID)
        let commits = (1...12).map { number in
            CulpritCommit(
                hash: String(repeating: String(number % 10), count: 40), subject: "Change <\(number)>",
                author: "Ada")
        }
        report.suspects = Suspects(range: range, commits: commits)
        let markdown = MarkdownReport.render(report)
        let heading =
            "12 commits aaaaaaa..eeeeeee since run 20261122T000000Z-aaaa, the last in which these tests passed"
        #expect(markdown.contains("### Suspects\n\n\(heading)\n\n"), "\(markdown)")
        #expect(markdown.contains("- 2222222 Change &lt;12&gt; — Ada"), "\(markdown)")
        #expect(markdown.contains("- …and 2 more"), "\(markdown)")
        let html = HTMLReport.render(report, attachmentContent: { _ in nil })
        #expect(html.contains("<h2>Suspects</h2>"))
        #expect(html.contains("<li><code>2222222 Change &lt;12&gt; — Ada</code></li>"), "\(html)")

        // Not in the clone: the range alone, said so.
        report.suspects = Suspects(range: range, commits: nil)
        #expect(MarkdownReport.render(report).contains("the range is not in this clone"))
        report.suspects = nil
        #expect(!MarkdownReport.render(report).contains("Suspects"))
        #expect(!HTMLReport.render(report, attachmentContent: { _ in nil }).contains("Suspects"))
    }
}
