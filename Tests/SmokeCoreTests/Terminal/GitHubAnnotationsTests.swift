import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// GitHub Actions workflow commands for failures: one line each, escaped as the Actions toolkit does.
@Suite struct GitHubAnnotationsTests {
    @Test(arguments: HostileText.samples)
    func anAnnotationIsOneLineWithControlsShownEscaped(message: String) {
        let lines = GitHubAnnotations.lines(
            for: HostileText.report(message: message, id: "App.\(message)/t"), relativeTo: nil)
        #expect(lines.count == 1)
        let line = lines.joined()
        #expect(!line.contains("\n") && !line.contains("\r"), "\(line)")
        #expect(HostileText.controls(in: line).isEmpty, "\(line.debugDescription)")
        if message.contains("\u{1B}") { #expect(line.contains(#"\u{1B}"#)) }
    }

    @Test func annotationDataAndPropertiesEscapeAsTheActionsToolkitDoes() {
        let lines = GitHubAnnotations.lines(
            for: HostileText.report(message: "50% done\nnext, a:b", id: "App.Suite/t:1,2"), relativeTo: nil)
        let expected =
            "::error file=Tests/AppTests/Suite.swift,line=42,title=App.Suite/t%3A1%2C2 failed::50%25 done%0Anext, a:b"
        #expect(lines == [expected])
    }

    /// A failure a quarantine covered does not fail the run: a warning titled "quarantined" in the annotations, and
    /// marked with its entry in the terminal's failure lines; another failure stays an error.
    @Test func aQuarantinedFailureIsAWarningAndMarkedInTheTerminal() throws {
        var report = HostileText.report(message: "flaked again", id: "App.Suite/flaky")
        let flaky = try #require(report.tests.first)
        var other = flaky
        other.id = "App.Suite/broken"
        report.tests.append(other)
        let expires = Date(timeIntervalSince1970: 1_796_083_200)
        let entry = QuarantineEntry(test: "App.Suite/fl*", reason: "times out on CI", owner: "ana", expires: expires)
        report.quarantine = QuarantineRecord(active: [entry], tests: [flaky.deviceKey])

        let lines = GitHubAnnotations.lines(for: report, relativeTo: nil)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::warning ") && lines[0].contains("title=App.Suite/flaky failed%2C quarantined::"))
        #expect(lines[1].hasPrefix("::error ") && lines[1].contains("title=App.Suite/broken failed::"))

        let terminal = RunSummary.failureLines(report, style: .plain)
        let marked = try #require(terminal.firstIndex { $0.contains("App.Suite/flaky") })
        #expect(terminal[marked].contains("failed, quarantined"), "\(terminal)")
        #expect(terminal[marked + 2] == "    quarantine: times out on CI — owner ana, until 2026-12-01T00:00:00Z")
        #expect(!terminal.contains { $0.contains("App.Suite/broken") && $0.contains("quarantined") })
    }
}
