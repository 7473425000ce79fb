import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// What `run` prints at the end, on a terminal and in a log.
@Suite struct RunSummaryTests {
    private func transcript(_ report: RunReport, style: TerminalStyle) -> String {
        (RunSummary.failureLines(report, style: style) + [RunSummary.totalsLine(report, style: style)]).joined(
            separator: "\n") + "\n"
    }

    @Test func withoutATerminalTheSummaryIsPlainText() {
        let text = transcript(ReportFixture.report, style: .plain)
        #expect(!text.contains("\u{1B}["))
        assertSnapshot(text, named: "run-summary-plain.txt")
    }

    @Test func onATerminalStatusesAreColoured() {
        let text = transcript(ReportFixture.report, style: TerminalStyle(colors: true))
        #expect(text.contains("\u{1B}[31m✘\u{1B}[0m"))
        assertSnapshot(text, named: "run-summary-tty.txt")
    }

    @Test(arguments: [
        (true, [String: String](), true), (false, [:], false), (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": ""], true), (true, ["TERM": "dumb"], false),
    ])
    func colourOnlyOnATerminalWithoutNoColor(isTerminal: Bool, environment: [String: String], colors: Bool) {
        #expect(TerminalStyle(output: BufferOutput(isTerminal: isTerminal), environment: environment).colors == colors)
    }

    @Test(arguments: [(1, "1 expected failure"), (2, "2 expected failures")])
    func expectedFailuresAreCountedInGoodEnglish(count: Int, expected: String) {
        var report = ReportFixture.minimalReport
        report.tests = (0..<count).map {
            TestResult(
                id: "M.A/t\($0)", name: "t\($0)", suite: "A", framework: .swiftTesting, status: .expectedFailure,
                order: $0 + 1)
        }
        report.totals = Totals(report.tests)
        let line = RunSummary.totalsLine(report, style: .plain)
        #expect(line.contains(expected))
        #expect(line.contains(count == 1 ? "— 1 test:" : "— 2 tests:"))
    }

    @Test func aSuppressedNotificationIsNotWorthALineButAFailedOneIs() {
        let record = { (outcome: NotificationOutcome) in
            NotificationRecord(kind: .failure, format: .slack, target: "https://hooks…", attempts: 1, outcome: outcome)
        }
        #expect(!RunSummary.isWorthShowing(record(.suppressed)))
        #expect(RunSummary.isWorthShowing(record(.delivered)))
        #expect(RunSummary.isWorthShowing(record(.failed)))
        #expect(RunSummary.isWorthShowing(record(.queued)))
    }

    @Test func theProgressLineColoursOnlyTheMarkAndKeepsItsWidth() {
        let test = TestResult(id: "M.A/testA", name: "testA", suite: "A", framework: .xctest, status: .failed, order: 1)
        #expect(ProgressLine.render(test, position: 1, total: 2, width: 80) == "[1/2] A/testA ✘")
        #expect(
            ProgressLine.render(test, position: 1, total: 2, width: 80, style: TerminalStyle(colors: true))
                == "[1/2] A/testA \u{1B}[31m✘\u{1B}[0m")
    }

    @Test(arguments: HostileText.samples)
    func failureLinesOnATerminalShowControlsEscaped(message: String) {
        let lines = RunSummary.failureLines(HostileText.report(message: message, id: "App.\(message)/t"), style: .plain)
        #expect(HostileText.controls(in: lines.joined(separator: "\n")).isEmpty, "\(lines)")
    }
}
