import Testing
@testable import SmokeKit

@Suite struct MarkdownReportTests {
    @Test func matchesGoldenFile() {
        assertSnapshot(MarkdownReport.render(ReportFixture.report), named: "summary.md")
    }

    @Test func minimalPassingRunMatchesGoldenFile() {
        assertSnapshot(MarkdownReport.render(ReportFixture.minimalReport), named: "summary-minimal.md")
    }

    @Test func pipesInMessagesDoNotAddTableColumns() throws {
        let text = MarkdownReport.render(ReportFixture.report)
        let row = try #require(text.split(separator: "\n").first { $0.contains("testRounding") })
        // Unescaped pipes delimit cells: 4 columns means 5 of them.
        var unescaped = 0
        var previous: Character = " "
        for character in row {
            if character == "|" && previous != "\\" { unescaped += 1 }
            previous = character
        }
        #expect(unescaped == 5)
    }

    @Test func failuresComeBeforeFlakyAndCoverage() throws {
        let text = MarkdownReport.render(ReportFixture.report)
        let failures = try #require(text.range(of: "### Failures"))
        let flaky = try #require(text.range(of: "### Flaky"))
        let coverage = try #require(text.range(of: "**Coverage**"))
        #expect(failures.lowerBound < flaky.lowerBound && flaky.lowerBound < coverage.lowerBound)
    }

    @Test func saysHowToReplayTheSeed() {
        #expect(MarkdownReport.render(ReportFixture.report).contains("`smokerun run smoke --seed 42`"))
    }

    @Test(arguments: [
        ("a|b", "a\\|b"), ("<img src=x>", "&lt;img src=x&gt;"), ("*bold* _it_", "\\*bold\\* \\_it\\_"),
        ("line1\nline2", "line1<br>line2"), ("[link](http://x)", "\\[link\\](http://x)"),
    ])
    func escapesMarkupInTestText(input: String, expected: String) {
        #expect(MarkdownText.escape(input) == expected)
    }

    @Test func codeSpanSurvivesBackticksAndPipes() {
        #expect(MarkdownText.code("a|b") == "`a\\|b`")
        #expect(MarkdownText.code("x`y") == "``x`y``")
        #expect(MarkdownText.code("`x") == "`` `x ``")
    }
}
