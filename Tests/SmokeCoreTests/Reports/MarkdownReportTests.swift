import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

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
        #expect(MarkdownReport.render(ReportFixture.report).contains("`smokerun run Pipelines/smoke.json --seed 42`"))
    }

    @Test func failureLocationsAreProjectRelativeLikeTheSlackMessage() throws {
        var report = ReportFixture.report
        var test = try #require(report.tests.first { $0.status.isFailure })
        test.failures = [
            TestFailure(message: "boom", file: "/home/ci/work/app/Tests/AppTests/CartTests.swift", line: 62)
        ]
        report.tests = [test]
        let text = MarkdownReport.render(report, sources: SourceLinks(projectRoot: "/home/ci/work/app"))
        #expect(text.contains("`Tests/AppTests/CartTests.swift:62`"), "\(text)")
        #expect(!text.contains("/home/ci"), "\(text)")
        // Outside the project: the file's name, never the machine's path.
        test.failures = [TestFailure(message: "boom", file: "/opt/elsewhere/Lib.swift", line: 3)]
        report.tests = [test]
        #expect(
            !MarkdownReport.render(report, sources: SourceLinks(projectRoot: "/home/ci/work/app")).contains("/opt/"))
    }

    @Test func aDisagreementWithTheFrameworkIsAWarningAtTheTop() throws {
        var report = ReportFixture.report
        report.reconciliation = Reconciliation(
            sources: [FrameworkCount(framework: "xctest", tests: 10, failures: 2, from: "console.log:120")],
            differences: ["XCTest executed 10 tests; smokerun counted 9"])
        report.inputs = [
            InputRecord(
                path: "build.log", format: "xctest-log", strippedPrefix: "github-actions-timestamp",
                unrecognizedLines: 1, firstUnrecognizedLine: 7)
        ]
        let text = MarkdownReport.render(report)
        let warning = try #require(text.range(of: "> [!WARNING]"))
        let totals = try #require(text.range(of: "| Tests |"))
        #expect(warning.lowerBound < totals.lowerBound)
        #expect(text.contains("> - XCTest executed 10 tests; smokerun counted 9"))
        #expect(
            text.contains(
                "stripped a `github-actions-timestamp` prefix from each line; 1 line not understood (first: line 7)"))
    }

    @Test func emptyTotalsAreNotAHundredPercentAndSkipReasonsAreListed() {
        let text = MarkdownReport.render(ReportFixture.report)
        #expect(text.contains("branches n/a (0/0)"))
        #expect(text.contains("- `TipCalculatorTests.FeatureTests/disabledFeature()` — Feature flag is off"))
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
